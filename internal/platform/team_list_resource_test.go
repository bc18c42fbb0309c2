package platform_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The list finds every team, the owners among them, or those that the
// search and the names keep; with include_resource, each is the state an
// import gives.
func TestAccTeamListResource_query(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	newTeam(t, p, p.Organization, platformclient.TeamOptions{
		Name: check.Ptr("platform-admins"), Visibility: check.Ptr("organization"), SSOTeamID: check.Ptr("sso-1"),
		OrganizationAccess: &platformclient.OrganizationAccessOptions{ManageWorkspaces: check.Ptr(true)},
	})
	newTeam(t, p, p.Organization, platformclient.TeamOptions{Name: check.Ptr("platform-readers")})
	newTeam(t, p, p.Organization, platformclient.TeamOptions{Name: check.Ptr("web")})
	newTeam(t, p, other, platformclient.TeamOptions{Name: check.Ptr("elsewhere")})
	id := func(org, name string) map[string]knownvalue.Check {
		return check.Identity(map[string]string{"organization": org, "name": name})
	}
	in := func(name string) map[string]knownvalue.Check { return id(p.Organization, name) }
	check.Query{
		Type: "stack_platform_team", Config: p.ProviderConfig(),
		Lists: []check.Listed{
			{
				Label: "all", Found: []map[string]knownvalue.Check{in("platform-admins"), in("owners"), in("platform-readers"), in("web")},
				DisplayName: "platform-admins",
				Resource: map[string]knownvalue.Check{
					"id": idOf(platformclient.PrefixTeam), "organization": check.Str(p.Organization), "name": check.Str("platform-admins"),
					"visibility": check.Str("organization"), "sso_team_id": check.Str("sso-1"),
					"organization_access": knownvalue.ObjectPartial(map[string]knownvalue.Check{"manage_workspaces": knownvalue.Bool(true), "manage_projects": knownvalue.Bool(false)}),
				},
			},
			{Label: "search", Args: check.Args{"search": "PLATFORM"}, Found: []map[string]knownvalue.Check{in("platform-admins"), in("platform-readers")}, DisplayName: "platform-admins"},
			{
				Label: "combined", Args: check.Args{"search": "platform", "names": []string{"platform-readers", "web"}},
				Found: []map[string]knownvalue.Check{in("platform-readers")}, DisplayName: "platform-readers",
			},
			{Label: "other", Args: check.Args{"organization": other}, Found: []map[string]knownvalue.Check{id(other, "owners"), id(other, "elsewhere")}, DisplayName: "owners"},
		},
		Errors: []check.Refusal{
			{Args: check.Args{"search": ""}, Want: check.Wrapped(`Attribute search string length must be at least 1, got: 0`)},
		},
	}.Run(t)
}
