package fwutil

import (
	"context"
	"math/big"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework-timeouts/resource/timeouts"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/dynamicplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/float32planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/float64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int32planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/listplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/mapplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/numberplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/objectplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

// replacingSchema has an attribute of every kind that the framework has,
// each with its kind's RequiresReplace, and nested attributes and blocks
// whose own attributes or objects have it.
func replacingSchema(ctx context.Context) schema.Schema {
	inner := map[string]schema.Attribute{
		"name": schema.StringAttribute{Optional: true, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
		"note": schema.StringAttribute{Optional: true},
	}
	free := map[string]schema.Attribute{"note": schema.StringAttribute{Optional: true}}
	replacingObject := []planmodifier.Object{objectplanmodifier.RequiresReplace()}
	timeoutsBlock, _ := timeouts.Block(ctx, timeouts.Opts{Delete: true}).(schema.SingleNestedBlock)
	timeoutsBlock.PlanModifiers = replacingObject
	return schema.Schema{
		Attributes: map[string]schema.Attribute{
			"bool":    schema.BoolAttribute{Optional: true, PlanModifiers: []planmodifier.Bool{boolplanmodifier.RequiresReplace()}},
			"float32": schema.Float32Attribute{Optional: true, PlanModifiers: []planmodifier.Float32{float32planmodifier.RequiresReplace()}},
			"float64": schema.Float64Attribute{Optional: true, PlanModifiers: []planmodifier.Float64{float64planmodifier.RequiresReplace()}},
			"int32":   schema.Int32Attribute{Optional: true, PlanModifiers: []planmodifier.Int32{int32planmodifier.RequiresReplace()}},
			"int64":   schema.Int64Attribute{Optional: true, PlanModifiers: []planmodifier.Int64{int64planmodifier.RequiresReplace()}},
			"number":  schema.NumberAttribute{Optional: true, PlanModifiers: []planmodifier.Number{numberplanmodifier.RequiresReplace()}},
			"string":  schema.StringAttribute{Optional: true, PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()}},
			"list": schema.ListAttribute{Optional: true, ElementType: types.StringType,
				PlanModifiers: []planmodifier.List{listplanmodifier.RequiresReplace()}},
			"set": schema.SetAttribute{Optional: true, ElementType: types.StringType,
				PlanModifiers: []planmodifier.Set{setplanmodifier.RequiresReplace()}},
			"map": schema.MapAttribute{Optional: true, ElementType: types.StringType,
				PlanModifiers: []planmodifier.Map{mapplanmodifier.RequiresReplace()}},
			"object": schema.ObjectAttribute{Optional: true, AttributeTypes: map[string]attr.Type{"a": types.StringType},
				PlanModifiers: replacingObject},
			"dynamic": schema.DynamicAttribute{Optional: true, PlanModifiers: []planmodifier.Dynamic{dynamicplanmodifier.RequiresReplace()}},
			"single":  schema.SingleNestedAttribute{Optional: true, Attributes: inner},
			"single_replacing": schema.SingleNestedAttribute{Optional: true, Attributes: free,
				PlanModifiers: replacingObject},
			"list_nested": schema.ListNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{Attributes: inner}},
			"list_nested_replacing": schema.ListNestedAttribute{Optional: true,
				NestedObject: schema.NestedAttributeObject{Attributes: free, PlanModifiers: replacingObject}},
			"set_nested": schema.SetNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{Attributes: inner}},
			"map_nested": schema.MapNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{Attributes: inner}},
			"deep": schema.ListNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
				"inner": schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{
					"items": schema.MapNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{Attributes: inner}},
				}},
			}}},
			"free": schema.StringAttribute{Optional: true},
		},
		Blocks: map[string]schema.Block{
			"list_block": schema.ListNestedBlock{NestedObject: schema.NestedBlockObject{
				Attributes: inner,
				Blocks: map[string]schema.Block{
					"set_block": schema.SetNestedBlock{NestedObject: schema.NestedBlockObject{Attributes: inner}},
				},
			}},
			"timeouts": timeoutsBlock,
		},
	}
}

// sampleValue is a known value of typ, every leaf set: to v's string, or
// number, or true when v is 1 and false otherwise. Lists and sets have one
// element, maps one, at "k".
func sampleValue(typ tftypes.Type, v int) tftypes.Value {
	switch t := typ.(type) {
	case tftypes.Object:
		attrs := map[string]tftypes.Value{}
		for name, at := range t.AttributeTypes {
			attrs[name] = sampleValue(at, v)
		}
		return tftypes.NewValue(t, attrs)
	case tftypes.List:
		return tftypes.NewValue(t, []tftypes.Value{sampleValue(t.ElementType, v)})
	case tftypes.Set:
		return tftypes.NewValue(t, []tftypes.Value{sampleValue(t.ElementType, v)})
	case tftypes.Map:
		return tftypes.NewValue(t, map[string]tftypes.Value{"k": sampleValue(t.ElementType, v)})
	}
	switch {
	case typ.Is(tftypes.Number):
		return tftypes.NewValue(typ, big.NewFloat(float64(v)))
	case typ.Is(tftypes.Bool):
		return tftypes.NewValue(typ, v == 1)
	case typ.Is(tftypes.DynamicPseudoType):
		return tftypes.NewValue(tftypes.String, string(rune('a'+v)))
	default:
		return tftypes.NewValue(typ, string(rune('a'+v)))
	}
}

