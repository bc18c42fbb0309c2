package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The agent token's convention and round trip, which conventions_test.go
// runs.
func init() {
	declareObject("agent token", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType:    platformclient.AgentToken{},
			shownBy:    attributeNames(agentTokenSchema(ctx).Attributes, agentTokenEphemeralSchema(ctx).Attributes),
			notExposed: map[string]string{"last-used-at": tokensActivity},
		}
	})
	declareRoundTrip("agent token", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := agentTokenModel{AgentPoolID: str("apool-6p5RiCe5CRjBmsGt"), Description: str("ci agents")}
		opts := agentTokenFromModel(&want)
		a := throughJSONAPI[platformclient.AgentToken](t, &opts)
		// The pool is the create's path, not its body.
		a.AgentPool = &platformclient.AgentPool{ID: want.AgentPoolID.ValueString()}
		var got agentTokenModel
		modelFromAgentToken(&got, a)
		sameConfigurable(t, "agent token", agentTokenSchema(ctx), &want, &got)
	})
}
