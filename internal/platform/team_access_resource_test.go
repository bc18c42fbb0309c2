package platform_test

import (
	"context"
	"fmt"
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

const teamAccessAddr = "stack_platform_team_access.test"

// teamAccessConfig is a team, two workspaces, and the team's access to the
// one named ("a" or "b"), with body as its other arguments.
func teamAccessConfig(p *acctest.Platform, ws, body string) string {
	return grantConfig(p, "team_access", "workspace", "web", ws, body)
}

// permissionsAre checks every permission.
func permissionsAre(runs, variables, states, mocks string, locking, runTasks, overrides bool) knownvalue.Check {
	return knownvalue.ObjectExact(map[string]knownvalue.Check{
		"runs": check.Str(runs), "variables": check.Str(variables), "state_versions": check.Str(states), "sentinel_mocks": check.Str(mocks),
		"workspace_locking": knownvalue.Bool(locking), "run_tasks": knownvalue.Bool(runTasks), "policy_overrides": knownvalue.Bool(overrides),
	})
}

// teamAccessIs checks the access the platform holds under the ID in the
// state.
func teamAccessIs(t *testing.T, p *acctest.Platform, want map[string]any) resource.TestCheckFunc {
	return holds(t, p, teamAccessAddr, want, func(ctx context.Context, c *platformclient.Client, id string) (map[string]any, error) {
		a, err := c.TeamWorkspaces.Read(ctx, id)
		if err != nil {
			return nil, err
		}
		return map[string]any{
			"access": a.Access, "runs": a.Runs, "variables": a.Variables, "state_versions": a.StateVersions, "workspace_locking": a.WorkspaceLocking,
		}, nil
	})
}

func TestAccTeamAccess_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	custom := teamAccessConfig(p, "a", `
  access      = "custom"
  permissions = { runs = "plan", workspace_locking = true }`)
	// A team that has access to a workspace already, in an organization of
	// its own, whose names do not take the lifecycle's.
	org := p.NewOrganization(t)
	team := newTeam(t, p, org, platformclient.TeamOptions{Name: check.Ptr("devs")})
	ws := createWorkspace(t, p, org, platformclient.WorkspaceOptions{Name: check.Ptr("web")})
	taken, err := p.Client(t).TeamWorkspaces.Create(context.Background(), platformclient.TeamWorkspaceOptions{
		Access: check.Ptr("read"), Team: &platformclient.Team{ID: team}, Workspace: &platformclient.Workspace{ID: ws.ID},
	})
	if err != nil {
		t.Fatal(err)
	}
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: teamAccessAddr, FreshID: true,
		PlanErrors: teamAccessPlanErrors(p),
		// The create refuses to take the access over, and gives the import
		// ID; the lookup follows the refusal: one create, one list of the
		// workspace's accesses.
		NotTakenOver: check.Existing{
			Config: p.ProviderConfig() + `
resource "stack_platform_team_access" "test" {
  team_id      = "` + team + `"
  workspace_id = "` + ws.ID + `"
  access       = "admin"
}
`,
			ImportID: taken.ID, Said: `already exists`,
			Sent: map[string]int64{"POST /api/v2/team-workspaces": 1, "GET /api/v2/team-workspaces": 1},
		},
		ImportErrors: []check.ImportError{{ID: "tprj-6p5RiCe5CRjBmsGt", Want: check.Literal(
			`The import ID of a team access is its ID, tws- and 16 characters of the base58 alphabet, or <ORGANIZATION>/<WORKSPACE NAME>/<ACCESS ID>; got "tprj-6p5RiCe5CRjBmsGt".`)}},
		Create: check.Step{
			// A fixed level's permissions are known in the plan, and the
			// next plan is empty.
			Config:     teamAccessConfig(p, "a", `access = "plan"`),
			PlanChecks: []plancheck.PlanCheck{plancheck.ExpectKnownValue(teamAccessAddr, check.Path("permissions"), permissionsAre("plan", "read", "read", "none", false, false, false))},
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(teamAccessAddr, check.Path("id"), idOf("tws")),
				statecheck.ExpectKnownValue(teamAccessAddr, check.Path("access"), check.Str("plan")),
				statecheck.ExpectKnownValue(teamAccessAddr, check.Path("permissions"), permissionsAre("plan", "read", "read", "none", false, false, false)),
				statecheck.CompareValuePairs(teamAccessAddr, check.Path("team_id"), "stack_platform_team.devs", check.Path("id"), compare.ValuesSame()),
				statecheck.CompareValuePairs(teamAccessAddr, check.Path("workspace_id"), "stack_platform_workspace.a", check.Path("id"), compare.ValuesSame()),
			},
			Check: teamAccessIs(t, p, map[string]any{"access": "plan", "runs": "plan", "variables": "read"}),
		},
		// Another fixed level, known in the plan; then custom, which
		// starts from what the level implied.
		Update: check.Step{
			Config:     teamAccessConfig(p, "a", `access = "write"`),
			PlanChecks: []plancheck.PlanCheck{plancheck.ExpectKnownValue(teamAccessAddr, check.Path("permissions"), permissionsAre("apply", "write", "write", "read", true, false, false))},
			Check:      teamAccessIs(t, p, map[string]any{"access": "write", "runs": "apply", "workspace_locking": true}),
			Then: []resource.TestStep{{
				Config: teamAccessConfig(p, "a", `
  access      = "custom"
  permissions = { runs = "plan", variables = "read" }`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(teamAccessAddr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(teamAccessAddr, check.Path("permissions"), permissionsAre("plan", "read", "write", "read", true, false, false)),
				}},
				Check: teamAccessIs(t, p, map[string]any{"access": "custom", "runs": "plan", "variables": "read", "state_versions": "write", "workspace_locking": true}),
			}, {
				Config: custom,
				Check:  teamAccessIs(t, p, map[string]any{"access": "custom", "runs": "plan", "workspace_locking": true}),
			}},
		},
		Imports: []check.ImportID{
			{ID: func(id string) string { return id }},
			{ID: func(id string) string { return p.Organization + "/web-a/" + id }},
		},
		// Changed outside Terraform: the plan sets the custom permissions
		// again.
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				_, err := c.TeamWorkspaces.Update(ctx, id, platformclient.TeamWorkspaceOptions{Runs: check.Ptr("apply"), WorkspaceLocking: check.Ptr(false)})
				return err
			},
			Step: check.Step{
				Config: custom,
				Check:  teamAccessIs(t, p, map[string]any{"access": "custom", "runs": "plan", "workspace_locking": true}),
				Then: []resource.TestStep{{
					// A fixed level may state the permissions it implies:
					// no diff.
					Config: teamAccessConfig(p, "a", `
  access      = "admin"
  permissions = { run_tasks = true, runs = "apply" }`),
					Check: teamAccessIs(t, p, map[string]any{"access": "admin", "runs": "apply"}),
				}, {
					Config:           teamAccessConfig(p, "a", `access = "admin"`),
					ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				}},
			},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				return c.TeamWorkspaces.Delete(ctx, id)
			},
			Step: check.Step{
				Config: teamAccessConfig(p, "a", `access = "admin"`),
				Check:  teamAccessIs(t, p, map[string]any{"access": "admin", "runs": "apply"}),
			},
		},
		// Another workspace replaces the access; custom's defaults for
		// what a new access leaves out.
		Replace: check.Step{
			Config: teamAccessConfig(p, "b", `
  access      = "custom"
  permissions = { runs = "apply" }`),
			PlanChecks: []plancheck.PlanCheck{plancheck.ExpectKnownValue(teamAccessAddr, check.Path("permissions"), permissionsAre("apply", "none", "none", "none", false, false, false))},
			StateChecks: []statecheck.StateCheck{
				statecheck.CompareValuePairs(teamAccessAddr, check.Path("workspace_id"), "stack_platform_workspace.b", check.Path("id"), compare.ValuesSame()),
			},
			Check: teamAccessIs(t, p, map[string]any{"access": "custom", "runs": "apply", "variables": "none"}),
		},
	}.Run(t)
}

