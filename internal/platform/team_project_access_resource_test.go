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

const accessAddr = "stack_platform_team_project_access.test"

// accessConfig is a team, two projects, and the team's access to the one
// named project ("a" or "b"), with body as its other arguments.
func accessConfig(p *acctest.Platform, project, body string) string {
	return grantConfig(p, "team_project_access", "project", "project", project, body)
}

// projectAccessIs and workspaceAccessIs check every permission.
func projectAccessIs(settings, teams, variableSets string) knownvalue.Check {
	return knownvalue.ObjectExact(map[string]knownvalue.Check{
		"settings": check.Str(settings), "teams": check.Str(teams), "variable_sets": check.Str(variableSets),
	})
}

func workspaceAccessIs(runs, mocks, states, variables string, create, locking, del, move, runTasks, overrides bool) knownvalue.Check {
	return knownvalue.ObjectExact(map[string]knownvalue.Check{
		"runs": check.Str(runs), "sentinel_mocks": check.Str(mocks), "state_versions": check.Str(states), "variables": check.Str(variables),
		"create": knownvalue.Bool(create), "locking": knownvalue.Bool(locking), "delete": knownvalue.Bool(del),
		"move": knownvalue.Bool(move), "run_tasks": knownvalue.Bool(runTasks), "policy_overrides": knownvalue.Bool(overrides),
	})
}

// accessIs checks the access the platform holds under the ID in the state.
func accessIs(t *testing.T, p *acctest.Platform, want map[string]any) resource.TestCheckFunc {
	return holds(t, p, accessAddr, want, func(ctx context.Context, c *platformclient.Client, id string) (map[string]any, error) {
		a, err := c.TeamProjectAccesses.Read(ctx, id)
		if err != nil {
			return nil, err
		}
		return map[string]any{
			"access": a.Access, "runs": a.WorkspaceAccess.Runs, "create": a.WorkspaceAccess.Create,
			"state_versions": a.WorkspaceAccess.StateVersions, "settings": a.ProjectAccess.Settings,
		}, nil
	})
}

