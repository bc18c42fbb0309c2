package secrets

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/types"
)

// detail reads a connection detail whichever JSON type a server answers
// it in, and keeps the prior value's spelling of unset.
func TestDetail(t *testing.T) {
	cases := []struct {
		name    string
		prior   types.String
		details map[string]any
		want    types.String
	}{
		{"string", types.StringNull(), map[string]any{"k": "v"}, types.StringValue("v")},
		{"number", types.StringValue("12345"), map[string]any{"k": float64(12345)}, types.StringValue("12345")},
		{"large number", types.StringNull(), map[string]any{"k": float64(98765432)}, types.StringValue("98765432")},
		{"empty keeps null", types.StringNull(), map[string]any{"k": ""}, types.StringNull()},
		{"empty keeps empty", types.StringValue(""), map[string]any{"k": ""}, types.StringValue("")},
		{"null is unset", types.StringValue("v"), map[string]any{"k": nil}, types.StringNull()},
		{"not reported keeps prior", types.StringValue("v"), map[string]any{}, types.StringValue("v")},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := detail(c.prior, c.details, "k"); !got.Equal(c.want) {
				t.Errorf("detail(%s, %v) = %s, want %s", c.prior, c.details, got, c.want)
			}
		})
	}
}
