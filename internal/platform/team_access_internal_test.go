package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The team access's convention and round trip, which conventions_test.go
// runs.
func init() {
	declareObject("team access", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.TeamWorkspace{},
			// The permissions are the nested attributes of permissions.
			shownBy: append(attributeNames(teamAccessSchema(ctx).Attributes, teamAccessDataSourceSchema(ctx).Attributes),
				attributeNames(permissionTypes(teamAccessPermissions))...),
		}
	})
	declareRoundTrip("team access", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := teamAccessModel{
			TeamID: str("team-6p5RiCe5CRjBmsGt"), WorkspaceID: str("ws-4pW7hPwDJ1fY3gSC"), Access: str(platformclient.AccessCustom),
			Permissions: types.ObjectValueMust(permissionTypes(teamAccessPermissions), map[string]attr.Value{
				"runs": str("plan"), "variables": str("write"), "state_versions": str("read-outputs"), "sentinel_mocks": str("read"),
				"workspace_locking": types.BoolValue(true), "run_tasks": types.BoolValue(true), "policy_overrides": types.BoolValue(true),
			}),
		}
		opts := teamAccessFromModel(&want)
		a := throughJSONAPI[platformclient.TeamWorkspace](t, &opts)
		var got teamAccessModel
		modelFromTeamAccess(&got, a, diags)
		sameConfigurable(t, "team access", teamAccessSchema(ctx), &want, &got)
	})
}