func TestAccTeamProjectAccess_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	var id string
	custom := accessConfig(p, "a", `
  access           = "custom"
  project_access   = { teams = "read" }
  workspace_access = { runs = "plan", create = true }`)
	update := []plancheck.PlanCheck{plancheck.ExpectResourceAction(accessAddr, plancheck.ResourceActionUpdate)}
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: accessAddr, FreshID: true,
		PlanErrors:   accessPlanErrors(p),
		ImportErrors: []check.ImportError{{ID: "team-6p5RiCe5CRjBmsGt", Want: check.Literal(`The import ID of a team project access is its ID, tprj- and 16 characters of the base58 alphabet; got "team-6p5RiCe5CRjBmsGt".`)}},
		Create: check.Step{
			// A fixed level's permissions are those it implies, and the
			// next plan is empty.
			Config: accessConfig(p, "a", `access = "read"`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(accessAddr, check.Path("id"), idOf("tprj")),
				statecheck.ExpectKnownValue(accessAddr, check.Path("access"), check.Str("read")),
				statecheck.ExpectKnownValue(accessAddr, check.Path("project_access"), projectAccessIs("read", "none", "read")),
				statecheck.ExpectKnownValue(accessAddr, check.Path("workspace_access"),
					workspaceAccessIs("read", "none", "read", "read", false, false, false, false, false, false)),
				statecheck.CompareValuePairs(accessAddr, check.Path("team_id"), "stack_platform_team.devs", check.Path("id"), compare.ValuesSame()),
				statecheck.CompareValuePairs(accessAddr, check.Path("project_id"), "stack_platform_project.a", check.Path("id"), compare.ValuesSame()),
			},
			Check: resource.ComposeTestCheckFunc(check.IDKept(accessAddr, &id), accessIs(t, p, map[string]any{"access": "read", "runs": "read"})),
		},
		// Another fixed level: its permissions are known in the plan.
		Update: check.Step{
			Config: accessConfig(p, "a", `access = "write"`),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(accessAddr, check.Path("workspace_access"),
					workspaceAccessIs("apply", "read", "write", "write", false, true, false, false, false, false)),
			},
			Check: accessIs(t, p, map[string]any{"access": "write", "runs": "apply"}),
			Then: []resource.TestStep{{
				// Custom starts from what the level implied, and changes
				// what the configuration sets.
				Config:           custom,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: update},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(accessAddr, check.Path("project_access"), projectAccessIs("read", "read", "read")),
					statecheck.ExpectKnownValue(accessAddr, check.Path("workspace_access"),
						workspaceAccessIs("plan", "read", "write", "write", true, true, false, false, false, false)),
				},
				Check: resource.ComposeTestCheckFunc(check.IDKept(accessAddr, &id),
					accessIs(t, p, map[string]any{"access": "custom", "runs": "plan", "create": true, "state_versions": "write"})),
			}},
		},
		Imports: []check.ImportID{{ID: func(id string) string { return id }}},
		// Changed outside Terraform: the plan sets the custom permissions
		// again.
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				_, err := c.TeamProjectAccesses.Update(ctx, id, platformclient.TeamProjectAccessOptions{
					WorkspaceAccess: &platformclient.TeamProjectAccessWorkspaceAccessOptions{Runs: check.Ptr("apply"), Create: check.Ptr(false)},
				})
				return err
			},
			Step: check.Step{
				Config: custom,
				Check:  accessIs(t, p, map[string]any{"access": "custom", "runs": "plan", "create": true}),
				Then: []resource.TestStep{
					{
						// Back to a fixed level: its permissions, known in
						// the plan.
						Config: accessConfig(p, "a", `access = "maintain"`),
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PreApply: append(update,
								plancheck.ExpectKnownValue(accessAddr, check.Path("project_access"), projectAccessIs("read", "none", "read")),
								plancheck.ExpectKnownValue(accessAddr, check.Path("workspace_access"),
									workspaceAccessIs("apply", "read", "write", "write", true, true, true, false, true, true))),
						},
						Check: resource.ComposeTestCheckFunc(check.IDKept(accessAddr, &id), accessIs(t, p, map[string]any{"access": "maintain", "create": true})),
					},
					{
						// A fixed level may state the permissions it
						// implies.
						Config: accessConfig(p, "a", `
  access           = "maintain"
  workspace_access = { runs = "apply", move = false }`),
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
						},
					},
				},
			},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				return c.TeamProjectAccesses.Delete(ctx, id)
			},
			Step: check.Step{
				Config: accessConfig(p, "a", `access = "maintain"`),
				Check:  accessIs(t, p, map[string]any{"access": "maintain"}),
			},
		},
		// Another project replaces the access.
		Replace: check.Step{
			Config: accessConfig(p, "b", `access = "admin"`),
			StateChecks: []statecheck.StateCheck{
				statecheck.CompareValuePairs(accessAddr, check.Path("project_id"), "stack_platform_project.b", check.Path("id"), compare.ValuesSame()),
				statecheck.ExpectKnownValue(accessAddr, check.Path("project_access"), projectAccessIs("delete", "manage", "write")),
				statecheck.ExpectKnownValue(accessAddr, check.Path("workspace_access"),
					workspaceAccessIs("apply", "read", "write", "write", true, true, true, true, true, true)),
			},
			Check: accessIs(t, p, map[string]any{"access": "admin", "settings": "delete"}),
		},
	}.Run(t)
}

