package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The round trip of the organization default settings, which
// conventions_test.go runs.
func init() {
	declareRoundTrip("organization default settings", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := organizationDefaultSettingsModel{
			Organization: str("acme"), DefaultExecutionMode: str(platformclient.ExecutionModeAgent), DefaultAgentPoolID: str("apool-6p5RiCe5CRjBmsGt"),
		}
		opts := organizationDefaultSettingsFromModel(&want)
		a := throughJSONAPI[platformclient.Organization](t, &opts)
		a.Name = "acme"
		// The pool is a relation of the answer, an attribute of the request.
		a.DefaultAgentPool = &platformclient.AgentPool{ID: want.DefaultAgentPoolID.ValueString()}
		var got organizationDefaultSettingsModel
		modelFromOrganizationDefaultSettings(&got, a)
		sameConfigurable(t, "organization default settings", organizationDefaultSettingsSchema(ctx), &want, &got)
	})
}
