package fwutil

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

func TestDurationValidators(t *testing.T) {
	const (
		syntax      = `ttl must be a duration such as "30s", "5m" or "1h30m", got %q.`
		nonNegative = `ttl must be a duration of zero or more, such as "0s", "30s" or "5m", got %q.`
		positive    = `ttl must be a duration greater than zero, such as "30s", "5m" or "1h30m", got %q.`
	)
	cases := []struct {
		name  string
		v     validator.String
		value types.String
		want  string // the error's detail, with %q for the value; "" for none
	}{
		{"any: negative parses", DurationValidator(), types.StringValue("-5m"), ""},
		{"any: not a duration", DurationValidator(), types.StringValue("forever"), syntax},
		{"non-negative: zero", NonNegativeDurationValidator(), types.StringValue("0s"), ""},
		{"non-negative: positive", NonNegativeDurationValidator(), types.StringValue("90s"), ""},
		{"non-negative: negative", NonNegativeDurationValidator(), types.StringValue("-1s"), nonNegative},
		{"non-negative: not a duration", NonNegativeDurationValidator(), types.StringValue("soon"), nonNegative},
		{"positive: positive", PositiveDurationValidator(), types.StringValue("1ns"), ""},
		{"positive: zero", PositiveDurationValidator(), types.StringValue("0s"), positive},
		{"positive: bare zero", PositiveDurationValidator(), types.StringValue("0"), positive},
		{"positive: negative", PositiveDurationValidator(), types.StringValue("-5m"), positive},
		{"positive: null is the schema's business", PositiveDurationValidator(), types.StringNull(), ""},
		{"positive: unknown is checked at apply", PositiveDurationValidator(), types.StringUnknown(), ""},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var resp validator.StringResponse
			c.v.ValidateString(context.Background(), validator.StringRequest{Path: path.Root("ttl"), ConfigValue: c.value}, &resp)
			if c.want == "" {
				if resp.Diagnostics.HasError() {
					t.Fatalf("refused %s: %v", c.value, resp.Diagnostics)
				}
				return
			}
			if n := resp.Diagnostics.ErrorsCount(); n != 1 {
				t.Fatalf("%d errors for %s, want 1", n, c.value)
			}
			d := resp.Diagnostics.Errors()[0]
			want := fmt.Sprintf(c.want, c.value.ValueString())
			if d.Summary() != "Invalid duration" || d.Detail() != want {
				t.Fatalf("error %q: %q, want \"Invalid duration\": %q", d.Summary(), d.Detail(), want)
			}
		})
	}
}
