package acctest_test

import (
	"math/big"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-go/tftypes"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
)

func TestValue(t *testing.T) {
	nested := tftypes.Object{AttributeTypes: map[string]tftypes.Type{"url": tftypes.String}}
	typ := tftypes.Object{AttributeTypes: map[string]tftypes.Type{
		"name":   tftypes.String,
		"n":      tftypes.Number,
		"on":     tftypes.Bool,
		"tags":   tftypes.List{ElementType: tftypes.String},
		"ids":    tftypes.Set{ElementType: tftypes.String},
		"claims": tftypes.Map{ElementType: tftypes.String},
		"config": nested,
		"items":  tftypes.List{ElementType: nested},
	}}
	got, err := acctest.Value(typ, map[string]any{
		"name":   "a",
		"n":      3,
		"tags":   []string{"x"},
		"ids":    []string{"y"},
		"claims": map[string]string{"k": "v"},
		"items":  []any{map[string]any{"url": "u"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	want := tftypes.NewValue(typ, map[string]tftypes.Value{
		"name":   tftypes.NewValue(tftypes.String, "a"),
		"n":      tftypes.NewValue(tftypes.Number, big.NewFloat(3)),
		"on":     tftypes.NewValue(tftypes.Bool, nil),
		"tags":   tftypes.NewValue(tftypes.List{ElementType: tftypes.String}, []tftypes.Value{tftypes.NewValue(tftypes.String, "x")}),
		"ids":    tftypes.NewValue(tftypes.Set{ElementType: tftypes.String}, []tftypes.Value{tftypes.NewValue(tftypes.String, "y")}),
		"claims": tftypes.NewValue(tftypes.Map{ElementType: tftypes.String}, map[string]tftypes.Value{"k": tftypes.NewValue(tftypes.String, "v")}),
		"config": tftypes.NewValue(nested, nil),
		"items": tftypes.NewValue(tftypes.List{ElementType: nested}, []tftypes.Value{
			tftypes.NewValue(nested, map[string]tftypes.Value{"url": tftypes.NewValue(tftypes.String, "u")}),
		}),
	})
	if !got.Equal(want) {
		t.Errorf("Value =\n%s\nwant\n%s", got, want)
	}

	for _, c := range []struct {
		v    map[string]any
		want string
	}{
		{map[string]any{"other": "x"}, `no attribute "other"`},
		{map[string]any{"n": "3"}, "n: want int for a number, got string"},
		{map[string]any{"tags": "x"}, "tags: want a slice"},
		{map[string]any{"ids": "y"}, "ids: want a slice"},
		{map[string]any{"config": "x"}, "config: want map[string]any"},
		{map[string]any{"on": "true"}, "on: cannot convert string to tftypes.Bool"},
	} {
		if _, err := acctest.Value(typ, c.v); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Value(%v) = error %v, want one containing %q", c.v, err, c.want)
		}
	}
}
