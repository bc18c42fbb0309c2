package platform_test

import (
	"context"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emuplatform "github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

const runTriggerAddr = "stack_platform_run_trigger.test"

// runTriggerConfig is three workspaces, and a trigger of the app
// workspace whose source is the one named (network or dns).
func runTriggerConfig(p *acctest.Platform, source string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_workspace" "app" {
  name = "app"
}

resource "stack_platform_workspace" "network" {
  name = "network"
}

resource "stack_platform_workspace" "dns" {
  name = "dns"
}

resource "stack_platform_run_trigger" "test" {
  workspace_id  = stack_platform_workspace.app.id
  sourceable_id = stack_platform_workspace.%s.id
}
`, source)
}

// runTriggerLiteral is a trigger of literal IDs, for plan errors.
func runTriggerLiteral(p *acctest.Platform, ws, source string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_run_trigger" "test" {
  workspace_id  = %q
  sourceable_id = %q
}
`, ws, source)
}

// runTriggerIs checks the trigger the platform holds under the ID in the
// state: its workspace and its source, by name.
func runTriggerIs(t *testing.T, p *acctest.Platform, workspace, source string) resource.TestCheckFunc {
	return holds(t, p, runTriggerAddr, map[string]any{"workspace": workspace, "source": source}, func(ctx context.Context, c *platformclient.Client, id string) (map[string]any, error) {
		rt, err := c.RunTriggers.Read(ctx, id)
		if err != nil {
			return nil, err
		}
		return map[string]any{"workspace": rt.WorkspaceName, "source": rt.SourceableName}, nil
	})
}

func TestAccRunTrigger_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	const ws1, ws2 = "ws-6p5RiCe5CRjBmsGt", "ws-7q6SjDf6DSkCntHu"
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: runTriggerAddr, FreshID: true,
		PlanErrors: []check.PlanError{
			{Config: runTriggerLiteral(p, "app", ws2), Want: check.Literal(
				`workspace_id must be the ID of a workspace: ws- and 16 characters of the base58 alphabet, got "app".`)},
			{Config: runTriggerLiteral(p, ws1, "prj-6p5RiCe5CRjBmsGt"), Want: check.Literal(
				`sourceable_id must be the ID of a workspace: ws- and 16 characters of the base58 alphabet, got "prj-6p5RiCe5CRjBmsGt".`)},
			{Config: runTriggerLiteral(p, ws1, ws1), Want: check.Literal(
				`sourceable_id must be another workspace than workspace_id: a workspace cannot trigger its own runs, got ` + ws1 + ` for both.`)},
		},
		ImportErrors: []check.ImportError{{ID: "ws-6p5RiCe5CRjBmsGt", Want: check.Literal(
			`The import ID of a run trigger is its ID, rt- and 16 characters of the base58 alphabet; got "ws-6p5RiCe5CRjBmsGt".`)}},
		Create: check.Step{
			Config: runTriggerConfig(p, "network"),
			StateChecks: stateIs(runTriggerAddr, map[string]knownvalue.Check{
				"id": idOf("rt"), "workspace_id": idOf("ws"), "sourceable_id": idOf("ws"),
				"workspace_name": check.Str("app"), "sourceable_name": check.Str("network"),
			}),
			Check: runTriggerIs(t, p, "app", "network"),
		},
		Imports: []check.ImportID{{ID: func(id string) string { return id }}},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				return c.RunTriggers.Delete(ctx, id)
			},
			Step: check.Step{Config: runTriggerConfig(p, "network"), Check: runTriggerIs(t, p, "app", "network")},
		},
		Replace: check.Step{
			Config:      runTriggerConfig(p, "dns"),
			StateChecks: stateIs(runTriggerAddr, map[string]knownvalue.Check{"sourceable_name": check.Str("dns")}),
			Check:       runTriggerIs(t, p, "app", "dns"),
		},
	}.Run(t)
}

// A source workspace deleted outside Terraform takes its trigger with it:
// the next plan creates the trigger again, and the create fails on
// sourceable_id, which names a workspace that is no more.
func TestAccRunTrigger_sourceDeletedElsewhere(t *testing.T) {
	p := acctest.NewPlatform(t)
	source, err := p.Client(t).Workspaces.Create(context.Background(), p.Organization, platformclient.WorkspaceOptions{Name: check.Ptr("network")})
	if err != nil {
		t.Fatal(err)
	}
	config := p.ProviderConfig() + `
resource "stack_platform_workspace" "app" {
  name = "app"
}

resource "stack_platform_run_trigger" "test" {
  workspace_id  = stack_platform_workspace.app.id
  sourceable_id = "` + source.ID + `"
}
`
	var id string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config, Check: check.IDKept(runTriggerAddr, &id)},
			{
				PreConfig: func() {
					if err := p.Client(t).Workspaces.Delete(context.Background(), source.ID); err != nil {
						t.Fatal(err)
					}
				},
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(runTriggerAddr, plancheck.ResourceActionCreate)},
				},
				ExpectError: check.Wrapped(`Cannot create the run trigger.*with stack_platform_run_trigger.test.*sourceable_id = "` + source.ID + `".*` +
					`The workspace ` + source.ID + ` that sourceable_id names does not exist, or the provider's token may not see it.*` +
					`POST .*/run-triggers: 404 Not Found`),
			},
		},
	})
	if _, err := p.Client(t).RunTriggers.Read(context.Background(), id); err == nil {
		t.Errorf("the trigger %s outlived its source", id)
	}
}

// The platform refuses concurrent creates of run triggers in one
// organization while one holds its lock: an apply that creates three at
// once waits the refusals out and creates each once.
func TestAccRunTrigger_waitsOutTheOrganizationsLock(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{Platform: emuplatform.Options{RunTriggerLock: 300 * time.Millisecond}})
	var config strings.Builder
	config.WriteString(p.ProviderConfig() + `
resource "stack_platform_workspace" "source" {
  name = "network"
}
`)
	for i := range 3 {
		fmt.Fprintf(&config, `
resource "stack_platform_workspace" "w%d" {
  name = "app-%d"
}

resource "stack_platform_run_trigger" "w%d" {
  workspace_id  = stack_platform_workspace.w%d.id
  sourceable_id = stack_platform_workspace.source.id
}
`, i, i, i, i)
	}
	cli := acctest.NewCLI(t, nil)
	cli.WriteConfig(t, config.String())
	before := p.Emulator.Stats()
	cli.MustRun(t, "apply", "-auto-approve")
	if sent := p.RequestsSince(before)["POST /api/v2/workspaces/{id}/run-triggers"]; sent <= 3 {
		t.Errorf("the apply sent %d creates of run triggers, want more than 3: the lock refused none", sent)
	}
	ws, err := p.Client(t).Workspaces.Read(context.Background(), p.Organization, "network", platformclient.WorkspaceReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	out, err := p.Client(t).RunTriggers.List(context.Background(), ws.ID, platformclient.RunTriggerOutbound)
	if err != nil {
		t.Fatal(err)
	}
	if len(out.Items) != 3 {
		t.Errorf("the source triggers %d workspaces, want 3", len(out.Items))
	}
	if code, plan := cli.Run(t, "plan", "-detailed-exitcode"); code != 0 {
		t.Errorf("the plan after the apply exited %d:\n%s", code, plan)
	}
}
