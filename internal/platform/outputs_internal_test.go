package platform

import (
	"context"
	"encoding/json"
	"math/big"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The state version output's convention, which conventions_test.go runs:
// the data source shows the outputs by name, in values, and their
// sensitivity by what nonsensitive_values leaves out.
func init() {
	declareObject("state_version_output", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.StateVersionOutput{},
			shownBy: attributeNames(outputsDataSourceSchema(ctx).Attributes),
			renamed: map[string]string{"name": "values", "value": "values", "sensitive": "nonsensitive_values"},
			notExposed: map[string]string{
				"type": "the kind of the value's JSON, which the value's own Terraform type (detailed_type) tells better",
			},
		}
	})
}

// decodeJSON decodes JSON as the client does: numbers as json.Number.
func decodeJSON(t *testing.T, s string) any {
	t.Helper()
	if s == "" {
		return nil
	}
	dec := json.NewDecoder(strings.NewReader(s))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		t.Fatal(err)
	}
	return v
}

func bigNumber(t *testing.T, s string) types.Number {
	t.Helper()
	f, _, err := big.ParseFloat(s, 10, 512, big.ToNearestEven)
	if err != nil {
		t.Fatal(err)
	}
	return types.NumberValue(f)
}

// Each output takes the Terraform type its detailed type gives, numbers
// keeping every digit; without one, the type jsondecode would give.
func TestOutputValues_typedByTheirDetailedType(t *testing.T) {
	strs := func(v ...string) []attr.Value {
		out := make([]attr.Value, len(v))
		for i, s := range v {
			out[i] = types.StringValue(s)
		}
		return out
	}
	big := bigNumber(t, "9007199254740993")
	cases := []struct {
		name, detailed, value string
		want                  attr.Value
	}{
		{"string", `"string"`, `"x"`, types.StringValue("x")},
		{"number", `"number"`, `9007199254740993`, big},
		{"bool", `"bool"`, `true`, types.BoolValue(true)},
		{"list", `["list","string"]`, `["a","b"]`, types.ListValueMust(types.StringType, strs("a", "b"))},
		{"set", `["set","string"]`, `["a","b"]`, types.SetValueMust(types.StringType, strs("a", "b"))},
		{"map", `["map","number"]`, `{"a":1}`, types.MapValueMust(types.NumberType, map[string]attr.Value{"a": bigNumber(t, "1")})},
		{"tuple", `["tuple",["string","bool"]]`, `["a",false]`,
			types.TupleValueMust([]attr.Type{types.StringType, types.BoolType}, []attr.Value{types.StringValue("a"), types.BoolValue(false)})},
		{"object, an optional attribute left out", `["object",{"a":"string","b":["list","number"]},["b"]]`, `{"a":"x"}`,
			types.ObjectValueMust(map[string]attr.Type{"a": types.StringType, "b": types.ListType{ElemType: types.NumberType}},
				map[string]attr.Value{"a": types.StringValue("x"), "b": types.ListNull(types.NumberType)})},
		{"null of a type", `["list","string"]`, ``, types.ListNull(types.StringType)},
		{"dynamic", `"dynamic"`, `{"a":[1,"x"]}`,
			types.ObjectValueMust(map[string]attr.Type{"a": types.TupleType{ElemTypes: []attr.Type{types.NumberType, types.StringType}}},
				map[string]attr.Value{"a": types.TupleValueMust([]attr.Type{types.NumberType, types.StringType}, []attr.Value{bigNumber(t, "1"), types.StringValue("x")})})},
		{"no type: as jsondecode reads it", ``, `["a"]`, types.TupleValueMust([]attr.Type{types.StringType}, strs("a"))},
		{"no type, null", ``, ``, types.StringNull()},
		{"a list of dynamic", `["list","dynamic"]`, `[1,2]`, types.ListValueMust(types.NumberType, []attr.Value{bigNumber(t, "1"), bigNumber(t, "2")})},
	}
	for _, c := range cases {
		outputs := []*platformclient.StateVersionOutput{
			{Name: "out", Value: decodeJSON(t, c.value), DetailedType: decodeJSON(t, c.detailed)},
			{Name: "secret", Sensitive: true, Value: "hidden", DetailedType: "string"},
		}
		all, open, detailed, err := outputValues(context.Background(), outputs)
		if err != nil {
			t.Errorf("%s: %v", c.name, err)
			continue
		}
		got, openAttrs := objectAttributes(t, all), objectAttributes(t, open)
		if !got["out"].Equal(c.want) || !got["secret"].Equal(types.StringValue("hidden")) {
			t.Errorf("%s: values %v, want out = %v", c.name, got, c.want)
		}
		if len(openAttrs) != 1 || !openAttrs["out"].Equal(c.want) {
			t.Errorf("%s: nonsensitive values %v", c.name, openAttrs)
		}
		wantDetailed := map[string]string{"secret": `"string"`}
		if c.detailed != "" {
			wantDetailed["out"] = compactJSON(t, c.detailed)
		}
		if len(detailed) != len(wantDetailed) || detailed["out"] != wantDetailed["out"] || detailed["secret"] != wantDetailed["secret"] {
			t.Errorf("%s: detailed types %v, want %v", c.name, detailed, wantDetailed)
		}
	}
}

// objectAttributes are the attributes of the object a dynamic value
// holds.
func objectAttributes(t *testing.T, d types.Dynamic) map[string]attr.Value {
	t.Helper()
	obj, ok := d.UnderlyingValue().(types.Object)
	if !ok {
		t.Fatalf("%v holds no object", d)
	}
	return obj.Attributes()
}

func compactJSON(t *testing.T, s string) string {
	t.Helper()
	raw, err := json.Marshal(decodeJSON(t, s))
	if err != nil {
		t.Fatal(err)
	}
	return string(raw)
}

// A value that is not of its detailed type, or a type the provider does
// not know, is an error that names the output, never a panic.
func TestOutputValues_refuseWhatDoesNotFit(t *testing.T) {
	for _, c := range []struct{ detailed, value, want string }{
		{`"string"`, `1`, `output "out": a json.Number is no tftypes.String`},
		{`["list","number"]`, `["a"]`, `output "out": element 0: a string is no tftypes.Number`},
		{`["tuple",["string"]]`, `["a","b"]`, `a tuple of 1 elements holds 2`},
		{`"float"`, `1`, `unknown type "float"`},
		{`["vector","number"]`, `[1]`, `unknown kind of type "vector"`},
		{`["list"]`, `[1]`, `"list" names no element type`},
		{`{"a":1}`, `1`, `a type is a string or a list`},
	} {
		_, _, _, err := outputValues(context.Background(), []*platformclient.StateVersionOutput{
			{Name: "out", Value: decodeJSON(t, c.value), DetailedType: decodeJSON(t, c.detailed)},
		})
		if err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("%s of %s: %v, want %q", c.value, c.detailed, err, c.want)
		}
	}
}
