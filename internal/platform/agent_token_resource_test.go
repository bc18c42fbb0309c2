package platform_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
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

const agentTokenAddr = "stack_platform_agent_token.test"

// agentTokenConfig is a pool and a token of it, described.
func agentTokenConfig(p *acctest.Platform, description string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_agent_pool" "runners" {
  name = "runners"
}

resource "stack_platform_agent_token" "test" {
  agent_pool_id = stack_platform_agent_pool.runners.id
  description   = %q
}
`, description)
}

// agentTokenIs checks the token the platform holds under the ID in the
// state: its description, and that it is one of the pool's.
func agentTokenIs(t *testing.T, p *acctest.Platform, description string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		id, err := check.StateValue(s, agentTokenAddr, "id")
		if err != nil {
			return err
		}
		pool, err := check.StateValue(s, agentTokenAddr, "agent_pool_id")
		if err != nil {
			return err
		}
		tokens, err := p.Client(t).AgentTokens.List(context.Background(), pool)
		if err != nil {
			return err
		}
		for _, at := range tokens.Items {
			if at.ID == id {
				return check.Differences(map[string]any{"description": at.Description}, map[string]any{"description": description})
			}
		}
		return fmt.Errorf("the pool %s has no token %s", pool, id)
	}
}

func TestAccAgentToken_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	var poolID, secret string
	keepSecret := func(s *terraform.State) error {
		v, err := check.StateValue(s, agentTokenAddr, "token")
		if err == nil && v == secret {
			err = fmt.Errorf("the token's secret is the one before: no new token was created")
		}
		secret = v
		return err
	}
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: agentTokenAddr, FreshID: true,
		PlanErrors: []check.PlanError{
			{Config: p.ProviderConfig() + `
resource "stack_platform_agent_token" "test" {
  agent_pool_id = "runners"
  description   = "ci"
}
`, Want: check.Literal(`agent_pool_id must be the ID of an agent pool: apool- and 16 characters of the base58 alphabet, got "runners".`)},
			{Config: agentTokenConfig(p, " "), Want: check.Literal(`Attribute description must not be blank, got:`)},
		},
		ImportErrors: []check.ImportError{{ID: "apool-6p5RiCe5CRjBmsGt", Want: check.Literal(
			`The import ID of an agent token is its ID, at- and 16 characters of the base58 alphabet, or <POOL ID>/<TOKEN ID>; got "apool-6p5RiCe5CRjBmsGt".`)}},
		Create: check.Step{
			Config: agentTokenConfig(p, "ci agents"),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(agentTokenAddr, check.Path("description"), check.Str("ci agents")),
			},
			StateChecks: stateIs(agentTokenAddr, map[string]knownvalue.Check{
				"id": idOf("at"), "agent_pool_id": idOf("apool"), "description": check.Str("ci agents"),
				"token": knownvalue.StringRegexp(regexp.MustCompile(`^.{16,}$`)), "created_at": knownvalue.NotNull(),
			}),
			Check: resource.ComposeTestCheckFunc(agentTokenIs(t, p, "ci agents"), check.IDKept("stack_platform_agent_pool.runners", &poolID), keepSecret),
			// The pool's ID that an import gives must be the token's.
			Then: []resource.TestStep{{
				ResourceName: agentTokenAddr, ImportState: true,
				ImportStateIdFunc: func(s *terraform.State) (string, error) {
					id, err := check.StateValue(s, agentTokenAddr, "id")
					return "apool-6p5RiCe5CRjBmsGt/" + id, err
				},
				ExpectError: check.Wrapped(`Cannot import the agent token.*is a token of the pool apool-\w+, not of apool-6p5RiCe5CRjBmsGt.`),
			}},
		},
		// The platform never answers the secret again.
		Imports: []check.ImportID{
			{ID: func(id string) string { return id }, Ignore: []string{"token"}},
			{ID: func(id string) string { return poolID + "/" + id }, Ignore: []string{"token"}},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				return c.AgentTokens.Delete(ctx, id)
			},
			Step: check.Step{Config: agentTokenConfig(p, "ci agents"), Check: resource.ComposeTestCheckFunc(agentTokenIs(t, p, "ci agents"), keepSecret)},
		},
		Replace: check.Step{
			Config:      agentTokenConfig(p, "release agents"),
			StateChecks: stateIs(agentTokenAddr, map[string]knownvalue.Check{"description": check.Str("release agents")}),
			Check:       resource.ComposeTestCheckFunc(agentTokenIs(t, p, "release agents"), keepSecret),
		},
	}.Run(t)
}

// The ephemeral token lives from its open to its close, which deletes it,
// for each run, plan and apply alike: the token the apply opened reaches
// a write-only variable, and neither the plan nor the state holds it.
func TestAccAgentTokenEphemeral_livesAsLongAsTheRun(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	ctx := context.Background()
	pool, err := p.Client(t).AgentPools.Create(ctx, p.Organization, platformclient.AgentPoolOptions{Name: check.Ptr("runners")})
	if err != nil {
		t.Fatal(err)
	}
	ws, err := p.Client(t).Workspaces.Create(ctx, p.Organization, platformclient.WorkspaceOptions{Name: check.Ptr("agents")})
	if err != nil {
		t.Fatal(err)
	}
	rec := newRecorder(t, p, nil)
	through := *p
	through.URL = rec.URL
	config := through.ProviderConfig() + fmt.Sprintf(`
