package platform_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emuplatform "github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// teamsAre checks a list data source's IDs, in order, its map of IDs by
// name, and the names of its teams; names and ids alternate in named.
func teamsAre(addr string, named ...string) []statecheck.StateCheck {
	ids, objects, byName := []string{}, []knownvalue.Check{}, map[string]string{}
	for i := 0; i < len(named); i += 2 {
		name, id := named[i], named[i+1]
		ids = append(ids, id)
		byName[name] = id
		objects = append(objects, knownvalue.ObjectPartial(map[string]knownvalue.Check{"id": check.Str(id), "name": check.Str(name)}))
	}
	return []statecheck.StateCheck{
		statecheck.ExpectKnownValue(addr, check.Path("ids"), strings_(ids...)),
		statecheck.ExpectKnownValue(addr, check.Path("ids_by_name"), stringMap(byName)),
		statecheck.ExpectKnownValue(addr, check.Path("teams"), knownvalue.ListExact(objects)),
	}
}

// Each filter narrows the list, and they combine; the teams are mapped as
// the resource maps them.
func TestAccTeamsDataSource_filters(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	apiOps := newTeam(t, p, p.Organization, platformclient.TeamOptions{
		Name: check.Ptr("api-ops"), SSOTeamID: check.Ptr("okta-7"), Visibility: check.Ptr(platformclient.TeamVisibilityOrganization),
		OrganizationAccess: &platformclient.OrganizationAccessOptions{ReadProjects: check.Ptr(true)},
	})
	apiDevs := newTeam(t, p, p.Organization, platformclient.TeamOptions{Name: check.Ptr("API-devs")})
	billing := newTeam(t, p, p.Organization, platformclient.TeamOptions{Name: check.Ptr("billing")})
	// Every organization has its owners team.
	owners, otherOwners := ownersTeam(t, p, p.Organization), ownersTeam(t, p, other)
	const ds = "data.stack_platform_teams."
	checks := [][]statecheck.StateCheck{
		teamsAre(ds+"all", "API-devs", apiDevs, "api-ops", apiOps, "billing", billing, "owners", owners),
		teamsAre(ds+"search", "API-devs", apiDevs, "api-ops", apiOps),
		// Names compare exactly: "api-devs" is not "API-devs".
		teamsAre(ds+"names", "api-ops", apiOps, "billing", billing),
		teamsAre(ds+"combined", "api-ops", apiOps),
		teamsAre(ds+"other", "owners", otherOwners),
		{
			statecheck.ExpectKnownValue(ds+"all", check.Path("organization"), check.Str(p.Organization)),
			statecheck.ExpectKnownValue(ds+"other", check.Path("organization"), check.Str(other)),
			statecheck.ExpectKnownValue(ds+"all", tfjsonpath.New("teams").AtSliceIndex(1), knownvalue.ObjectExact(map[string]knownvalue.Check{
				"id": check.Str(apiOps), "organization": check.Str(p.Organization), "name": check.Str("api-ops"),
				"visibility": check.Str("organization"), "sso_team_id": check.Str("okta-7"), "allow_member_token_management": knownvalue.Bool(true),
				"organization_access": organizationAccessIs("read_projects", "read_workspaces"),
			})),
			statecheck.ExpectKnownValue(ds+"all", tfjsonpath.New("teams").AtSliceIndex(2), knownvalue.ObjectPartial(map[string]knownvalue.Check{
				"visibility": check.Str("secret"), "sso_team_id": knownvalue.Null(), "organization_access": organizationAccessIs(),
			})),
		},
	}
	var all []statecheck.StateCheck
	for _, c := range checks {
		all = append(all, c...)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: p.ProviderConfig() + fmt.Sprintf(`
data "stack_platform_teams" "all" {}

data "stack_platform_teams" "search" {
  search = "Api"
}

data "stack_platform_teams" "names" {
  names = ["billing", "api-devs", "api-ops", "nobody"]
}

data "stack_platform_teams" "combined" {
  search = "api"
  names  = ["api-ops", "billing"]
}

data "stack_platform_teams" "other" {
  organization = %q
}
`, other),
			ConfigStateChecks: all,
		}},
	})
}

