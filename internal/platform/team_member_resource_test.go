package platform_test

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

const teamMemberAddr = "stack_platform_team_member.test"

// teamMemberConfig is a team, the memberships of ada and grace, and the
// team member whose membership member names ("ada" or "grace"), plus
// more.
func teamMemberConfig(p *acctest.Platform, member, more string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_team" "devs" {
  name = "devs"
}

resource "stack_platform_organization_membership" "ada" {
  email = "ada@example.com"
}

resource "stack_platform_organization_membership" "grace" {
  email = "grace@example.com"
}

resource "stack_platform_team_member" "test" {
  team_id                    = stack_platform_team.devs.id
  organization_membership_id = stack_platform_organization_membership.%s.id
}
%s`, member, more)
}

// teamMembersAre checks the memberships the team in the state has, by
// the addresses of their membership resources.
func teamMembersAre(t *testing.T, p *acctest.Platform, addrs ...string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		teamID, err := check.StateValue(s, "stack_platform_team.devs", "id")
		if err != nil {
			return err
		}
		var want []string
		for _, a := range addrs {
			id, err := check.StateValue(s, a, "id")
			if err != nil {
				return err
			}
			want = append(want, id)
		}
		members, err := p.Client(t).TeamMemberships.ListMemberships(context.Background(), teamID, platformclient.TeamMembershipListOptions{})
		if err != nil {
			return err
		}
		var got []string
		for _, m := range members {
			got = append(got, m.ID)
		}
		slices.Sort(got)
		slices.Sort(want)
		if !slices.Equal(got, want) {
			return fmt.Errorf("the team's members are %v, want %v (%v)", got, want, addrs)
		}
		return nil
	}
}

const (
	adaAddr   = "stack_platform_organization_membership.ada"
	graceAddr = "stack_platform_organization_membership.grace"
)

func TestAccTeamMember_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	badTeam := p.ProviderConfig() + `
resource "stack_platform_team_member" "test" {
  team_id                    = "devs"
  organization_membership_id = "ou-6p5RiCe5CRjBmsGt"
}
`
	badMembership := p.ProviderConfig() + `
resource "stack_platform_team_member" "test" {
  team_id                    = "team-6p5RiCe5CRjBmsGt"
  organization_membership_id = "ada@example.com"
}
`
	// A member that a team has already, in an organization of its own,
	// whose names do not take the lifecycle's.
	ctx := context.Background()
	c := p.Client(t)
	org := p.NewOrganization(t)
	team := newTeam(t, p, org, platformclient.TeamOptions{Name: check.Ptr("devs")})
	ada, err := c.OrganizationMemberships.Create(ctx, org, platformclient.OrganizationMembershipCreateOptions{Email: check.Ptr("ada@example.com")})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.TeamMemberships.AddMemberships(ctx, team, []string{ada.ID}); err != nil {
		t.Fatal(err)
	}
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: teamMemberAddr,
		// A create of a member that the team has already is refused, and
		// the error gives the import ID.
		NotTakenOver: check.Existing{
			Config: p.ProviderConfig() + `
