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

const globalSettingsAddr = "stack_platform_run_task_global_settings.test"

func globalSettingsConfig(p *acctest.Platform, taskID, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_run_task_global_settings" "test" {
  task_id = %q
  %s
}
`, taskID, body)
}

// newRunTask creates a run task outside Terraform.
func newRunTask(t *testing.T, p *acctest.Platform, org, name string) *platformclient.RunTask {
	t.Helper()
	task, err := p.Client(t).RunTasks.Create(context.Background(), org, platformclient.RunTaskOptions{
		Name: check.Ptr(name), URL: check.Ptr("https://" + name + ".example.com"), Category: check.Ptr(platformclient.RunTaskCategory),
	})
	if err != nil {
		t.Fatal(err)
	}
	return task
}

// globalSettingsOf checks the global configuration of the task id.
func globalSettingsOf(t *testing.T, p *acctest.Platform, id string, want platformclient.RunTaskGlobalConfiguration) resource.TestCheckFunc {
	return check.OnServer(t, p.Client, func(ctx context.Context, c *platformclient.Client) (*platformclient.RunTask, error) {
		return c.RunTasks.Read(ctx, id)
	}, func(task *platformclient.RunTask) error {
		return check.Differences(map[string]any{"global": task.GlobalConfiguration}, map[string]any{"global": &want})
	})
}

func TestAccRunTaskGlobalSettings_lifecycle(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	onPlan(t, p, p.Organization, "Business")
	scanner, linter := newRunTask(t, p, p.Organization, "scanner"), newRunTask(t, p, p.Organization, "linter")
	const mandatory = `stages            = ["post_plan", "pre_plan"]
  enforcement_level = "mandatory"`
	const advisory = `enabled           = false
  stages            = ["pre_apply"]
  enforcement_level = "advisory"`
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: globalSettingsAddr,
		PlanErrors: []check.PlanError{
			{Config: globalSettingsConfig(p, scanner.ID, `stages = []
  enforcement_level = "advisory"`), Want: check.Literal(`Attribute stages list must contain at least 1 elements, got: 0`)},
			{Config: globalSettingsConfig(p, scanner.ID, `stages = ["mid_plan"]
  enforcement_level = "advisory"`), Want: check.Literal(`value must be one of:`)},
			{Config: globalSettingsConfig(p, scanner.ID, `stages = ["pre_plan", "pre_plan"]
  enforcement_level = "advisory"`), Want: check.Literal(`This attribute contains duplicate values of: "pre_plan"`)},
			{Config: globalSettingsConfig(p, scanner.ID, `stages = ["pre_plan"]
  enforcement_level = "strict"`), Want: check.Literal(`Attribute enforcement_level value must be one of:`)},
			{Config: globalSettingsConfig(p, "scanner", mandatory), Want: check.Literal(`must be the ID of a run task`)},
		},
		ImportErrors: []check.ImportError{{ID: "team-6p5RiCe5CRjBmsGt", Want: check.Literal(
			`The import ID of a run task's global settings is its ID, task- and 16 characters of the base58 alphabet, or <ORGANIZATION>/<TASK NAME>; got "team-6p5RiCe5CRjBmsGt".`)}},
		Create: check.Step{
			Config: globalSettingsConfig(p, scanner.ID, mandatory),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(globalSettingsAddr, check.Path("enabled"), knownvalue.Bool(true)),
				plancheck.ExpectKnownValue(globalSettingsAddr, check.Path("stages"), check.StrList("post_plan", "pre_plan")),
			},
			StateChecks: stateIs(globalSettingsAddr, map[string]knownvalue.Check{
				"id": check.Str(scanner.ID), "task_id": check.Str(scanner.ID), "enabled": knownvalue.Bool(true),
				"stages": check.StrList("post_plan", "pre_plan"), "enforcement_level": check.Str("mandatory"),
			}),
			Check: globalSettingsOf(t, p, scanner.ID, platformclient.RunTaskGlobalConfiguration{
				Enabled: true, Stages: []string{"post_plan", "pre_plan"}, EnforcementLevel: "mandatory",
			}),
		},
		Update: check.Step{
			Config: globalSettingsConfig(p, scanner.ID, advisory),
			StateChecks: stateIs(globalSettingsAddr, map[string]knownvalue.Check{
				"enabled": knownvalue.Bool(false), "stages": check.StrList("pre_apply"), "enforcement_level": check.Str("advisory"),
			}),
			Check: globalSettingsOf(t, p, scanner.ID, platformclient.RunTaskGlobalConfiguration{Stages: []string{"pre_apply"}, EnforcementLevel: "advisory"}),
		},
		Imports: []check.ImportID{
			{ID: func(id string) string { return id }},
			// A task's name is found in any case.
			{ID: func(string) string { return p.Organization + "/SCANNER" }},
		},
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				_, err := c.RunTasks.Update(ctx, id, platformclient.RunTaskOptions{GlobalConfiguration: &platformclient.RunTaskGlobalConfigurationOptions{
					Enabled: check.Ptr(true), Stages: []string{"post_apply", "pre_plan"}, EnforcementLevel: check.Ptr("mandatory"),
				}})
				return err
			},
			Step: check.Step{
				Config: globalSettingsConfig(p, scanner.ID, advisory),
				Check:  globalSettingsOf(t, p, scanner.ID, platformclient.RunTaskGlobalConfiguration{Stages: []string{"pre_apply"}, EnforcementLevel: "advisory"}),
			},
		},
		// Another task: the former's settings are turned off, and keep
		// their stages and level.
		Replace: check.Step{
			Config: globalSettingsConfig(p, linter.ID, mandatory),
			Check: resource.ComposeTestCheckFunc(
				globalSettingsOf(t, p, linter.ID, platformclient.RunTaskGlobalConfiguration{Enabled: true, Stages: []string{"post_plan", "pre_plan"}, EnforcementLevel: "mandatory"}),
				globalSettingsOf(t, p, scanner.ID, platformclient.RunTaskGlobalConfiguration{Stages: []string{"pre_apply"}, EnforcementLevel: "advisory"}),
			),
		},
		CheckDestroy: globalSettingsOf(t, p, linter.ID, platformclient.RunTaskGlobalConfiguration{Stages: []string{"post_plan", "pre_plan"}, EnforcementLevel: "mandatory"}),
	}.Run(t)
}

