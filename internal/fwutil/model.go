package fwutil

import (
	"context"
	"fmt"
	"reflect"
	"sync"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// The functions here move values between Terraform data (a configuration,
// plan or state) and model structs, as tfsdk's Get and Set and the
// framework's ObjectValueFrom and As do, for the models this provider
// uses. The framework's reflection parses every struct tag again on every
// call, compiling a regular expression per field (terraform-plugin-framework
// issue 725), which on plans of thousands of resources is a large part of
// the provider's time; here the tags are read once per struct type.
//
// A model is a struct whose fields carry `tfsdk` tags naming attributes.
// A field is an attr.Value type matching its attribute's type (types.String
// for a string, types.Object for an object, timeouts.Value for timeouts,
// and so on), a pointer to a model for an object (nil when null), or a
// slice of models for a list of objects (nil when null). Untagged embedded
// structs add their fields; fields tagged "-" are skipped.

// data is a configuration, plan or state, or an ephemeral resource's
// result.
type data interface {
	tfsdk.Config | tfsdk.Plan | tfsdk.State | tfsdk.EphemeralResultData
}

// Get reads a whole configuration, plan, state or ephemeral resource's
// result into the model target points to.
func Get[D data](ctx context.Context, d D, target any) diag.Diagnostics {
	var diags diag.Diagnostics
	var (
		schema interface{ Type() attr.Type }
		raw    tftypes.Value
	)
	switch d := any(d).(type) {
	case tfsdk.Config:
		schema, raw = d.Schema, d.Raw
	case tfsdk.Plan:
		schema, raw = d.Schema, d.Raw
	case tfsdk.State:
		schema, raw = d.Schema, d.Raw
	case tfsdk.EphemeralResultData:
		schema, raw = d.Schema, d.Raw
	}
	v, err := schema.Type().ValueFromTerraform(ctx, raw)
	if err != nil {
		diags.AddError("Model Read Error", fmt.Sprintf("cannot convert the Terraform value: %s; this is a bug in the provider", err))
		return diags
	}
	obj, ok := v.(basetypes.ObjectValue)
	if !ok {
		diags.AddError("Model Read Error", fmt.Sprintf("the schema's value is a %T, not an object; this is a bug in the provider", v))
		return diags
	}
	return As(obj, target)
}

// Set replaces the whole state with the model src, a struct or a pointer
// to one.
func Set(ctx context.Context, st *tfsdk.State, src any) diag.Diagnostics {
	obj, diags := ObjectFrom(AttrTypes(st.Schema.Type()), src)
	if diags.HasError() {
		return diags
	}
	v, err := obj.ToTerraformValue(ctx)
	if err != nil {
		diags.AddError("Model Write Error", fmt.Sprintf("cannot convert the state: %s; this is a bug in the provider", err))
		return diags
	}
	return st.Set(ctx, v)
}

// ObjectFrom builds an object of the given attribute types from the model
// src, a struct or a pointer to one.
func ObjectFrom(types map[string]attr.Type, src any) (basetypes.ObjectValue, diag.Diagnostics) {
	rv := reflect.Indirect(reflect.ValueOf(src))
	if rv.Kind() != reflect.Struct {
		var diags diag.Diagnostics
		diags.AddError("Model Write Error", fmt.Sprintf("the model must be a struct or a pointer to one, got %T; this is a bug in the provider", src))
		return basetypes.NewObjectUnknown(types), diags
	}
	return objectFrom(types, rv)
}

func objectFrom(types map[string]attr.Type, rv reflect.Value) (basetypes.ObjectValue, diag.Diagnostics) {
	var diags diag.Diagnostics
	fields := fieldsOf(rv.Type())
	vals := make(map[string]attr.Value, len(fields))
	for name, index := range fields {
		v, d := fieldValue(types[name], rv.FieldByIndex(index))
		diags.Append(d...)
		vals[name] = v
	}
	if diags.HasError() {
		return basetypes.NewObjectUnknown(types), diags
	}
	// ObjectValueMust would panic on a mismatch; this reports it.
	obj, d := basetypes.NewObjectValue(types, vals)
	diags.Append(d...)
	return obj, diags
}

// fieldValue is the attribute value of type t a model field holds.
func fieldValue(t attr.Type, f reflect.Value) (attr.Value, diag.Diagnostics) {
	if v, ok := f.Interface().(attr.Value); ok {
		return v, nil
	}
	var diags diag.Diagnostics
	switch {
	case f.Kind() == reflect.Pointer && f.Type().Elem().Kind() == reflect.Struct:
		if ot, ok := t.(basetypes.ObjectType); ok {
			if f.IsNil() {
				return basetypes.NewObjectNull(ot.AttrTypes), nil
			}
			return objectFrom(ot.AttrTypes, f.Elem())
		}
	case f.Kind() == reflect.Slice && f.Type().Elem().Kind() == reflect.Struct:
		if lt, ok := t.(basetypes.ListType); ok {
			if f.IsNil() {
				return basetypes.NewListNull(lt.ElemType), nil
			}
			elems := make([]attr.Value, f.Len())
			for i := range elems {
				e, d := fieldValue(lt.ElemType, f.Index(i).Addr())
				diags.Append(d...)
				elems[i] = e
			}
			if diags.HasError() {
				return basetypes.NewListUnknown(lt.ElemType), diags
			}
			return basetypes.NewListValue(lt.ElemType, elems)
		}
	}
	diags.AddError("Model Write Error", fmt.Sprintf("a field of type %s cannot make a value of type %s; this is a bug in the provider", f.Type(), t))
	return nil, diags
}

// AttrTypes returns the attribute types of an object type, such as a
// nested attribute's; nil makes the conversion that uses them report the
// mismatch.
func AttrTypes(t attr.Type) map[string]attr.Type {
	if o, ok := t.(attr.TypeWithAttributeTypes); ok {
		return o.AttributeTypes()
	}
	return nil
}

// As reads an object into the model target points to. The object must be
// known and not null.
func As(obj basetypes.ObjectValue, target any) diag.Diagnostics {
	var diags diag.Diagnostics
	rv := reflect.ValueOf(target)
	if rv.Kind() != reflect.Pointer || rv.Elem().Kind() != reflect.Struct {
		diags.AddError("Model Read Error", fmt.Sprintf("the target must be a pointer to a struct, got %T; this is a bug in the provider", target))
		return diags
	}
	into(obj, rv.Elem(), &diags)
	return diags
}

func into(obj basetypes.ObjectValue, dst reflect.Value, diags *diag.Diagnostics) {
	if obj.IsNull() || obj.IsUnknown() {
		diags.AddError("Model Read Error", fmt.Sprintf("cannot read a null or unknown object into %s; this is a bug in the provider", dst.Type()))
		return
	}
	attrs := obj.Attributes()
	fields := fieldsOf(dst.Type())
	for name := range attrs {
		if _, ok := fields[name]; !ok {
			diags.AddError("Model Read Error", fmt.Sprintf("%s has no field for attribute %q; this is a bug in the provider", dst.Type(), name))
			return
		}
	}
	for name, index := range fields {
		v, ok := attrs[name]
		if !ok {
			diags.AddError("Model Read Error", fmt.Sprintf("the object has no attribute %q of %s; this is a bug in the provider", name, dst.Type()))
			return
		}
		setField(name, v, dst.FieldByIndex(index), diags)
	}
}

func setField(name string, v attr.Value, f reflect.Value, diags *diag.Diagnostics) {
	switch {
	case reflect.TypeOf(v).AssignableTo(f.Type()):
		f.Set(reflect.ValueOf(v))
		return
	case v.IsUnknown():
		diags.AddError("Model Read Error", fmt.Sprintf("attribute %q is unknown, which field type %s cannot hold; this is a bug in the provider", name, f.Type()))
		return
	case f.Kind() == reflect.Pointer && f.Type().Elem().Kind() == reflect.Struct:
		if obj, ok := v.(basetypes.ObjectValue); ok {
			if obj.IsNull() {
				f.SetZero()
				return
			}
			p := reflect.New(f.Type().Elem())
			into(obj, p.Elem(), diags)
			f.Set(p)
			return
		}
	case f.Kind() == reflect.Slice && f.Type().Elem().Kind() == reflect.Struct:
		if l, ok := v.(basetypes.ListValue); ok {
			if l.IsNull() {
				f.SetZero()
				return
			}
			elems := l.Elements()
			s := reflect.MakeSlice(f.Type(), len(elems), len(elems))
			for i, e := range elems {
				obj, ok := e.(basetypes.ObjectValue)
				if !ok {
					diags.AddError("Model Read Error", fmt.Sprintf("attribute %q holds a %T, not an object; this is a bug in the provider", name, e))
					return
				}
				into(obj, s.Index(i), diags)
			}
			f.Set(s)
			return
		}
	}
	diags.AddError("Model Read Error", fmt.Sprintf("attribute %q is a %T, which field type %s cannot hold; this is a bug in the provider", name, v, f.Type()))
}

// Equal reports whether two models hold the same attribute values, as
// attr.Value's Equal compares them; fields without a tag, which never
// reach Terraform, are not compared. A refresh uses it to tell whether the
// server's answer changes the state, at a fraction of the cost of
// reflect.DeepEqual, which walks every value's internals.
func Equal[M any](a, b *M) bool {
	return equalModels(reflect.ValueOf(a).Elem(), reflect.ValueOf(b).Elem())
}

func equalModels(a, b reflect.Value) bool {
	for _, index := range fieldsOf(a.Type()) {
		if !equalFields(a.FieldByIndex(index), b.FieldByIndex(index)) {
			return false
		}
	}
	return true
}

// equalFields compares two fields of a model type, of the kinds
// fieldValue turns into attribute values.
func equalFields(a, b reflect.Value) bool {
	if v, ok := a.Interface().(attr.Value); ok {
		w, ok := b.Interface().(attr.Value)
		return ok && v.Equal(w)
	}
	switch {
	case a.Kind() == reflect.Pointer && a.Type().Elem().Kind() == reflect.Struct:
		if a.IsNil() || b.IsNil() {
			return a.IsNil() == b.IsNil()
		}
		return equalModels(a.Elem(), b.Elem())
	case a.Kind() == reflect.Slice && a.Type().Elem().Kind() == reflect.Struct:
		if a.IsNil() != b.IsNil() || a.Len() != b.Len() {
			return false
		}
		for i := range a.Len() {
			if !equalModels(a.Index(i), b.Index(i)) {
				return false
			}
		}
		return true
	}
	return reflect.DeepEqual(a.Interface(), b.Interface())
}

// fieldsOf maps the tfsdk tags of a model type to their fields' indexes,
// read once per type.
func fieldsOf(t reflect.Type) map[string][]int {
	if f, ok := modelFields.Load(t); ok {
		if fields, ok := f.(map[string][]int); ok {
			return fields
		}
	}
	fields := map[string][]int{}
	var walk func(t reflect.Type, prefix []int)
	walk = func(t reflect.Type, prefix []int) {
		for i := range t.NumField() {
			sf := t.Field(i)
			index := append(append([]int(nil), prefix...), i)
			tag, tagged := sf.Tag.Lookup("tfsdk")
			switch {
			case sf.Anonymous && !tagged && sf.Type.Kind() == reflect.Struct:
				walk(sf.Type, index)
			case tagged && tag != "-" && sf.IsExported():
				fields[tag] = index
			}
		}
	}
	walk(t, nil)
	modelFields.Store(t, fields)
	return fields
}

var modelFields sync.Map // reflect.Type -> map[string][]int