// changedAt is v with the value at p (a path through v's first elements)
// changed to another sample; v itself when p is nil.
func changedAt(t *testing.T, v tftypes.Value, p *tftypes.AttributePath) tftypes.Value {
	t.Helper()
	if p == nil {
		return v
	}
	changed, err := tftypes.Transform(v, func(at *tftypes.AttributePath, old tftypes.Value) (tftypes.Value, error) {
		if at.Equal(p) {
			return sampleValue(old.Type(), 2), nil
		}
		return old, nil
	})
	if err != nil {
		t.Fatal(err)
	}
	return changed
}

// firstSetElement is the first element of the set at p in plan, for the
// path of what is in it.
func firstSetElement(ctx context.Context, t *testing.T, plan tfsdk.Plan, p path.Path) attr.Value {
	t.Helper()
	var v attr.Value
	if d := plan.GetAttribute(ctx, p, &v); d.HasError() {
		t.Fatal(d[0].Summary(), d[0].Detail())
	}
	set, _ := v.(types.Set)
	return set.Elements()[0]
}

func TestAttributesReplacing_everyKind(t *testing.T) {
	ctx := context.Background()
	s := replacingSchema(ctx)
	typ, _ := s.Type().TerraformType(ctx).(tftypes.Object)
	state := sampleValue(typ, 1)
	// setElem is the first element of the set that names lead to, through
	// the first elements of lists on the way.
	setElem := func(v tftypes.Value, names ...string) tftypes.Value {
		for _, name := range names {
			var attrs map[string]tftypes.Value
			if err := v.As(&attrs); err != nil {
				var elems []tftypes.Value
				if err := v.As(&elems); err != nil {
					t.Fatal(err)
				}
				v = elems[0]
				if err := v.As(&attrs); err != nil {
					t.Fatal(err)
				}
			}
			v = attrs[name]
		}
		var elems []tftypes.Value
		if err := v.As(&elems); err != nil {
			t.Fatal(err)
		}
		return elems[0]
	}
	root := tftypes.NewAttributePath
	cases := []struct {
		change *tftypes.AttributePath
		// want is the path reported, after the planned element of the set
		// at setAt when that is set; none: nothing is reported.
		want  path.Path
		setAt path.Path
		none  bool
	}{
		{change: root().WithAttributeName("bool"), want: path.Root("bool")},
		{change: root().WithAttributeName("float32"), want: path.Root("float32")},
		{change: root().WithAttributeName("float64"), want: path.Root("float64")},
		{change: root().WithAttributeName("int32"), want: path.Root("int32")},
		{change: root().WithAttributeName("int64"), want: path.Root("int64")},
		{change: root().WithAttributeName("number"), want: path.Root("number")},
		{change: root().WithAttributeName("string"), want: path.Root("string")},
		{change: root().WithAttributeName("list"), want: path.Root("list")},
		{change: root().WithAttributeName("set"), want: path.Root("set")},
		{change: root().WithAttributeName("map"), want: path.Root("map")},
		{change: root().WithAttributeName("object"), want: path.Root("object")},
		{change: root().WithAttributeName("dynamic"), want: path.Root("dynamic")},
		{change: root().WithAttributeName("single").WithAttributeName("name"), want: path.Root("single").AtName("name")},
		{change: root().WithAttributeName("single").WithAttributeName("note"), none: true},
		{change: root().WithAttributeName("single_replacing").WithAttributeName("note"), want: path.Root("single_replacing")},
		{
			change: root().WithAttributeName("list_nested").WithElementKeyInt(0).WithAttributeName("name"),
			want:   path.Root("list_nested").AtListIndex(0).AtName("name"),
		},
		{change: root().WithAttributeName("list_nested").WithElementKeyInt(0).WithAttributeName("note"), none: true},
		{
			change: root().WithAttributeName("list_nested_replacing").WithElementKeyInt(0).WithAttributeName("note"),
			want:   path.Root("list_nested_replacing").AtListIndex(0),
		},
		{
			change: root().WithAttributeName("set_nested").WithElementKeyValue(setElem(state, "set_nested")).WithAttributeName("name"),
			setAt:  path.Root("set_nested"), want: path.Empty().AtName("name"),
		},
		{
			change: root().WithAttributeName("map_nested").WithElementKeyString("k").WithAttributeName("name"),
			want:   path.Root("map_nested").AtMapKey("k").AtName("name"),
		},
		{
			change: root().WithAttributeName("deep").WithElementKeyInt(0).WithAttributeName("inner").
				WithAttributeName("items").WithElementKeyString("k").WithAttributeName("name"),
			want: path.Root("deep").AtListIndex(0).AtName("inner").AtName("items").AtMapKey("k").AtName("name"),
		},
		{
			change: root().WithAttributeName("list_block").WithElementKeyInt(0).WithAttributeName("name"),
			want:   path.Root("list_block").AtListIndex(0).AtName("name"),
		},
		{
			change: root().WithAttributeName("list_block").WithElementKeyInt(0).WithAttributeName("set_block").
				WithElementKeyValue(setElem(state, "list_block", "set_block")).WithAttributeName("name"),
			setAt: path.Root("list_block").AtListIndex(0).AtName("set_block"), want: path.Empty().AtName("name"),
		},
		{change: root().WithAttributeName("timeouts").WithAttributeName("delete"), want: path.Root("timeouts")},
		{change: root().WithAttributeName("free"), none: true},
		{change: nil, none: true},
	}
	for _, c := range cases {
		planned := changedAt(t, state, c.change)
		plan := tfsdk.Plan{Schema: s, Raw: planned}
		req := resource.ModifyPlanRequest{
			Config: tfsdk.Config{Schema: s, Raw: planned},
			Plan:   plan,
			State:  tfsdk.State{Schema: s, Raw: state},
		}
		got, diags := AttributesReplacing(ctx, req)
		if diags.HasError() {
			t.Fatalf("%s: %v", c.change, diags)
		}
		var want path.Paths
		switch {
		case c.none:
		case len(c.setAt.Steps()) == 0:
			want = path.Paths{c.want}
		default:
			at := c.setAt.AtSetValue(firstSetElement(ctx, t, plan, c.setAt))
			for _, step := range c.want.Steps() {
				name, _ := step.(path.PathStepAttributeName)
				at = at.AtName(string(name))
			}
			want = path.Paths{at}
		}
		if !slices.EqualFunc(got, want, path.Path.Equal) {
			t.Errorf("a change of %s: replacing %v, want %v", c.change, got, want)
		}
	}
}

