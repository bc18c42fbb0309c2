package fwutil

import (
	"context"
	"reflect"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"
)

var modelTestSchema = schema.Schema{
	Attributes: map[string]schema.Attribute{
		"name":  schema.StringAttribute{Required: true},
		"count": schema.Int64Attribute{Optional: true},
		"tags":  schema.ListAttribute{Optional: true, ElementType: types.StringType},
		"config": schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{
			"url":    schema.StringAttribute{Optional: true},
			"secret": schema.StringAttribute{Optional: true},
		}},
		"items": schema.ListNestedAttribute{Optional: true, NestedObject: schema.NestedAttributeObject{
			Attributes: map[string]schema.Attribute{"id": schema.StringAttribute{Required: true}},
		}},
		"owner": schema.SingleNestedAttribute{Optional: true, Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{Required: true},
		}},
	},
}

type modelTestItem struct {
	ID types.String `tfsdk:"id"`
}

type modelTestCommon struct {
	Name  types.String `tfsdk:"name"`
	Count types.Int64  `tfsdk:"count"`
}

type modelTestModel struct {
	modelTestCommon
	Tags    types.List      `tfsdk:"tags"`
	Config  types.Object    `tfsdk:"config"`
	Items   []modelTestItem `tfsdk:"items"`
	Owner   *modelTestItem  `tfsdk:"owner"`
	Ignored string          `tfsdk:"-"`
}

var modelTestConfigTypes = AttrTypes(modelTestSchema.Attributes["config"].GetType())

func modelTestModels() map[string]modelTestModel {
	return map[string]modelTestModel{
		"all set": {
			modelTestCommon: modelTestCommon{Name: types.StringValue("a"), Count: types.Int64Value(3)},
			Tags:            types.ListValueMust(types.StringType, nil),
			Config: types.ObjectValueMust(modelTestConfigTypes, map[string]attr.Value{
				"url": types.StringValue("https://x"), "secret": types.StringUnknown(),
			}),
			Items: []modelTestItem{{ID: types.StringValue("1")}, {ID: types.StringValue("2")}},
			Owner: &modelTestItem{ID: types.StringValue("o")},
		},
		"nulls": {
			modelTestCommon: modelTestCommon{Name: types.StringValue("b"), Count: types.Int64Null()},
			Tags:            types.ListNull(types.StringType),
			Config:          types.ObjectNull(modelTestConfigTypes),
		},
		"unknowns": {
			modelTestCommon: modelTestCommon{Name: types.StringUnknown(), Count: types.Int64Unknown()},
			Tags:            types.ListUnknown(types.StringType),
			Config:          types.ObjectUnknown(modelTestConfigTypes),
			Items:           []modelTestItem{},
		},
	}
}

// TestModelMatchesFramework checks that Set writes what the framework's
// reflection writes, and that Get reads back what was written.
func TestModelMatchesFramework(t *testing.T) {
	ctx := context.Background()
	typ := modelTestSchema.Type().TerraformType(ctx)
	for name, m := range modelTestModels() {
		t.Run(name, func(t *testing.T) {
			framework := tfsdk.State{Schema: modelTestSchema, Raw: tftypes.NewValue(typ, nil)}
			if d := framework.Set(ctx, &m); d.HasError() {
				t.Fatalf("framework Set: %v", d)
			}
			ours := tfsdk.State{Schema: modelTestSchema, Raw: tftypes.NewValue(typ, nil)}
			if d := Set(ctx, &ours, &m); d.HasError() {
				t.Fatalf("Set: %v", d)
			}
			if !ours.Raw.Equal(framework.Raw) {
				t.Errorf("Set wrote\n%s\nthe framework\n%s", ours.Raw, framework.Raw)
			}

			var fromPlan, fromState modelTestModel
			if d := Get(ctx, tfsdk.Plan{Schema: modelTestSchema, Raw: framework.Raw}, &fromPlan); d.HasError() {
				t.Fatalf("Get: %v", d)
			}
			if d := Get(ctx, framework, &fromState); d.HasError() {
				t.Fatalf("Get: %v", d)
			}
			var want modelTestModel
			if d := framework.Get(ctx, &want); d.HasError() {
				t.Fatalf("framework Get: %v", d)
			}
			for _, got := range []modelTestModel{fromPlan, fromState} {
				if !reflect.DeepEqual(got, want) {
					t.Errorf("Get read\n%+v\nthe framework\n%+v", got, want)
				}
			}
		})
	}
}

// TestEqual checks that Equal finds two models equal exactly when Set
// would write the same state from them, across models that differ in one
// attribute each, in a nested object, a list of objects or a pointer to
// one, and that fields without a tag do not count.
func TestEqual(t *testing.T) {
	ctx := context.Background()
	typ := modelTestSchema.Type().TerraformType(ctx)
	models := modelTestModels()
	base := models["all set"]
	change := map[string]func(m *modelTestModel){
		"name":       func(m *modelTestModel) { m.Name = types.StringValue("z") },
		"count null": func(m *modelTestModel) { m.Count = types.Int64Null() },
		"nested value": func(m *modelTestModel) {
			m.Config = types.ObjectValueMust(modelTestConfigTypes, map[string]attr.Value{"url": types.StringValue("https://y"), "secret": types.StringUnknown()})
		},
		"list element": func(m *modelTestModel) {
			m.Items = []modelTestItem{{ID: types.StringValue("1")}, {ID: types.StringValue("3")}}
		},
		"list shorter":   func(m *modelTestModel) { m.Items = m.Items[:1] },
		"list empty":     func(m *modelTestModel) { m.Items = []modelTestItem{} },
		"list null":      func(m *modelTestModel) { m.Items = nil },
		"pointer value":  func(m *modelTestModel) { m.Owner = &modelTestItem{ID: types.StringValue("p")} },
		"pointer null":   func(m *modelTestModel) { m.Owner = nil },
		"untagged field": func(m *modelTestModel) { m.Ignored = "not in the state" },
	}
	for name, f := range change {
		m := base
		f(&m)
		models[name] = m
	}
	state := func(m modelTestModel) tftypes.Value {
		st := tfsdk.State{Schema: modelTestSchema, Raw: tftypes.NewValue(typ, nil)}
		if d := Set(ctx, &st, &m); d.HasError() {
			t.Fatalf("Set: %v", d)
		}
		return st.Raw
	}
	for an, a := range models {
		for bn, b := range models {
			want := state(a).Equal(state(b))
			if got := Equal(&a, &b); got != want {
				t.Errorf("Equal(%s, %s) = %t, but their states are equal: %t", an, bn, got, want)
			}
		}
	}
	if m := models["untagged field"]; !Equal(&base, &m) {
		t.Error("a field without a tag made two models unequal")
	}
}

