package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The team's convention and round trip, which conventions_test.go runs.
func init() {
	declareObject("team", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.Team{},
			shownBy: attributeNames(teamSchema(ctx).Attributes, teamDataSourceSchema(ctx).Attributes),
			notExposed: map[string]string{
				"users-count": "how many members the team has, which its memberships decide",
				"is-unified":  editionFlag,
				"permissions": tokensOwn,
			},
		}
	})
	declareRoundTrip("team", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := teamModel{
			Organization: str("acme"), Name: str("Platform Admins"), Visibility: str(platformclient.TeamVisibilityOrganization),
			SSOTeamID: str("sso-1"), AllowMemberTokenManagement: types.BoolValue(false),
			OrganizationAccess: allTrue(organizationAccessTypes),
		}
		opts := teamFromModel(&want)
		a := throughJSONAPI[platformclient.Team](t, &opts)
		a.Organization = &platformclient.Organization{Name: "acme"}
		var got teamModel
		modelFromTeam(&got, a, diags)
		sameConfigurable(t, "team", teamSchema(ctx), &want, &got)
	})
}
