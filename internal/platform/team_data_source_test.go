package platform_test

import (
	"context"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// teamTokenOf returns a new token of the team id, which acts as the team.
func teamTokenOf(t *testing.T, p *acctest.Platform, id string) string {
	t.Helper()
	tok, err := p.Client(t).TeamTokens.Create(context.Background(), id, platformclient.TeamTokenCreateOptions{Description: check.Ptr("data source test")})
	if err != nil {
		t.Fatal(err)
	}
	return tok.Token
}

// The data source reads a team by ID or by name, in the provider's
// organization or another, with the resource's mapping: the flags that
// manage_projects brings are true, and an SSO team ID left out is null. A
// name no team has is an error on the name that says how names compare,
// and a secret team read by ID with another team's token one that says
// that the token may be why.
func TestAccTeamDataSource_shape(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	id := newTeam(t, p, p.Organization, platformclient.TeamOptions{
		Name: check.Ptr("platform-admins"), SSOTeamID: check.Ptr("okta-42"), Visibility: check.Ptr(platformclient.TeamVisibilityOrganization),
		AllowMemberTokenManagement: check.Ptr(false),
		OrganizationAccess:         &platformclient.OrganizationAccessOptions{ManageProjects: check.Ptr(true), ManageMembership: check.Ptr(true)},
	})
	otherID := newTeam(t, p, other, platformclient.TeamOptions{Name: check.Ptr("platform-admins")})
	secret := newTeam(t, p, p.Organization, platformclient.TeamOptions{Name: check.Ptr("secret-admins")})
	developers := newTeam(t, p, p.Organization, platformclient.TeamOptions{Name: check.Ptr("developers")})
	same := map[string]knownvalue.Check{
		"id": check.Str(id), "organization": check.Str(p.Organization), "name": check.Str("platform-admins"),
		"visibility": check.Str("organization"), "sso_team_id": check.Str("okta-42"), "allow_member_token_management": knownvalue.Bool(false),
		"organization_access": organizationAccessIs("manage_projects", "manage_workspaces", "read_projects", "read_workspaces", "manage_membership"),
	}
	check.DataSource{
		Service: p, Type: "stack_platform_team", Config: p.ProviderConfig(),
		PlanErrors: []check.Refusal{
			{
				Args: check.Args{"id": "prj-6p5RiCe5CRjBmsGt"},
				Want: check.Literal(`id must be the ID of a team: team- and 16 characters of the base58 alphabet, got "prj-6p5RiCe5CRjBmsGt".`),
			},
			{Args: check.Args{"name": " "}, Want: check.Literal(`Attribute name must not be blank, got:`)},
		},
		ByID:   check.Read{Args: check.Args{"id": id}, Want: same},
		ByName: check.Read{Args: check.Args{"name": "platform-admins"}, Want: same},
		InOther: check.Read{Args: check.Args{"organization": other, "name": "platform-admins"}, Want: map[string]knownvalue.Check{
			"id": check.Str(otherID), "organization": check.Str(other), "name": check.Str("platform-admins"),
			"visibility": check.Str("secret"), "sso_team_id": knownvalue.Null(), "allow_member_token_management": knownvalue.Bool(true),
			"organization_access": organizationAccessIs(),
		}},
		NotFound: []check.Refusal{
			{
				Args: check.Args{"name": "Platform-Admins"},
				Want: check.Wrapped(`Error: Team not found.*name = "Platform-Admins".*` + regexp.QuoteMeta(
					`The organization "`+p.Organization+`" has no team named "Platform-Admins" that the token may see:`) +
					` the name is compared exactly, in its case, and the platform does not list the secret teams that the token may not see\.`),
			},
			{
				Config: p.ProviderConfigWith(teamTokenOf(t, p, developers), p.Organization), Args: check.Args{"id": secret},
				Want: check.Wrapped(`Cannot read the team ` + secret + `.*404 Not Found.*` + regexp.QuoteMeta(notVisibleHint)),
			},
		},
	}.Run(t)
}

// Every organization has its owners team, which the data source reads by
// name.
func TestAccTeamDataSource_owners(t *testing.T) {
	p := acctest.NewPlatform(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: p.ProviderConfig() + `
data "stack_platform_team" "owners" {
  name = "owners"
}
`,
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.stack_platform_team.owners", check.Path("name"), check.Str("owners")),
				statecheck.ExpectKnownValue("data.stack_platform_team.owners", check.Path("id"), idOf(platformclient.PrefixTeam)),
				statecheck.ExpectKnownValue("data.stack_platform_team.owners", check.Path("organization"), check.Str(p.Organization)),
			},
		}},
	})
}