resource "stack_platform_team_member" "test" {
  team_id                    = "` + team + `"
  organization_membership_id = "` + ada.ID + `"
}
`,
			ImportID: team + "/" + ada.ID, Said: `Team member already exists`,
		},
		PlanErrors: []check.PlanError{
			{Config: badTeam, Want: check.Literal(`team_id must be the ID of a team: team- and 16 characters of the base58 alphabet, got "devs".`)},
			{Config: badMembership, Want: check.Literal(
				`organization_membership_id must be the ID of an organization membership: ou- and 16 characters of the base58 alphabet, got "ada@example.com".`)},
		},
		ImportErrors: []check.ImportError{{ID: "team-6p5RiCe5CRjBmsGt", Want: check.Literal(
			`The import ID of a team member is <TEAM ID>/<MEMBERSHIP ID>, or <TEAM ID>/<USERNAME>, or <ORGANIZATION>/<EMAIL>/<TEAM NAME>; got "team-6p5RiCe5CRjBmsGt".`)}},
		Create: check.Step{
			// An invited membership is taken.
			Config: teamMemberConfig(p, "ada", ""),
			Check: resource.ComposeTestCheckFunc(
				resource.TestCheckResourceAttrPair(teamMemberAddr, "team_id", "stack_platform_team.devs", "id"),
				resource.TestCheckResourceAttrPair(teamMemberAddr, "organization_membership_id", adaAddr, "id"),
				func(s *terraform.State) error {
					id, _ := check.StateValue(s, teamMemberAddr, "id")
					team, _ := check.StateValue(s, "stack_platform_team.devs", "id")
					ada, _ := check.StateValue(s, adaAddr, "id")
					if id != team+"/"+ada {
						return fmt.Errorf("id is %q, want %q", id, team+"/"+ada)
					}
					return nil
				},
				teamMembersAre(t, p, adaAddr),
			),
		},
		Imports: []check.ImportID{
			{ID: func(id string) string { return id }},
			// The incumbent's form by email and team name, each in any
			// case; an invited member has no username to import by.
			{ID: func(string) string { return p.Organization + "/Ada@Example.com/Devs" }},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				team, membership, _ := strings.Cut(id, "/")
				return c.TeamMemberships.RemoveMemberships(ctx, team, []string{membership})
			},
			Step: check.Step{Config: teamMemberConfig(p, "ada", ""), Check: teamMembersAre(t, p, adaAddr)},
		},
		Replace: check.Step{
			Config: teamMemberConfig(p, "grace", ""),
			Check:  teamMembersAre(t, p, graceAddr),
		},
	}.Run(t)
}

// A team member looks for its own member alone: members that another
// resource or anyone else adds, by membership or by username, and the
// service account of the team's token never show as changes, and two
// members of one team never fight.
func TestAccTeamMember_othersAndServiceAccountsAreNotItsBusiness(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	config := teamMemberConfig(p, "ada", `
resource "stack_platform_team_member" "grace" {
  team_id                    = stack_platform_team.devs.id
  organization_membership_id = stack_platform_organization_membership.grace.id
}
`)
	var teamID string
	noChange := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				Check:  resource.ComposeTestCheckFunc(check.IDKept("stack_platform_team.devs", &teamID), teamMembersAre(t, p, adaAddr, graceAddr)),
			},
			{
				PreConfig: func() {
					ctx := context.Background()
					c := p.Client(t)
					bob, _, err := p.Emulator.Platform().AddMember(p.Organization, "bob", "")
					if err != nil {
						t.Fatal(err)
					}
					if _, _, err := p.Emulator.Platform().AddMember(p.Organization, "carol", ""); err != nil {
						t.Fatal(err)
					}
					if err := c.TeamMemberships.AddMemberships(ctx, teamID, []string{bob}); err != nil {
						t.Fatal(err)
					}
					if err := c.TeamMemberships.AddUsers(ctx, teamID, []string{"carol"}); err != nil {
						t.Fatal(err)
					}
					if _, err := c.TeamTokens.Create(ctx, teamID, platformclient.TeamTokenCreateOptions{Description: check.Ptr("ci")}); err != nil {
						t.Fatal(err)
					}
					users, err := c.TeamMemberships.ListUsers(ctx, teamID)
					if err != nil {
						t.Fatal(err)
					}
					if !slices.ContainsFunc(users, func(u *platformclient.User) bool { return u.IsServiceAccount }) {
						t.Fatalf("the team's users %v have no service account: the test proves nothing", users)
					}
				},
				Config:           config,
				ConfigPlanChecks: noChange,
			},
		},
	})
}

// A membership and its team member go in one destroy; and a team member
// whose membership is deleted before it, which takes the membership out
// of its teams, is destroyed without error: the platform's refusal to
// remove a member the team no longer has is the success it means.
func TestAccTeamMember_destroyWithItsMembership(t *testing.T) {
	p := acctest.NewPlatform(t)
	cli := acctest.NewCLI(t, nil)
	cli.WriteConfig(t, teamMemberConfig(p, "ada", ""))
	c := p.Client(t)
	ctx := context.Background()
	adaCount := func() int {
		l, err := c.OrganizationMemberships.List(ctx, p.Organization, platformclient.OrganizationMembershipListOptions{Emails: []string{"ada@example.com"}})
		if err != nil {
			t.Fatal(err)
		}
		return len(l.Items)
	}

	cli.MustRun(t, "apply", "-auto-approve")
	cli.MustRun(t, "destroy", "-auto-approve")
	if n := adaCount(); n != 0 {
		t.Fatalf("after the destroy, the organization has %d memberships of ada", n)
	}

	// The membership goes first, the refresh that would notice is off:
	// the team member's delete finds it gone from the team.
	cli.MustRun(t, "apply", "-auto-approve")
	l, err := c.OrganizationMemberships.List(ctx, p.Organization, platformclient.OrganizationMembershipListOptions{Emails: []string{"ada@example.com"}})
	if err != nil || len(l.Items) != 1 {
		t.Fatalf("ada's memberships: %v, %v", l, err)
	}
	if err := c.OrganizationMemberships.Delete(ctx, l.Items[0].ID); err != nil {
		t.Fatal(err)
	}
	out := cli.MustRun(t, "destroy", "-auto-approve", "-refresh=false")
	if !strings.Contains(out, "Destroy complete! Resources: 4 destroyed.") {
		t.Errorf("the destroy said:\n%s", out)
	}
}

// An active member imports by <TEAM ID>/<USERNAME>, the incumbent's
// username form; a username that the team does not have fails the import
// in the provider's words.
func TestAccTeamMember_importByUsername(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	ctx := context.Background()
	c := p.Client(t)
	team, err := c.Teams.Create(ctx, p.Organization, platformclient.TeamOptions{Name: check.Ptr("devs")})
	if err != nil {
		t.Fatal(err)
	}
	bob, _, err := p.Emulator.Platform().AddMember(p.Organization, "bob", "")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := p.Emulator.Platform().AddMember(p.Organization, "carol", ""); err != nil {
		t.Fatal(err)
	}
	if err := c.TeamMemberships.AddMemberships(ctx, team.ID, []string{bob}); err != nil {
		t.Fatal(err)
	}
	config := p.ProviderConfig() + `
