package platform_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

const workspaceTaskAddr = "stack_platform_workspace_run_task.test"

func workspaceTaskConfig(p *acctest.Platform, ws, task, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_workspace_run_task" "test" {
  workspace_id = %q
  task_id      = %q
  %s
}
`, ws, task, body)
}

// workspaceTaskIs checks the attachment the platform holds under the IDs
// in the state.
func workspaceTaskIs(t *testing.T, p *acctest.Platform, want map[string]any) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		ws, err := check.StateValue(s, workspaceTaskAddr, "workspace_id")
		if err != nil {
			return err
		}
		return holds(t, p, workspaceTaskAddr, want, func(ctx context.Context, c *platformclient.Client, id string) (map[string]any, error) {
			wt, err := c.WorkspaceRunTasks.Read(ctx, ws, id)
			if err != nil {
				return nil, err
			}
			return map[string]any{
				"task_id": wt.Task.ID, "enforcement_level": wt.EnforcementLevel, "stages": wt.Stages, "stage": wt.Stage, "enabled": wt.Enabled,
			}, nil
		})(s)
	}
}

func TestAccWorkspaceRunTask_lifecycle(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	ws := createWorkspace(t, p, p.Organization, platformclient.WorkspaceOptions{Name: check.Ptr("app")})
	scanner, linter, taken := newRunTask(t, p, p.Organization, "scanner"), newRunTask(t, p, p.Organization, "linter"), newRunTask(t, p, p.Organization, "cost")
	existing, err := p.Client(t).WorkspaceRunTasks.Create(context.Background(), ws.ID, platformclient.WorkspaceRunTaskOptions{
		EnforcementLevel: check.Ptr("advisory"), Task: &platformclient.RunTask{ID: taken.ID},
	})
	if err != nil {
		t.Fatal(err)
	}
	const mandatory = `enforcement_level = "mandatory"
  stages            = ["pre_plan", "post_plan"]
  enabled           = false`
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: workspaceTaskAddr, FreshID: true,
		// A task the workspace has already is refused with a 422, and the
		// error gives the import ID of the attachment in place.
		NotTakenOver: check.Existing{
			Config: workspaceTaskConfig(p, ws.ID, taken.ID, `enforcement_level = "advisory"`), ImportID: ws.ID + "/" + existing.ID,
			Said: `Workspace run task already exists`, Server: `422 Unprocessable Entity.*Task has already been taken`,
		},
		PlanErrors: []check.PlanError{
			{Config: workspaceTaskConfig(p, ws.ID, scanner.ID, `enforcement_level = "strict"`), Want: check.Literal(`Attribute enforcement_level value must be one of:`)},
			{Config: workspaceTaskConfig(p, ws.ID, scanner.ID, `enforcement_level = "advisory"
  stages = ["mid_plan"]`), Want: check.Literal(`value must be one of:`)},
			{Config: workspaceTaskConfig(p, ws.ID, scanner.ID, `enforcement_level = "advisory"
  stages = []`), Want: check.Literal(`Attribute stages list must contain at least 1 elements, got: 0`)},
			{Config: workspaceTaskConfig(p, ws.ID, scanner.ID, `enforcement_level = "advisory"
  stage  = "later"`), Want: check.Literal(`Attribute stage value must be one of:`)},
			{Config: workspaceTaskConfig(p, ws.ID, scanner.ID, `enforcement_level = "advisory"
  stage  = "pre_plan"
  stages = ["pre_plan"]`), Want: check.Literal(`Attribute "stages" cannot be specified when "stage" is specified`)},
			{Config: workspaceTaskConfig(p, "app", scanner.ID, `enforcement_level = "advisory"`), Want: check.Literal(`must be the ID of a workspace`)},
			{Config: workspaceTaskConfig(p, ws.ID, "scanner", `enforcement_level = "advisory"`), Want: check.Literal(`must be the ID of a run task`)},
		},
		ImportErrors: []check.ImportError{{ID: "wstask-6p5RiCe5CRjBmsGt", Want: check.Literal(
			`The import ID of a workspace run task is <WORKSPACE ID>/<WORKSPACE RUN TASK ID>, or <ORGANIZATION>/<WORKSPACE NAME>/<TASK NAME>; got "wstask-6p5RiCe5CRjBmsGt".`)}},
		Create: check.Step{
			// The platform's defaults are known in the plan: post_plan,
			// which the deprecated stage shows, and enabled.
			Config: workspaceTaskConfig(p, ws.ID, scanner.ID, `enforcement_level = "advisory"`),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(workspaceTaskAddr, check.Path("stages"), check.StrList("post_plan")),
				plancheck.ExpectKnownValue(workspaceTaskAddr, check.Path("stage"), check.Str("post_plan")),
				plancheck.ExpectKnownValue(workspaceTaskAddr, check.Path("enabled"), knownvalue.Bool(true)),
			},
			StateChecks: stateIs(workspaceTaskAddr, map[string]knownvalue.Check{
				"id": idOf("wstask"), "workspace_id": check.Str(ws.ID), "task_id": check.Str(scanner.ID), "enforcement_level": check.Str("advisory"),
				"stages": check.StrList("post_plan"), "stage": check.Str("post_plan"), "enabled": knownvalue.Bool(true),
			}),
			Check: workspaceTaskIs(t, p, map[string]any{"task_id": scanner.ID, "enforcement_level": "advisory", "stages": []string{"post_plan"}, "enabled": true}),
		},
		Update: check.Step{
			Config: workspaceTaskConfig(p, ws.ID, scanner.ID, mandatory),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(workspaceTaskAddr, check.Path("stage"), check.Str("pre_plan")),
			},
			StateChecks: stateIs(workspaceTaskAddr, map[string]knownvalue.Check{
				"enforcement_level": check.Str("mandatory"), "stages": check.StrList("pre_plan", "post_plan"), "stage": check.Str("pre_plan"),
				"enabled": knownvalue.Bool(false),
			}),
			Check: workspaceTaskIs(t, p, map[string]any{"enforcement_level": "mandatory", "stages": []string{"pre_plan", "post_plan"}, "stage": "pre_plan", "enabled": false}),
		},
		Imports: []check.ImportID{
			{ID: func(id string) string { return ws.ID + "/" + id }},
			// The task's name is found in any case.
			{ID: func(string) string { return p.Organization + "/app/SCANNER" }},
		},
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				_, err := c.WorkspaceRunTasks.Update(ctx, ws.ID, id, platformclient.WorkspaceRunTaskOptions{
					EnforcementLevel: check.Ptr("advisory"), Stages: []string{"post_apply"}, Enabled: check.Ptr(true),
				})
				return err
			},
			Step: check.Step{
				Config: workspaceTaskConfig(p, ws.ID, scanner.ID, mandatory),
				Check:  workspaceTaskIs(t, p, map[string]any{"enforcement_level": "mandatory", "stages": []string{"pre_plan", "post_plan"}, "enabled": false}),
			},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				return c.WorkspaceRunTasks.Delete(ctx, ws.ID, id)
			},
			Step: check.Step{
				Config: workspaceTaskConfig(p, ws.ID, scanner.ID, mandatory),
				Check:  workspaceTaskIs(t, p, map[string]any{"task_id": scanner.ID, "enforcement_level": "mandatory"}),
			},
		},
		Replace: check.Step{
			Config:      workspaceTaskConfig(p, ws.ID, linter.ID, mandatory),
			StateChecks: stateIs(workspaceTaskAddr, map[string]knownvalue.Check{"task_id": check.Str(linter.ID)}),
			Check:       workspaceTaskIs(t, p, map[string]any{"task_id": linter.ID}),
		},
	}.Run(t)
}

// The deprecated stage makes the stages that one stage; once stages say
// it instead, the stage shown is their first, and neither change plans an
// update beyond what it says.
func TestAccWorkspaceRunTask_deprecatedStage(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	ws := newWorkspace(t, p, "app")
	task := newRunTask(t, p, p.Organization, "scanner")
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: workspaceTaskConfig(p, ws, task.ID, `enforcement_level = "advisory"
  stage = "pre_apply"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectKnownValue(workspaceTaskAddr, check.Path("stages"), check.StrList("pre_apply")),
				}},
				Check: workspaceTaskIs(t, p, map[string]any{"stages": []string{"pre_apply"}, "stage": "pre_apply"}),
			},
			{
				Config: workspaceTaskConfig(p, ws, task.ID, `enforcement_level = "advisory"
  stages = ["post_apply", "pre_apply"]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(workspaceTaskAddr, plancheck.ResourceActionUpdate),
					plancheck.ExpectKnownValue(workspaceTaskAddr, check.Path("stage"), check.Str("post_apply")),
				}},
				Check: workspaceTaskIs(t, p, map[string]any{"stages": []string{"post_apply", "pre_apply"}, "stage": "post_apply"}),
			},
			{
				// Neither: the platform's default, post_plan.
				Config: workspaceTaskConfig(p, ws, task.ID, `enforcement_level = "advisory"`),
				Check:  workspaceTaskIs(t, p, map[string]any{"stages": []string{"post_plan"}, "stage": "post_plan"}),
			},
		},
	})
}