// A team's token lists the teams visible to the organization and itself,
// not the secret teams of others.
func TestAccTeamsDataSource_secretTeamsAreListedToThoseWhoSeeThem(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	devs := newTeam(t, p, p.Organization, platformclient.TeamOptions{Name: check.Ptr("devs")})
	everyone := newTeam(t, p, p.Organization, platformclient.TeamOptions{Name: check.Ptr("everyone"), Visibility: check.Ptr(platformclient.TeamVisibilityOrganization)})
	newTeam(t, p, p.Organization, platformclient.TeamOptions{Name: check.Ptr("admins")})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: p.ProviderConfigWith(teamTokenOf(t, p, devs), p.Organization) + `
data "stack_platform_teams" "seen" {}
`,
			ConfigStateChecks: teamsAre("data.stack_platform_teams.seen", "devs", devs, "everyone", everyone),
		}},
	})
}

func TestAccTeamsDataSource_planErrors(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	check.PlanErrors(t, p, []check.PlanError{
		{Config: p.ProviderConfig() + `
data "stack_platform_teams" "x" {
  names = []
}
`, Want: check.Literal(`Attribute names list must contain at least 1 elements, got: 0`)},
		{Config: p.ProviderConfig() + `
data "stack_platform_teams" "x" {
  names = ["ok", " "]
}
`, Want: check.Literal(`Attribute names[1] must not be blank, got:`)},
		{Config: p.ProviderConfig() + `
data "stack_platform_teams" "x" {
  search = ""
}
`, Want: check.Literal(`Attribute search string length must be at least 1, got: 0`)},
		{Config: p.ProviderConfig() + `
data "stack_platform_teams" "x" {
  organization = "acme labs"
}
`, Want: check.Literal(`Attribute organization must have 1 to 40 characters: letters, digits, '-' and '_', got: acme labs`)},
	})
}

// An organization the token may not see is an error that says the token
// may be why.
func TestAccTeamsDataSource_notVisible(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: p.ProviderConfigWith(p.MintUserToken(t), p.Organization) + `
data "stack_platform_teams" "x" {}
`,
			ExpectError: check.Wrapped(`Cannot list the teams of the organization "` + p.Organization + `".*404 Not Found.*` + regexp.QuoteMeta(notVisibleHint)),
		}},
	})
}

// A list longer than a page is read whole, at the largest page size: 150
// teams take two requests. Terraform runs once, so that the counts are
// those of one read. The emulator's rate limit is off, for the sake of the
// test's own creates.
func TestAccTeamsDataSource_pagesAtTheLargestSize(t *testing.T) {
	t.Parallel()
	p := acctest.NewPlatformEmulator(t, emulator.Options{Platform: emuplatform.Options{RateLimit: -1}})
	const n = 150
	c := p.Client(t)
	for i := range n {
		if _, err := c.Teams.Create(context.Background(), p.Organization, platformclient.TeamOptions{Name: check.Ptr(fmt.Sprintf("team-%03d", i))}); err != nil {
			t.Fatal(err)
		}
	}
	outputs := readOnce(t, p, `
data "stack_platform_teams" "all" {}

output "names" {
  value = data.stack_platform_teams.all.teams[*].name
}

output "ids" {
  value = length(data.stack_platform_teams.all.ids_by_name)
}
`, map[string]int64{"GET /api/v2/ping": 1, "GET /api/v2/organizations/{org}/teams": 2})
	names, ids := output[[]string](t, outputs, "names"), output[int](t, outputs, "ids")
	// The organization's owners team, and the test's, by name.
	for i, name := range names {
		want := "owners"
		if i > 0 {
			want = fmt.Sprintf("team-%03d", i-1)
		}
		if name != want {
			t.Fatalf("the list's team %d is %q, want %q", i, name, want)
		}
	}
	if len(names) != n+1 || ids != n+1 {
		t.Errorf("listed %d teams and %d IDs by name, want %d of each", len(names), ids, n+1)
	}
}

// ownersTeam is the ID of the owners team that every organization has.
func ownersTeam(t *testing.T, p *acctest.Platform, org string) string {
	t.Helper()
	teams, err := p.Client(t).Teams.List(context.Background(), org, platformclient.TeamListOptions{Names: []string{"owners"}})
	if err != nil || len(teams.Items) != 1 {
		t.Fatalf("the owners team of %s: %v, %v", org, teams, err)
	}
	return teams.Items[0].ID
}