func teamAccessPlanErrors(p *acctest.Platform) []check.PlanError {
	raw := p.ProviderConfig() + `
resource "stack_platform_team_access" "test" {
  team_id      = "%s"
  workspace_id = "%s"
  access       = "%s"
  %s
}
`
	cfg := func(team, ws, access, body string) string { return fmt.Sprintf(raw, team, ws, access, body) }
	const team, ws = "team-6p5RiCe5CRjBmsGt", "ws-4pW7hPwDJ1fY3gSC"
	return []check.PlanError{
		{Config: cfg(team, ws, "maintain", ""), Want: check.Literal(`Attribute access value must be one of: ["read" "plan" "write" "admin" "custom"], got: "maintain"`)},
		{Config: cfg("devs", ws, "read", ""), Want: check.Literal(`team_id must be the ID of a team: team- and 16 characters of the base58 alphabet, got "devs".`)},
		{Config: cfg(team, "web", "read", ""), Want: check.Literal(`workspace_id must be the ID of a workspace: ws- and 16 characters of the base58 alphabet, got "web".`)},
		{Config: cfg(team, ws, "custom", ""), Want: check.Literal(`permissions is required when access is custom`)},
		{Config: cfg(team, ws, "read", `permissions = { runs = "apply" }`),
			Want: check.Literal(`permissions.runs can only be set when access is custom: access read implies read, got apply.`)},
		{Config: cfg(team, ws, "write", `permissions = { run_tasks = true }`),
			Want: check.Literal(`permissions.run_tasks can only be set when access is custom: access write implies false, got true.`)},
		{Config: cfg(team, ws, "custom", `permissions = { state_versions = "all" }`),
			Want: check.Literal(`Attribute permissions.state_versions value must be one of: ["none" "read-outputs" "read" "write"], got: "all"`)},
	}
}

