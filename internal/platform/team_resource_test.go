package platform_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const teamAddr = "stack_platform_team.test"

func teamConfig(p *acctest.Platform, name, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_team" "test" {
  name = %q
  %s
}
`, name, body)
}

// organizationAccessIs checks every flag of organization_access: those
// named in on are true, the others false.
func organizationAccessIs(on ...string) knownvalue.Check {
	flags := map[string]knownvalue.Check{}
	for _, f := range []string{
		"manage_policies", "manage_policy_overrides", "delegate_policy_overrides", "manage_workspaces",
		"manage_vcs_settings", "manage_providers", "manage_modules", "manage_run_tasks", "manage_projects",
		"read_workspaces", "read_projects", "manage_membership", "manage_teams", "manage_organization_access",
		"access_secret_teams", "manage_agent_pools",
	} {
		flags[f] = knownvalue.Bool(false)
	}
	for _, f := range on {
		flags[f] = knownvalue.Bool(true)
	}
	return knownvalue.ObjectExact(flags)
}

// teamIs checks the team the platform holds under the ID in the state.
func teamIs(t *testing.T, p *acctest.Platform, want map[string]any) resource.TestCheckFunc {
	return holds(t, p, teamAddr, want, func(ctx context.Context, c *platformclient.Client, id string) (map[string]any, error) {
		team, err := c.Teams.Read(ctx, id)
		if err != nil {
			return nil, err
		}
		return map[string]any{
			"organization": team.Organization.Name, "name": team.Name, "visibility": team.Visibility,
			"sso_team_id": team.SSOTeamID, "allow_member_token_management": team.AllowMemberTokenManagement,
			"manage_projects": team.OrganizationAccess.ManageProjects, "manage_workspaces": team.OrganizationAccess.ManageWorkspaces,
			"manage_policies": team.OrganizationAccess.ManagePolicies, "manage_teams": team.OrganizationAccess.ManageTeams,
			"manage_membership": team.OrganizationAccess.ManageMembership,
		}, nil
	})
}

func TestAccTeam_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	updated := `
  allow_member_token_management = false
  organization_access = {
    manage_policies = true
  }`
	taken, err := p.Client(t).Teams.Create(context.Background(), p.Organization, platformclient.TeamOptions{Name: check.Ptr("Owners-Of-Things")})
	if err != nil {
		t.Fatal(err)
	}
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: teamAddr, FreshID: true,
		// A create of a name the organization has, in any case, is
		// refused, and the error gives the import ID.
		NotTakenOver: check.Existing{
			Config: teamConfig(p, "owners-of-things", ""), ImportID: p.Organization + "/" + taken.ID,
			Said: `Team already exists.*A team named "owners-of-things" already exists`, Server: `409 Conflict`,
		},
		PlanErrors: []check.PlanError{
			{Config: teamConfig(p, "  ", ""), Want: check.Literal(`Attribute name must not be blank, got:`)},
			{Config: teamConfig(p, "web", `visibility = "public"`), Want: check.Literal(`Attribute visibility value must be one of: ["secret" "organization"], got: "public"`)},
			{Config: teamConfig(p, "web", `sso_team_id = ""`), Want: check.Literal(`Attribute sso_team_id string length must be at least 1, got: 0`)},
			{Config: teamConfig(p, "web", `organization_access = {
    manage_projects   = true
    manage_workspaces = false
  }`), Want: check.Literal(`organization_access.manage_workspaces cannot be false while organization_access.manage_projects is true, which brings it: leave it out, or set it true.`)},
			{Config: teamConfig(p, "web", `organization_access = {
    manage_projects = true
    read_workspaces = false
  }`), Want: check.Literal(`organization_access.read_workspaces cannot be false while organization_access.manage_projects is true`)},
		},
		ImportErrors: []check.ImportError{{ID: "team-6p5RiCe5CRjBmsGt", Want: check.Literal(`The import ID of a team is <ORGANIZATION>/<TEAM ID> or <ORGANIZATION>/<TEAM NAME>; got "team-6p5RiCe5CRjBmsGt".`)}},
		Create: check.Step{
			// manage_projects brings manage_workspaces and read_projects,
			// which bring read_workspaces: left out, they are true, and
			// the next plan is empty.
			Config: teamConfig(p, "platform-admins", `
  visibility  = "organization"
  sso_team_id = "sso-42"
  organization_access = {
    manage_projects   = true
    manage_membership = true
  }`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(teamAddr, check.Path("id"), idOf("team")),
				statecheck.ExpectKnownValue(teamAddr, check.Path("organization"), check.Str(p.Organization)),
				statecheck.ExpectKnownValue(teamAddr, check.Path("name"), check.Str("platform-admins")),
				statecheck.ExpectKnownValue(teamAddr, check.Path("visibility"), check.Str("organization")),
				statecheck.ExpectKnownValue(teamAddr, check.Path("sso_team_id"), check.Str("sso-42")),
				statecheck.ExpectKnownValue(teamAddr, check.Path("allow_member_token_management"), knownvalue.Bool(true)),
				statecheck.ExpectKnownValue(teamAddr, check.Path("organization_access"),
					organizationAccessIs("manage_projects", "manage_workspaces", "read_projects", "read_workspaces", "manage_membership")),
			},
			Check: teamIs(t, p, map[string]any{
				"organization": p.Organization, "name": "platform-admins", "visibility": "organization", "sso_team_id": "sso-42",
				"manage_projects": true, "manage_workspaces": true, "manage_membership": true,
			}),
		},
		Update: check.Step{
			// A rename and every other value change in place; a flag
			// taken out of the configuration is turned off, and with it
			// those it brought.
			Config:     teamConfig(p, "platform_admins-2", updated),
			PlanChecks: []plancheck.PlanCheck{plancheck.ExpectKnownValue(teamAddr, check.Path("organization_access"), organizationAccessIs("manage_policies"))},
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(teamAddr, check.Path("visibility"), check.Str("organization")),
				statecheck.ExpectKnownValue(teamAddr, check.Path("sso_team_id"), knownvalue.Null()),
				statecheck.ExpectKnownValue(teamAddr, check.Path("allow_member_token_management"), knownvalue.Bool(false)),
				statecheck.ExpectKnownValue(teamAddr, check.Path("organization_access"), organizationAccessIs("manage_policies")),
			},
			Check: teamIs(t, p, map[string]any{
				"name": "platform_admins-2", "sso_team_id": "", "allow_member_token_management": false,
				"manage_projects": false, "manage_workspaces": false, "manage_policies": true, "manage_membership": false,
			}),
		},
		Imports: []check.ImportID{
			{ID: func(id string) string { return p.Organization + "/" + id }},
			{ID: func(string) string { return p.Organization + "/platform_admins-2" }},
		},
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				_, err := c.Teams.Update(ctx, id, platformclient.TeamOptions{
					Visibility:         check.Ptr("secret"),
					OrganizationAccess: &platformclient.OrganizationAccessOptions{ManageTeams: check.Ptr(true)},
				})
				return err
			},
			// The plan sets the configured values again, and turns off a
			// flag it leaves out.
			Step: check.Step{
				Config: teamConfig(p, "platform_admins-2", `
  visibility = "organization"`+updated),
				Check: teamIs(t, p, map[string]any{"visibility": "organization", "manage_teams": false, "manage_policies": true}),
				// Left out, the organization access is kept as it is.
				Then: []resource.TestStep{{
					Config: teamConfig(p, "platform_admins-2", `
  visibility                    = "organization"
  allow_member_token_management = false`),
					ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				}},
			},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error { return c.Teams.Delete(ctx, id) },
			Step: check.Step{
				Config: teamConfig(p, "platform_admins-2", `visibility = "organization"`),
				StateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(teamAddr, check.Path("organization_access"), organizationAccessIs()),
				},
				Check: teamIs(t, p, map[string]any{"visibility": "organization"}),
			},
		},
		// Another organization replaces the team.
		Replace: check.Step{
			Config: teamConfig(p, "platform_admins-2", `organization = "`+other+`"`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(teamAddr, check.Path("organization"), check.Str(other)),
				// A replacement plans a new team, which is secret.
				statecheck.ExpectKnownValue(teamAddr, check.Path("visibility"), check.Str("secret")),
			},
			Check: teamIs(t, p, map[string]any{"organization": other, "visibility": "secret"}),
		},
	}.Run(t)
}

// A create of a name the organization has, in any case, is refused, and
// the error gives the import ID.
// A new team's plan shows what the platform will hold: the flags it
// leaves out, false unless a flag set true brings them, and the secret
// visibility of a new team.
func TestAccTeam_createPlansEveryFlag(t *testing.T) {
	p := acctest.NewPlatform(t)
	const readersAddr = "stack_platform_team.readers"
	planned := func(addr string, access knownvalue.Check) []plancheck.PlanCheck {
		return []plancheck.PlanCheck{
			plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate),
			plancheck.ExpectKnownValue(addr, check.Path("organization_access"), access),
			plancheck.ExpectKnownValue(addr, check.Path("visibility"), check.Str("secret")),
		}
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				// Without organization_access, a new team has none.
				Config:           teamConfig(p, "nobody", ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: planned(teamAddr, organizationAccessIs())},
				Check: teamIs(t, p, map[string]any{
					"name": "nobody", "visibility": "secret", "manage_projects": false, "manage_workspaces": false, "manage_policies": false,
				}),
			},
			{
				Config: teamConfig(p, "nobody", "") + `
