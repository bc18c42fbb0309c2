package scheduler

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/types"
)

// max_token_ttl follows a server that returns it, by its length of time,
// and keeps what was sent where the answer has none (or a zero one).
func TestMaxTokenTTLFromAPI(t *testing.T) {
	for _, c := range []struct {
		prior types.String
		api   string
		want  types.String
	}{
		{types.StringValue("1h"), "1h0m0s", types.StringValue("1h")},
		{types.StringValue("1h"), "2h0m0s", types.StringValue("2h0m0s")},
		{types.StringNull(), "30m0s", types.StringValue("30m0s")},
		{types.StringValue("1h"), "", types.StringValue("1h")},
		{types.StringValue("1h"), "0s", types.StringValue("1h")},
		{types.StringNull(), "", types.StringNull()},
		{types.StringNull(), "0s", types.StringNull()},
	} {
		if got := maxTokenTTLFromAPI(c.prior, c.api); !got.Equal(c.want) {
			t.Errorf("maxTokenTTLFromAPI(%s, %q) = %s, want %s", c.prior, c.api, got, c.want)
		}
	}
}
