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
		statecheck.ExpectKnownValue(addr, check.Path("ids"), check.StrList(ids...)),
		statecheck.ExpectKnownValue(addr, check.Path("ids_by_name"), check.StrMap(byName)),
		statecheck.ExpectKnownValue(addr, check.Path("teams"), knownvalue.ListExact(objects)),
	}
}

// Each filter narrows the list, and they combine; the teams are mapped as
// the resource maps them. An organization the token may not see is an
// error that says the token may be why.
func TestAccTeamsDataSource_shape(t *testing.T) {
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
	// An emulator of its own, whose organization a user's token there
	// does not see.
	e := acctest.NewPlatformEmulator(t, emulator.Options{})
	ds := check.DataSource{
		Service: p, Type: "stack_platform_teams", Config: p.ProviderConfig(),
		PlanErrors: []check.Refusal{
			{Args: check.Args{"names": []string{}}, Want: check.Literal(`Attribute names list must contain at least 1 elements, got: 0`)},
			{Args: check.Args{"names": []string{"ok", " "}}, Want: check.Literal(`Attribute names[1] must not be blank, got:`)},
			{Args: check.Args{"search": ""}, Want: check.Literal(`Attribute search string length must be at least 1, got: 0`)},
			{Args: check.Args{"organization": "acme labs"}, Want: check.Literal(`Attribute organization must have 1 to 40 characters: letters, digits, '-' and '_', got: acme labs`)},
		},
		NotFound: []check.Refusal{{
			Config: e.ProviderConfigWith(e.MintUserToken(t), e.Organization),
			Want:   check.Wrapped(`Cannot list the teams of the organization "` + e.Organization + `".*404 Not Found.*` + regexp.QuoteMeta(notVisibleHint)),
		}},
	}
	ds.InOther = check.Read{Args: check.Args{"organization": other}, Want: map[string]knownvalue.Check{"organization": check.Str(other)},
		Checks: teamsAre(ds.Address("in_other"), "owners", otherOwners)}
	ds.Reads = []check.Read{
		{
			Label: "all", Want: map[string]knownvalue.Check{"organization": check.Str(p.Organization)},
			Checks: append(teamsAre(ds.Address("all"), "API-devs", apiDevs, "api-ops", apiOps, "billing", billing, "owners", owners),
				statecheck.ExpectKnownValue(ds.Address("all"), tfjsonpath.New("teams").AtSliceIndex(1), knownvalue.ObjectExact(map[string]knownvalue.Check{
					"id": check.Str(apiOps), "organization": check.Str(p.Organization), "name": check.Str("api-ops"),
					"visibility": check.Str("organization"), "sso_team_id": check.Str("okta-7"), "allow_member_token_management": knownvalue.Bool(true),
					"organization_access": organizationAccessIs("read_projects", "read_workspaces"),
				})),
				statecheck.ExpectKnownValue(ds.Address("all"), tfjsonpath.New("teams").AtSliceIndex(2), knownvalue.ObjectPartial(map[string]knownvalue.Check{
					"visibility": check.Str("secret"), "sso_team_id": knownvalue.Null(), "organization_access": organizationAccessIs(),
				}))),
		},
		{Label: "search", Args: check.Args{"search": "Api"}, Checks: teamsAre(ds.Address("search"), "API-devs", apiDevs, "api-ops", apiOps)},
		// Names compare exactly: "api-devs" is not "API-devs".
		{
			Label: "names", Args: check.Args{"names": []string{"billing", "api-devs", "api-ops", "nobody"}},
			Checks: teamsAre(ds.Address("names"), "api-ops", apiOps, "billing", billing),
		},
		{
			Label: "combined", Args: check.Args{"search": "api", "names": []string{"api-ops", "billing"}},
			Checks: teamsAre(ds.Address("combined"), "api-ops", apiOps),
		},
	}
	ds.Run(t)
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
