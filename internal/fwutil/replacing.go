package fwutil

import (
	"context"
	"fmt"
	"reflect"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types/basetypes"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// attributesReplacing runs the plan modifiers of every attribute and block
// of the schema again, at every depth, as the framework did before the
// resource's ModifyPlan, and returns the paths of those that ask for a
// replacement: the framework shows a resource's ModifyPlan only its own
// replacements, and a ModifyPlan that must not warn of an update about to
// be a replacement needs all of them.
//
// It walks the values as the framework does: a nested attribute's or a
// block's object plan modifiers run on each element of the plan, at
// items[0], tags["k"] or rules[Value(...)], and then its attributes at
// items[0].name; a list's element in the state or the configuration is the
// one at the same index, a map's the one at the same key and, as in the
// framework, a set's the one at the same position; what is missing is null,
// and what is under an unknown value unknown. Nothing runs under a null or
// unknown planned object.
//
// The framework has one plan modifier interface per kind of value (String,
// Bool, Int64, List, Object, Dynamic, ...), each with a request and a
// response of one shape: Path, PathExpression, Config, ConfigValue, Plan,
// PlanValue, State, StateValue and Private; PlanValue, RequiresReplace,
// Private and Diagnostics. So the modifiers of every kind run through one
// path, by reflection, rather than one copy per kind; the unit tests run
// each kind, so that a framework that changed the shape would fail them.
// The modifiers' diagnostics are dropped: the framework's own run reported
// them already.
func attributesReplacing(ctx context.Context, req resource.ModifyPlanRequest, diags *diag.Diagnostics) path.Paths {
	r := replacer{ctx: ctx, req: req, diags: diags}
	s := req.Plan.Schema
	typ := s.Type()
	config, plan, state := r.value(typ, req.Config.Raw), r.value(typ, req.Plan.Raw), r.value(typ, req.State.Raw)
	if diags.HasError() {
		return nil
	}
	walkReplacing(&r, s.GetAttributes(), s.GetBlocks(), path.Empty(), config, plan, state)
	return r.paths
}

// AttributesReplacing is attributesReplacing for the tests of other
// packages: internal/provider checks with it, against the framework's own
// plan, every attribute of every resource that asks for a replacement.
func AttributesReplacing(ctx context.Context, req resource.ModifyPlanRequest) (path.Paths, diag.Diagnostics) {
	var diags diag.Diagnostics
	return attributesReplacing(ctx, req, &diags), diags
}

type replacer struct {
	ctx   context.Context
	req   resource.ModifyPlanRequest
	diags *diag.Diagnostics
	paths path.Paths
}

// walkReplacing asks the attributes and blocks of one object, at p, whose
// configuration, plan and state are c, pl and s. A and B are the
// framework's attribute and block interfaces, which its own packages do not
// export.
func walkReplacing[A, B any](r *replacer, attrs map[string]A, blocks map[string]B, p path.Path, c, pl, s attr.Value) {
	for name, a := range attrs {
		typed, ok := any(a).(schema.Attribute)
		if !ok {
			continue
		}
		ap := p.AtName(name)
		ac, apl, as := r.field(c, name, typed.GetType()), r.field(pl, name, typed.GetType()), r.field(s, name, typed.GetType())
		r.ask(a, ap, ac, apl, as)
		if n, ok := any(a).(schema.NestedAttribute); ok {
			o := n.GetNestedObject()
			r.each(ap, ac, apl, as, func(ep path.Path, ec, epl, es attr.Value) {
				r.ask(o, ep, ec, epl, es)
				if known(epl) {
					walkReplacing(r, o.GetAttributes(), map[string]schema.Block(nil), ep, ec, epl, es)
				}
			})
		}
	}
	for name, b := range blocks {
		typed, ok := any(b).(schema.Block)
		if !ok {
			continue
		}
		bp := p.AtName(name)
		bc, bpl, bs := r.field(c, name, typed.Type()), r.field(pl, name, typed.Type()), r.field(s, name, typed.Type())
		r.ask(b, bp, bc, bpl, bs)
		o := typed.GetNestedObject()
		r.each(bp, bc, bpl, bs, func(ep path.Path, ec, epl, es attr.Value) {
			r.ask(o, ep, ec, epl, es)
			if known(epl) {
				walkReplacing(r, o.GetAttributes(), o.GetBlocks(), ep, ec, epl, es)
			}
		})
	}
}

func known(v attr.Value) bool { return v != nil && !v.IsNull() && !v.IsUnknown() }

// value is raw, a whole configuration, plan or state, as a value of typ.
func (r *replacer) value(typ attr.Type, raw tftypes.Value) attr.Value {
	v, err := typ.ValueFromTerraform(r.ctx, raw)
	if err != nil {
		r.diags.AddError("Cannot read the plan's replacements", err.Error())
	}
	return v
}

// missing is a null of typ, or an unknown when under stands for an unknown
// value.
func (r *replacer) missing(typ attr.Type, under attr.Value) attr.Value {
	var raw any
	if under != nil && under.IsUnknown() {
		raw = tftypes.UnknownValue
	}
	return r.value(typ, tftypes.NewValue(typ.TerraformType(r.ctx), raw))
}

// field is the attribute name of the object v, of type typ.
func (r *replacer) field(v attr.Value, name string, typ attr.Type) attr.Value {
	if o, ok := v.(basetypes.ObjectValuable); ok && known(v) {
		obj, _ := o.ToObjectValue(r.ctx)
		if a, ok := obj.Attributes()[name]; ok {
			return a
		}
	}
	return r.missing(typ, v)
}

// each calls f with each element of the nested value pl (the planned one;
// once for a single nested object), its path, and the elements of c and s
// that the framework pairs with it.
func (r *replacer) each(p path.Path, c, pl, s attr.Value, f func(ep path.Path, ec, epl, es attr.Value)) {
	if !known(pl) {
		return
	}
	switch v := pl.(type) {
	case basetypes.ListValuable:
		list, _ := v.ToListValue(r.ctx)
		typ := list.ElementType(r.ctx)
		for i, e := range list.Elements() {
			f(p.AtListIndex(i), r.listElem(c, i, typ), e, r.listElem(s, i, typ))
		}
	case basetypes.SetValuable:
		set, _ := v.ToSetValue(r.ctx)
		typ := set.ElementType(r.ctx)
		for i, e := range set.Elements() {
			f(p.AtSetValue(e), r.setElem(c, i, typ), e, r.setElem(s, i, typ))
		}
	case basetypes.MapValuable:
		m, _ := v.ToMapValue(r.ctx)
		typ := m.ElementType(r.ctx)
		for k, e := range m.Elements() {
			f(p.AtMapKey(k), r.mapElem(c, k, typ), e, r.mapElem(s, k, typ))
		}
	case basetypes.ObjectValuable:
		f(p, c, pl, s)
	}
}

func (r *replacer) listElem(v attr.Value, i int, typ attr.Type) attr.Value {
	if l, ok := v.(basetypes.ListValuable); ok && known(v) {
		list, _ := l.ToListValue(r.ctx)
		if i < len(list.Elements()) {
			return list.Elements()[i]
		}
	}
	return r.missing(typ, v)
}

func (r *replacer) setElem(v attr.Value, i int, typ attr.Type) attr.Value {
	if s, ok := v.(basetypes.SetValuable); ok && known(v) {
		set, _ := s.ToSetValue(r.ctx)
		if i < len(set.Elements()) {
			return set.Elements()[i]
		}
	}
	return r.missing(typ, v)
}

func (r *replacer) mapElem(v attr.Value, k string, typ attr.Type) attr.Value {
	if m, ok := v.(basetypes.MapValuable); ok && known(v) {
		mv, _ := m.ToMapValue(r.ctx)
		if e, ok := mv.Elements()[k]; ok {
			return e
		}
	}
	return r.missing(typ, v)
}

// ask runs the plan modifiers of x, an attribute, a block or a nested
// object of any kind, on the values at p, and notes p when one asks for a
// replacement. Each modifier gets the plan value that the one before it
// answered, as in the framework.
func (r *replacer) ask(x any, p path.Path, c, pl, s attr.Value) {
	mods := planModifiers(x)
	for i := range mods.Len() {
		m := mods.Index(i)
		run := planModify(m)
		if !run.IsValid() {
			continue
		}
		req := reflect.New(run.Type().In(1)).Elem()
		resp := reflect.New(run.Type().In(2).Elem())
		set := func(v reflect.Value, field string, to any) {
			if f := v.FieldByName(field); f.IsValid() {
				f.Set(reflect.ValueOf(to))
			}
		}
		set(req, "Path", p)
		set(req, "PathExpression", p.Expression())
		set(req, "Config", r.req.Config)
		set(req, "Plan", r.req.Plan)
		set(req, "State", r.req.State)
		set(req, "Private", r.req.Private)
		for field, v := range map[string]attr.Value{"ConfigValue": c, "PlanValue": pl, "StateValue": s} {
			f := req.FieldByName(field)
			if !f.IsValid() {
				continue
			}
			typed, err := r.as(v, f.Type())
			if err != nil {
				r.diags.AddAttributeError(p, "Cannot read the plan's replacements", err.Error())
				return
			}
			f.Set(typed)
		}
		resp.Elem().FieldByName("PlanValue").Set(req.FieldByName("PlanValue"))
		set(resp.Elem(), "Private", r.req.Private)
		run.Call([]reflect.Value{reflect.ValueOf(r.ctx), req, resp})
		if resp.Elem().FieldByName("RequiresReplace").Bool() {
			r.paths.Append(p)
		}
		req.FieldByName("PlanValue").Set(resp.Elem().FieldByName("PlanValue"))
	}
}

// planModifiers is x's list of plan modifiers, of whatever kind: the result
// of its StringPlanModifiers, ListPlanModifiers, ObjectPlanModifiers, ...
// method; an empty list when it has none.
func planModifiers(x any) reflect.Value {
	v := reflect.ValueOf(x)
	for i := range v.NumMethod() {
		m := v.Type().Method(i)
		if strings.HasSuffix(m.Name, "PlanModifiers") && m.Type.NumIn() == 1 && m.Type.NumOut() == 1 && m.Type.Out(0).Kind() == reflect.Slice {
			return v.Method(i).Call(nil)[0]
		}
	}
	return reflect.ValueOf([]any(nil))
}

// planModify is the PlanModifyString, PlanModifyList, ... method of the
// plan modifier m.
func planModify(m reflect.Value) reflect.Value {
	for i := range m.NumMethod() {
		name := m.Type().Method(i).Name
		run := m.Method(i)
		if strings.HasPrefix(name, "PlanModify") && run.Type().NumIn() == 3 && run.Type().In(2).Kind() == reflect.Pointer {
			return run
		}
	}
	return reflect.Value{}
}

// as converts v to typ, the framework's base type of its kind
// (basetypes.StringValue, basetypes.ListValue, ...), through its To<Type>
// method when it is a value of a custom type.
func (r *replacer) as(v attr.Value, typ reflect.Type) (reflect.Value, error) {
	rv := reflect.ValueOf(v)
	if rv.Type().AssignableTo(typ) {
		return rv, nil
	}
	to := rv.MethodByName("To" + typ.Name())
	if !to.IsValid() || to.Type().NumOut() != 2 || !to.Type().Out(0).AssignableTo(typ) {
		return reflect.Value{}, fmt.Errorf("a %T cannot be a %s", v, typ)
	}
	out := to.Call([]reflect.Value{reflect.ValueOf(r.ctx)})
	if d, ok := out[1].Interface().(diag.Diagnostics); ok && d.HasError() {
		r.diags.Append(d...)
		return reflect.Value{}, fmt.Errorf("a %T cannot be a %s", v, typ)
	}
	return out[0], nil
}