ephemeral "stack_platform_agent_token" "run" {
  agent_pool_id = %q
  description   = "agents of this run"
}

resource "stack_platform_variable" "agent" {
  workspace_id     = %q
  key              = "AGENT_TOKEN"
  category         = "env"
  value_wo         = ephemeral.stack_platform_agent_token.run.token
  value_wo_version = 1
}
`, pool.ID, ws.ID)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config,
			Check: func(s *terraform.State) error {
				var opened []exchange
				deleted := map[string]bool{}
				for _, e := range rec.exchanges() {
					switch {
					case e.method == http.MethodPost && e.path == "/api/v2/agent-pools/"+pool.ID+"/authentication-tokens" && e.status == http.StatusCreated:
						opened = append(opened, e)
					case e.method == http.MethodDelete && e.status == http.StatusNoContent:
						deleted[strings.TrimPrefix(e.path, "/api/v2/authentication-tokens/")] = true
					}
				}
				if len(opened) == 0 {
					return fmt.Errorf("no agent token was opened")
				}
				secrets := map[string]bool{}
				for _, e := range opened {
					if e.attributes["description"] != "agents of this run" {
						return fmt.Errorf("an opened token's description is %v", e.attributes["description"])
					}
					secrets[secretOf(t, e)] = true
				}
				// The apply's token, the last opened, is the variable's
				// value; it may be closed before the apply ends, but not
				// before the variable took it.
				vars, err := p.Client(t).Variables.List(ctx, platformclient.InWorkspace(ws.ID))
				if err != nil {
					return err
				}
				if len(vars.Items) != 1 || !secrets[vars.Items[0].Value] {
					return fmt.Errorf("the workspace's variables hold no opened token: %d variables", len(vars.Items))
				}
				for _, e := range opened {
					if !deleted[e.id] {
						return fmt.Errorf("the token %s was opened and not deleted", e.id)
					}
				}
				for _, rs := range s.RootModule().Resources {
					for k, v := range rs.Primary.Attributes {
						if secrets[v] {
							return fmt.Errorf("the state's %s.%s holds an opened token", rs.Type, k)
						}
					}
				}
				return nil
			},
		}},
	})
	// Every run's tokens are gone: plan, apply, and the plans after.
	tokens, err := p.Client(t).AgentTokens.List(ctx, pool.ID)
	if err != nil {
		t.Fatal(err)
	}
	if len(tokens.Items) != 0 {
		t.Errorf("the pool has %d tokens after the runs, want none", len(tokens.Items))
	}
}
