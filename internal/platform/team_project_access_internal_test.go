package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The team project access's convention and round trip, which
// conventions_test.go runs.
func init() {
	declareObject("team project access", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.TeamProjectAccess{},
			shownBy: attributeNames(teamProjectAccessSchema(ctx).Attributes),
		}
	})
	declareRoundTrip("team project access", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		obj := func(perms []permission, values map[string]attr.Value) types.Object {
			return types.ObjectValueMust(permissionTypes(perms), values)
		}
		want := teamProjectAccessModel{
			TeamID: str("team-6p5RiCe5CRjBmsGt"), ProjectID: str("prj-6p5RiCe5CRjBmsGt"), Access: str(platformclient.AccessCustom),
			ProjectAccess: obj(projectPermissions, map[string]attr.Value{"settings": str("update"), "teams": str("read"), "variable_sets": str("write")}),
			WorkspaceAccess: obj(workspacePermissions, map[string]attr.Value{
				"runs": str("plan"), "sentinel_mocks": str("read"), "state_versions": str("read-outputs"), "variables": str("read"),
				"create": types.BoolValue(true), "locking": types.BoolValue(true), "delete": types.BoolValue(true),
				"move": types.BoolValue(true), "run_tasks": types.BoolValue(true), "policy_overrides": types.BoolValue(true),
			}),
		}
		opts := teamProjectAccessFromModel(&want)
		a := throughJSONAPI[platformclient.TeamProjectAccess](t, &opts)
		var got teamProjectAccessModel
		modelFromTeamProjectAccess(&got, a, diags)
		sameConfigurable(t, "team project access", teamProjectAccessSchema(ctx), &want, &got)
	})
}
