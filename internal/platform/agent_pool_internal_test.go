package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The agent pool's convention and round trip, which conventions_test.go
// runs.
func init() {
	declareObject("agent pool", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.AgentPool{},
			shownBy: attributeNames(agentPoolSchema(ctx).Attributes, agentPoolDataSourceSchema(ctx).Attributes),
		}
	})
	declareRoundTrip("agent pool", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := agentPoolModel{Organization: str("acme"), Name: str("linux runners"), OrganizationScoped: types.BoolValue(false)}
		opts := agentPoolFromModel(&want)
		a := throughJSONAPI[platformclient.AgentPool](t, &opts)
		a.Organization = &platformclient.Organization{Name: "acme"}
		var got agentPoolModel
		modelFromAgentPool(&got, a)
		sameConfigurable(t, "agent pool", agentPoolSchema(ctx), &want, &got)
	})
}