// Every permission is known in the plan, on create as on update: a fixed
// level's, those custom access keeps from what the access had, and, for an
// access a replacement makes anew, custom's defaults.
func TestAccTeamProjectAccess_planShowsEveryPermission(t *testing.T) {
	p := acctest.NewPlatform(t)
	planned := func(action plancheck.ResourceActionType, project, workspace knownvalue.Check) resource.ConfigPlanChecks {
		return resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
			plancheck.ExpectResourceAction(accessAddr, action),
			plancheck.ExpectKnownValue(accessAddr, check.Path("project_access"), project),
			plancheck.ExpectKnownValue(accessAddr, check.Path("workspace_access"), workspace),
		}}
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: accessConfig(p, "a", `access = "write"`),
				ConfigPlanChecks: planned(plancheck.ResourceActionCreate, projectAccessIs("read", "none", "read"),
					workspaceAccessIs("apply", "read", "write", "write", false, true, false, false, false, false)),
			},
			{
				// Custom keeps what write granted, but runs.
				Config: accessConfig(p, "a", `
  access           = "custom"
  workspace_access = { runs = "plan" }`),
				ConfigPlanChecks: planned(plancheck.ResourceActionUpdate, projectAccessIs("read", "none", "read"),
					workspaceAccessIs("plan", "read", "write", "write", false, true, false, false, false, false)),
			},
			{
				// One permission changes; the plan shows every other as
				// it is.
				Config: accessConfig(p, "a", `
  access           = "custom"
  project_access   = { variable_sets = "write" }
  workspace_access = { runs = "plan", delete = true }`),
				ConfigPlanChecks: planned(plancheck.ResourceActionUpdate, projectAccessIs("read", "none", "write"),
					workspaceAccessIs("plan", "read", "write", "write", false, true, true, false, false, false)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(accessAddr, check.Path("project_access"), projectAccessIs("read", "none", "write")),
					statecheck.ExpectKnownValue(accessAddr, check.Path("workspace_access"),
						workspaceAccessIs("plan", "read", "write", "write", false, true, true, false, false, false)),
				},
				Check: accessIs(t, p, map[string]any{"access": "custom", "runs": "plan", "state_versions": "write", "create": false}),
			},
			{
				// Another project makes a new access: custom's defaults
				// for what the configuration leaves out.
				Config: accessConfig(p, "b", `
  access           = "custom"
  workspace_access = { runs = "plan", delete = true }`),
				ConfigPlanChecks: planned(plancheck.ResourceActionDestroyBeforeCreate, projectAccessIs("read", "none", "none"),
					workspaceAccessIs("plan", "none", "none", "none", false, false, true, false, false, false)),
				Check: accessIs(t, p, map[string]any{"access": "custom", "runs": "plan", "state_versions": "none", "settings": "read"}),
			},
		},
	})
}

// A custom access created with some permissions has custom's defaults for
// the others, and no diff follows.
func TestAccTeamProjectAccess_customFromScratch(t *testing.T) {
	p := acctest.NewPlatform(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: accessConfig(p, "a", `
  access           = "custom"
  workspace_access = { state_versions = "read-outputs", locking = true }`),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(accessAddr, check.Path("project_access"), projectAccessIs("read", "none", "none")),
				statecheck.ExpectKnownValue(accessAddr, check.Path("workspace_access"),
					workspaceAccessIs("read", "none", "read-outputs", "none", false, true, false, false, false, false)),
			},
		}},
	})
}

// accessPlanErrors are the plan-time errors of an access.
func accessPlanErrors(p *acctest.Platform) []check.PlanError {
	raw := p.ProviderConfig() + `
resource "stack_platform_team_project_access" "test" {
  team_id    = "%s"
  project_id = "prj-6p5RiCe5CRjBmsGt"
  access     = "%s"
  %s
}
`
	cfg := func(team, access, body string) string { return fmt.Sprintf(raw, team, access, body) }
	return []check.PlanError{
		{Config: cfg("team-6p5RiCe5CRjBmsGt", "owner", ""),
			Want: check.Literal(`Attribute access value must be one of: ["read" "write" "maintain" "admin" "custom"], got: "owner"`)},
		{Config: cfg("devs", "read", ""), Want: check.Literal(`team_id must be the ID of a team: team- and 16 characters of the base58 alphabet, got "devs".`)},
		{Config: cfg("team-6p5RiCe5CRjBmsGt", "read", `workspace_access = { runs = "apply" }`),
			Want: check.Literal(`workspace_access.runs can only be set when access is custom: access read implies read, got apply.`)},
		{Config: cfg("team-6p5RiCe5CRjBmsGt", "write", `project_access = { teams = "manage" }`),
			Want: check.Literal(`project_access.teams can only be set when access is custom: access write implies none, got manage.`)},
		{Config: cfg("team-6p5RiCe5CRjBmsGt", "custom", `workspace_access = { state_versions = "all" }`),
			Want: check.Literal(`Attribute workspace_access.state_versions value must be one of: ["none" "read-outputs" "read" "write"], got: "all"`)},
	}
}