func TestObjectFromAndAs(t *testing.T) {
	type config struct {
		URL    types.String `tfsdk:"url"`
		Secret types.String `tfsdk:"secret"`
	}
	in := config{URL: types.StringValue("https://x"), Secret: types.StringNull()}
	obj, d := ObjectFrom(modelTestConfigTypes, in)
	if d.HasError() {
		t.Fatal(d)
	}
	want := types.ObjectValueMust(modelTestConfigTypes, map[string]attr.Value{"url": in.URL, "secret": in.Secret})
	if !obj.Equal(want) {
		t.Errorf("ObjectFrom = %s, want %s", obj, want)
	}
	var out config
	if d := As(obj, &out); d.HasError() {
		t.Fatal(d)
	}
	if out != in {
		t.Errorf("As = %+v, want %+v", out, in)
	}
}

// TestModelMismatch checks that a model that does not fit its schema is an
// error diagnostic naming the problem, never a panic.
func TestModelMismatch(t *testing.T) {
	ctx := context.Background()
	type wrongType struct {
		URL    types.Bool   `tfsdk:"url"`
		Secret types.String `tfsdk:"secret"`
	}
	type missing struct {
		URL types.String `tfsdk:"url"`
	}
	type extra struct {
		URL    types.String `tfsdk:"url"`
		Secret types.String `tfsdk:"secret"`
		Other  types.String `tfsdk:"other"`
	}
	obj := types.ObjectValueMust(modelTestConfigTypes, map[string]attr.Value{"url": types.StringValue("u"), "secret": types.StringNull()})
	cases := map[string]struct {
		run  func() diag.Diagnostics
		want string
	}{
		"As wrong field type": {func() diag.Diagnostics { var m wrongType; return As(obj, &m) }, `attribute "url" is a basetypes.StringValue, which field type basetypes.BoolValue cannot hold`},
		"As missing field":    {func() diag.Diagnostics { var m missing; return As(obj, &m) }, `has no field for attribute "secret"`},
		"As extra field":      {func() diag.Diagnostics { var m extra; return As(obj, &m) }, `the object has no attribute "other"`},
		"As not a pointer":    {func() diag.Diagnostics { return As(obj, missing{}) }, "must be a pointer to a struct"},
		"As null":             {func() diag.Diagnostics { var m missing; return As(types.ObjectNull(modelTestConfigTypes), &m) }, "cannot read a null or unknown object"},
		"Get unknown into a slice": {func() diag.Diagnostics {
			var m modelTestModel
			raw := tftypes.NewValue(modelTestSchema.Type().TerraformType(ctx), map[string]tftypes.Value{
				"name": tftypes.NewValue(tftypes.String, "a"), "count": tftypes.NewValue(tftypes.Number, nil),
				"tags":   tftypes.NewValue(tftypes.List{ElementType: tftypes.String}, nil),
				"config": tftypes.NewValue(modelTestSchema.Attributes["config"].GetType().TerraformType(ctx), nil),
				"items":  tftypes.NewValue(modelTestSchema.Attributes["items"].GetType().TerraformType(ctx), tftypes.UnknownValue),
				"owner":  tftypes.NewValue(modelTestSchema.Attributes["owner"].GetType().TerraformType(ctx), nil),
			})
			return Get(ctx, tfsdk.Config{Schema: modelTestSchema, Raw: raw}, &m)
		}, `attribute "items" is unknown, which field type []fwutil.modelTestItem cannot hold`},
		"ObjectFrom wrong field type": {func() diag.Diagnostics {
			_, d := ObjectFrom(modelTestConfigTypes, wrongType{URL: types.BoolValue(true), Secret: types.StringNull()})
			return d
		}, "(url) Expected Type: basetypes.StringType"},
		"ObjectFrom missing field": {func() diag.Diagnostics {
			_, d := ObjectFrom(modelTestConfigTypes, missing{URL: types.StringNull()})
			return d
		}, "(secret) Expected Type"},
		"Set not a struct": {func() diag.Diagnostics {
			st := tfsdk.State{Schema: modelTestSchema, Raw: tftypes.NewValue(modelTestSchema.Type().TerraformType(ctx), nil)}
			return Set(ctx, &st, "x")
		}, "must be a struct or a pointer to one"},
	}
	for name, c := range cases {
		t.Run(name, func(t *testing.T) {
			d := c.run()
			if !d.HasError() {
				t.Fatal("no error")
			}
			if got := d.Errors()[0].Detail(); !strings.Contains(got, c.want) {
				t.Errorf("error %q does not contain %q", got, c.want)
			}
		})
	}
}
