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
)

const poolAddr = "stack_platform_agent_pool.test"

func poolConfig(p *acctest.Platform, name, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_agent_pool" "test" {
  name = %q
  %s
}
`, name, body)
}

// poolIs checks the pool the platform holds under the ID in the state.
func poolIs(t *testing.T, p *acctest.Platform, want map[string]any) resource.TestCheckFunc {
	return holds(t, p, poolAddr, want, func(ctx context.Context, c *platformclient.Client, id string) (map[string]any, error) {
		pool, err := c.AgentPools.Read(ctx, id)
		if err != nil {
			return nil, err
		}
		return map[string]any{"organization": pool.Organization.Name, "name": pool.Name, "organization_scoped": pool.OrganizationScoped}, nil
	})
}

func TestAccAgentPool_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	taken, err := p.Client(t).AgentPools.Create(context.Background(), p.Organization, platformclient.AgentPoolOptions{Name: check.Ptr("Runners")})
	if err != nil {
		t.Fatal(err)
	}
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: poolAddr, FreshID: true,
		// A create of a name the organization has, in any case, is
		// refused, and the error gives the import ID.
		NotTakenOver: check.Existing{
			Config: poolConfig(p, "runners", ""), ImportID: taken.ID,
			Said: `Agent pool already exists.*An agent pool named "runners" already exists`, Server: `409 Conflict`,
		},
		PlanErrors: []check.PlanError{
			{Config: poolConfig(p, " ", ""), Want: check.Literal(`Attribute name must not be blank, got:`)},
			{Config: poolConfig(p, "runners", `organization = "a b"`), Want: check.Literal(`Attribute organization must have 1 to 40 characters`)},
		},
		ImportErrors: []check.ImportError{{ID: "team-6p5RiCe5CRjBmsGt", Want: check.Literal(
			`The import ID of an agent pool is its ID, apool- and 16 characters of the base58 alphabet, or <ORGANIZATION>/<POOL NAME>; got "team-6p5RiCe5CRjBmsGt".`)}},
		Create: check.Step{
			// The organization is the provider's, and a new pool is
			// organization-scoped: both known in the plan.
			Config: poolConfig(p, "linux-runners", ""),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(poolAddr, check.Path("organization"), check.Str(p.Organization)),
				plancheck.ExpectKnownValue(poolAddr, check.Path("organization_scoped"), knownvalue.Bool(true)),
			},
			StateChecks: stateIs(poolAddr, map[string]knownvalue.Check{
				"id": idOf("apool"), "organization": check.Str(p.Organization), "name": check.Str("linux-runners"),
				"organization_scoped": knownvalue.Bool(true),
			}),
			Check: poolIs(t, p, map[string]any{"organization": p.Organization, "name": "linux-runners", "organization_scoped": true}),
		},
		Update: check.Step{
			Config:      poolConfig(p, "linux_runners-2", `organization_scoped = false`),
			StateChecks: stateIs(poolAddr, map[string]knownvalue.Check{"name": check.Str("linux_runners-2"), "organization_scoped": knownvalue.Bool(false)}),
			Check:       poolIs(t, p, map[string]any{"name": "linux_runners-2", "organization_scoped": false}),
		},
		Imports: []check.ImportID{
			{ID: func(id string) string { return id }},
			// A name is found in any case.
			{ID: func(string) string { return p.Organization + "/LINUX_RUNNERS-2" }},
		},
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				_, err := c.AgentPools.Update(ctx, id, platformclient.AgentPoolOptions{Name: check.Ptr("renamed"), OrganizationScoped: check.Ptr(true)})
				return err
			},
			Step: check.Step{
				Config: poolConfig(p, "linux_runners-2", `organization_scoped = false`),
				Check:  poolIs(t, p, map[string]any{"name": "linux_runners-2", "organization_scoped": false}),
			},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				return c.AgentPools.Delete(ctx, id)
			},
			Step: check.Step{
				Config: poolConfig(p, "linux_runners-2", ""),
				Check:  poolIs(t, p, map[string]any{"name": "linux_runners-2", "organization_scoped": true}),
			},
		},
		Replace: check.Step{
			Config:      poolConfig(p, "linux_runners-2", `organization = "`+other+`"`),
			StateChecks: stateIs(poolAddr, map[string]knownvalue.Check{"organization": check.Str(other)}),
			Check:       poolIs(t, p, map[string]any{"organization": other, "name": "linux_runners-2"}),
		},
	}.Run(t)
}

// The platform refuses to delete a pool that a workspace runs on: the
// destroy fails with the platform's words, which name the workspace, and
// the pool stays in the state; once the workspace uses another execution,
// the destroy goes through.
func TestAccAgentPool_deleteWhileUsedByAWorkspace(t *testing.T) {
	p := acctest.NewPlatform(t)
	ws := p.ProviderConfig() + `
resource "stack_platform_workspace" "web" {
  name = "web"
}
`
	var poolID, wsID string
	setPool := func(mode string, pool platformclient.Nullable[string]) func() {
		return func() {
			if _, err := p.Client(t).Workspaces.Update(context.Background(), wsID, platformclient.WorkspaceOptions{
				ExecutionMode: check.Ptr(mode), AgentPoolID: pool,
			}); err != nil {
				t.Fatal(err)
			}
		}
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: ws + `
resource "stack_platform_agent_pool" "test" {
  name = "runners"
}
`,
				Check: resource.ComposeTestCheckFunc(check.IDKept(poolAddr, &poolID), check.IDKept("stack_platform_workspace.web", &wsID)),
			},
			{
				PreConfig: func() { setPool(platformclient.ExecutionModeAgent, platformclient.Value(poolID))() },
				Config:    ws,
				ExpectError: check.Wrapped(`Cannot delete the agent pool.*DELETE .*/api/v2/agent-pools/apool-\w+.*409 Conflict.*` +
					`cannot be deleted while it is in use: it is the agent pool of workspace ws-\w+`),
			},
			{
				// The pool is still in the state, and goes once nothing
				// runs on it.
				PreConfig: setPool(platformclient.ExecutionModeRemote, platformclient.Null[string]()),
				Config:    ws,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(poolAddr, plancheck.ResourceActionDestroy)},
				},
				Check: func(*terraform.State) error {
					if _, err := p.Client(t).AgentPools.Read(context.Background(), poolID); err == nil {
						return fmt.Errorf("the pool %s is still there", poolID)
					}
					return nil
				},
			},
		},
	})
}