resource "stack_platform_team" "readers" {
  name = "readers"
  organization_access = {
    read_projects = true
  }
}
`,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: append(planned(readersAddr, organizationAccessIs("read_projects", "read_workspaces")),
					plancheck.ExpectResourceAction(teamAddr, plancheck.ResourceActionNoop))},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(readersAddr, check.Path("organization_access"), organizationAccessIs("read_projects", "read_workspaces")),
				},
			},
		},
	})
}

// The platform matches organization names in any case: a team keeps the
// configuration's spelling of its organization, and a change of case alone
// does not replace it.
func TestAccTeam_organizationInAnyCase(t *testing.T) {
	p := acctest.NewPlatform(t)
	upper := strings.ToUpper(p.Organization)
	var id string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: teamConfig(p, "devs", `organization = "`+upper+`"`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(teamAddr, check.Path("organization"), check.Str(upper)),
				},
				Check: resource.ComposeTestCheckFunc(check.IDKept(teamAddr, &id), teamIs(t, p, map[string]any{"organization": p.Organization, "name": "devs"})),
			},
			{
				Config: teamConfig(p, "devs", `organization = "`+p.Organization+`"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(teamAddr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(teamAddr, check.Path("organization"), check.Str(p.Organization)),
				},
				Check: check.IDKept(teamAddr, &id),
			},
		},
	})
}

// Team names may hold spaces, as real organizations' do (Platform Admins):
// the plan takes them, the platform keeps them, the data source reads the
// team by such a name, and an import finds it by it.
func TestAccTeam_nameWithSpaces(t *testing.T) {
	p := acctest.NewPlatform(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: teamConfig(p, "Platform Admins", "") + `
data "stack_platform_team" "admins" {
  name = stack_platform_team.test.name
}
`,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(teamAddr, check.Path("name"), check.Str("Platform Admins")),
					statecheck.CompareValuePairs(teamAddr, check.Path("id"), "data.stack_platform_team.admins", check.Path("id"), compare.ValuesSame()),
				},
			},
			{
				ResourceName:      teamAddr,
				ImportState:       true,
				ImportStateId:     p.Organization + "/Platform Admins",
				ImportStateVerify: true,
			},
		},
	})
}