// A create that the platform accepts makes one request: the lookup of an
// access in place waits for a refusal, so an estate's accesses cost no
// request more than their creates under the rate limit.
func TestAccTeamAccess_createSendsOneRequest(t *testing.T) {
	p := acctest.NewPlatform(t)
	cli := acctest.NewCLI(t, nil)
	cli.WriteConfig(t, teamAccessConfig(p, "a", `access = "write"`))
	before := p.Emulator.Stats()
	cli.MustRun(t, "apply", "-auto-approve")
	sent := p.RequestsSince(before)
	if sent["POST /api/v2/team-workspaces"] != 1 || sent["GET /api/v2/team-workspaces"] != 0 {
		t.Errorf("the apply sent %v, want one POST and no GET of /api/v2/team-workspaces", sent)
	}
}

// admin replaced by custom permissions equal to admin's is a change of
// the access, which the plan shows and the apply makes: the level is an
// attribute of its own, not inferred from the permissions.
func TestAccTeamAccess_fixedLevelToEqualCustomIsAChange(t *testing.T) {
	p := acctest.NewPlatform(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: teamAccessConfig(p, "a", `access = "admin"`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(teamAccessAddr, check.Path("permissions"), permissionsAre("apply", "write", "write", "read", true, true, true)),
				},
				Check: teamAccessIs(t, p, map[string]any{"access": "admin", "runs": "apply"}),
			},
			{
				Config: teamAccessConfig(p, "a", `
  access = "custom"
  permissions = {
    runs              = "apply"
    variables         = "write"
    state_versions    = "write"
    sentinel_mocks    = "read"
    workspace_locking = true
    run_tasks         = true
    policy_overrides  = true
  }`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(teamAccessAddr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(teamAccessAddr, check.Path("access"), check.Str("custom")),
				}},
				Check: teamAccessIs(t, p, map[string]any{"access": "custom", "runs": "apply", "variables": "write", "state_versions": "write", "workspace_locking": true}),
			},
		},
	})
}