// The task's resource and its global settings' share one object and never
// undo each other: an update of either leaves what the other manages, and
// each next plan is empty.
func TestAccRunTaskGlobalSettings_andTheTaskDoNotFight(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	onPlan(t, p, p.Organization, "Business")
	config := func(description, level string) string {
		return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_run_task" "test" {
  name        = "scanner"
  url         = "https://scanner.example.com"
  description = %q
}

resource "stack_platform_run_task_global_settings" "test" {
  task_id           = stack_platform_run_task.test.id
  stages            = ["post_plan"]
  enforcement_level = %q
}
`, description, level)
	}
	task := func(description, level string) resource.TestCheckFunc {
		return func(s *terraform.State) error {
			id, err := check.StateValue(s, runTaskAddr, "id")
			if err != nil {
				return err
			}
			got, err := p.Client(t).RunTasks.Read(context.Background(), id)
			if err != nil {
				return err
			}
			return check.Differences(map[string]any{"description": got.Description, "global": got.GlobalConfiguration},
				map[string]any{"description": description, "global": &platformclient.RunTaskGlobalConfiguration{
					Enabled: true, Stages: []string{"post_plan"}, EnforcementLevel: level,
				}})
		}
	}
	only := func(addr string) resource.ConfigPlanChecks {
		other := runTaskAddr
		if addr == runTaskAddr {
			other = globalSettingsAddr
		}
		return resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
			plancheck.ExpectResourceAction(addr, plancheck.ResourceActionUpdate),
			plancheck.ExpectResourceAction(other, plancheck.ResourceActionNoop),
		}}
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config("first", "advisory"), Check: task("first", "advisory")},
			{Config: config("second", "advisory"), ConfigPlanChecks: only(runTaskAddr), Check: task("second", "advisory")},
			{Config: config("second", "mandatory"), ConfigPlanChecks: only(globalSettingsAddr), Check: task("second", "mandatory")},
		},
	})
}

// Global settings need the organization's global-run-tasks entitlement:
// without it the platform ignores them, and the apply fails saying so.
// Settings set on a plan that had it leave the state once the plan has
// it no more, so that the next apply says why, and a destroy goes
// through.
func TestAccRunTaskGlobalSettings_needTheEntitlement(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	free := newRunTask(t, p, p.Organization, "scanner")
	business := p.NewOrganization(t)
	onPlan(t, p, business, "Business")
	task := newRunTask(t, p, business, "scanner")
	const settings = `stages            = ["post_plan"]
  enforcement_level = "mandatory"`
	notEntitled := `Global run tasks not available.*The platform answered the run task task-\w+ without global settings: the plan of the ` +
		`organization "[^"]+" does not entitle it to global run tasks`
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: globalSettingsConfig(p, free.ID, settings), ExpectError: check.Wrapped(notEntitled)},
			{Config: globalSettingsConfig(p, task.ID, settings)},
			{
				PreConfig:   func() { onPlan(t, p, business, "Free") },
				Config:      globalSettingsConfig(p, task.ID, settings),
				ExpectError: check.Wrapped(notEntitled),
			},
		},
	})
}