// TestAttributesReplacing_values checks that a modifier gets the state's,
// the plan's and the configuration's values at its path, as the framework
// gives them, at the top level and in a list's element.
func TestAttributesReplacing_values(t *testing.T) {
	ctx := context.Background()
	// Replaces when the value goes from true to false, as the platform
	// variable's sensitive does.
	stopsBeingTrue := []planmodifier.Bool{boolplanmodifier.RequiresReplaceIf(func(_ context.Context, req planmodifier.BoolRequest, resp *boolplanmodifier.RequiresReplaceIfFuncResponse) {
		resp.RequiresReplace = req.StateValue.ValueBool() && !req.PlanValue.ValueBool() && !req.ConfigValue.ValueBool()
	}, "", "")}
	s := schema.Schema{Attributes: map[string]schema.Attribute{
		"flag": schema.BoolAttribute{Optional: true, PlanModifiers: stopsBeingTrue},
		"items": schema.ListNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
			"flag": schema.BoolAttribute{Optional: true, PlanModifiers: stopsBeingTrue},
		}}},
	}}
	typ, _ := s.Type().TerraformType(ctx).(tftypes.Object)
	item, _ := typ.AttributeTypes["items"].(tftypes.List)
	value := func(flag bool, items ...bool) tftypes.Value {
		elems := []tftypes.Value{}
		for _, f := range items {
			elems = append(elems, tftypes.NewValue(item.ElementType, map[string]tftypes.Value{"flag": tftypes.NewValue(tftypes.Bool, f)}))
		}
		return tftypes.NewValue(typ, map[string]tftypes.Value{"flag": tftypes.NewValue(tftypes.Bool, flag), "items": tftypes.NewValue(item, elems)})
	}
	cases := []struct {
		state, plan tftypes.Value
		want        path.Paths
	}{
		{value(true, true), value(true, true), nil},
		{value(true, true), value(false, true), path.Paths{path.Root("flag")}},
		{value(false, false), value(true, true), nil},
		{value(true, true, false), value(true, false, true), path.Paths{path.Root("items").AtListIndex(0).AtName("flag")}},
		// An element the state does not have is null there.
		{value(true), value(true, false), nil},
	}
	for _, c := range cases {
		req := resource.ModifyPlanRequest{
			Config: tfsdk.Config{Schema: s, Raw: c.plan},
			Plan:   tfsdk.Plan{Schema: s, Raw: c.plan},
			State:  tfsdk.State{Schema: s, Raw: c.state},
		}
		got, diags := AttributesReplacing(ctx, req)
		if diags.HasError() {
			t.Fatal(diags)
		}
		if !slices.EqualFunc(got, c.want, path.Path.Equal) {
			t.Errorf("from %s to %s: replacing %v, want %v", c.state, c.plan, got, c.want)
		}
	}
}