resource "stack_platform_team_member" "test" {
  team_id                    = "` + team.ID + `"
  organization_membership_id = "` + bob + `"
}
`
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config, ResourceName: teamMemberAddr, ImportState: true, ImportStateId: team.ID + "/bob",
				ImportStateCheck: func(states []*terraform.InstanceState) error {
					if len(states) != 1 || states[0].ID != team.ID+"/"+bob || states[0].Attributes["organization_membership_id"] != bob ||
						states[0].Attributes["team_id"] != team.ID {
						return fmt.Errorf("imported %+v, want %s/%s", states, team.ID, bob)
					}
					return nil
				},
			},
			{
				Config: config, ResourceName: teamMemberAddr, ImportState: true, ImportStateId: team.ID + "/carol",
				ExpectError: check.Literal(`The team ` + team.ID + ` has no member of the organization membership`),
			},
		},
	})
}

// A refresh of a team member is one request, whatever the team's size:
// the team's relationship lists every membership, where the paged list
// would take two requests for these 120.
func TestAccTeamMember_refreshIsOneRequest(t *testing.T) {
	t.Parallel()
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	ctx := context.Background()
	c := p.Client(t)
	team, err := c.Teams.Create(ctx, p.Organization, platformclient.TeamOptions{Name: check.Ptr("devs")})
	if err != nil {
		t.Fatal(err)
	}
	var ids []string
	for i := range 120 {
		id, _, err := p.Emulator.Platform().AddMember(p.Organization, fmt.Sprintf("dev-%03d", i), "")
		if err != nil {
			t.Fatal(err)
		}
		ids = append(ids, id)
	}
	if err := c.TeamMemberships.AddMemberships(ctx, team.ID, ids); err != nil {
		t.Fatal(err)
	}
	cli := acctest.NewCLI(t, nil)
	cli.WriteConfig(t, p.ProviderConfig()+`
resource "stack_platform_team_member" "last" {
  team_id                    = "`+team.ID+`"
  organization_membership_id = "`+ids[len(ids)-1]+`"
}
`)
	code, out := cli.Run(t, "import", "stack_platform_team_member.last", team.ID+"/"+ids[len(ids)-1])
	if code != 0 {
		t.Fatalf("import: %s", out)
	}
	before := p.Emulator.Stats()
	cli.MustRun(t, "plan", "-detailed-exitcode")
	want := map[string]int64{"GET /api/v2/ping": 1, "GET /api/v2/teams/{id}": 1}
	if sent := p.RequestsSince(before); !maps.Equal(sent, want) {
		t.Errorf("the refresh sent %v, want %v", sent, want)
	}
}
