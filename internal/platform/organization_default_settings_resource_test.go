package platform_test

import (
	"context"
	"fmt"
	"testing"

	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const settingsAddr = "stack_platform_organization_default_settings.test"

// testPool is a well-formed agent pool ID for the plan-time checks, which
// send no request; an apply needs a real pool (newAgentPool).
const testPool = "apool-6p5RiCe5CRjBmsGt"

// newAgentPool creates an agent pool in org, which the organization's
// delete at the test's end takes with it, and returns its ID: the platform
// takes only a pool of the organization as its default.
func newAgentPool(t *testing.T, p *acctest.Platform, org string) string {
	t.Helper()
	pool, err := p.Client(t).AgentPools.Create(context.Background(), org, platformclient.AgentPoolOptions{
		Name: check.Ptr(tfacctest.RandomWithPrefix("pool")),
	})
	if err != nil {
		t.Fatalf("creating an agent pool: %v", err)
	}
	return pool.ID
}

func settingsConfig(p *acctest.Platform, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_organization_default_settings" "test" {
  %s
}
`, body)
}

// executionIs checks the default execution settings the platform holds.
func executionIs(t *testing.T, p *acctest.Platform, org, mode, pool string) resource.TestCheckFunc {
	return check.OnServer(t, p.Client, readOrg(org), func(o *platformclient.Organization) error {
		got := ""
		if o.DefaultAgentPool != nil {
			got = o.DefaultAgentPool.ID
		}
		return check.Differences(map[string]any{"mode": o.DefaultExecutionMode, "pool": got}, map[string]any{"mode": mode, "pool": pool})
	})
}

func TestAccOrganizationDefaultSettings_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	pool := newAgentPool(t, p, p.Organization)
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: settingsAddr,
		// The settings are the organization's: it identifies them.
		IDAttribute: "organization", FreshID: true,
		ImportIdentifier: "organization",
		// Destroyed, the settings are the platform's defaults again.
		CheckDestroy: executionIs(t, p, other, "remote", ""),
		PlanErrors:   settingsPlanErrors(p),
		// An import ID that is no organization's name is refused before any
		// request.
		ImportErrors: []check.ImportError{{ID: "acme/prod", Want: check.Literal(`The import ID of an organization's default settings is the organization's name. ` +
			`An organization's name has 1 to 40 characters: letters, digits, ` + "`-` and `_`." + ` Got "acme/prod".`)}},
		Create: check.Step{
			// The organization is the provider's, known in the plan.
			Config:     settingsConfig(p, `default_execution_mode = "local"`),
			PlanChecks: []plancheck.PlanCheck{plancheck.ExpectKnownValue(settingsAddr, check.Path("organization"), check.Str(p.Organization))},
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(settingsAddr, check.Path("organization"), check.Str(p.Organization)),
				statecheck.ExpectKnownValue(settingsAddr, check.Path("default_execution_mode"), check.Str("local")),
				statecheck.ExpectKnownValue(settingsAddr, check.Path("default_agent_pool_id"), knownvalue.Null()),
			},
			Check: executionIs(t, p, p.Organization, "local", ""),
		},
		Update: check.Step{
			Config: settingsConfig(p, `
  default_execution_mode = "agent"
  default_agent_pool_id  = "`+pool+`"`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(settingsAddr, check.Path("default_agent_pool_id"), check.Str(pool)),
			},
			Check: executionIs(t, p, p.Organization, "agent", pool),
		},
		Imports: []check.ImportID{
			{ID: func(string) string { return p.Organization }},
		},
		// Changed outside Terraform: set back.
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, _ string) error {
				_, err := c.Organizations.Update(ctx, p.Organization, platformclient.OrganizationOptions{
					DefaultExecutionMode: check.Ptr("remote"), DefaultAgentPoolID: platformclient.Null[string](),
				})
				return err
			},
			Step: check.Step{
				Config: settingsConfig(p, `
  default_execution_mode = "agent"
  default_agent_pool_id  = "`+pool+`"`),
				Check: executionIs(t, p, p.Organization, "agent", pool),
				Then: []resource.TestStep{
					{
						// Back to remote: the pool is cleared.
						Config: settingsConfig(p, `default_execution_mode = "remote"`),
						ConfigStateChecks: []statecheck.StateCheck{
							statecheck.ExpectKnownValue(settingsAddr, check.Path("default_agent_pool_id"), knownvalue.Null()),
						},
						Check: executionIs(t, p, p.Organization, "remote", ""),
					},
				},
			},
		},
		Replace: check.Step{
			// Another organization replaces: the first gets its
			// defaults back.
			Config: settingsConfig(p, `
  organization           = "`+other+`"
  default_execution_mode = "local"`),
			Check: resource.ComposeTestCheckFunc(
				executionIs(t, p, p.Organization, "remote", ""),
				executionIs(t, p, other, "local", ""),
			),
		},
	}.Run(t)
}

// settingsPlanErrors are the plan-time errors of the settings.
func settingsPlanErrors(p *acctest.Platform) []check.PlanError {
	return []check.PlanError{
		{Config: settingsConfig(p, `default_execution_mode = "agent"`),
			Want: check.Literal(`default_agent_pool_id is required when default_execution_mode is "agent".`)},
		{Config: settingsConfig(p, `
  default_execution_mode = "local"
  default_agent_pool_id  = "`+testPool+`"`),
			Want: check.Literal(`default_agent_pool_id can only be set when default_execution_mode is "agent", not "local".`)},
		{Config: settingsConfig(p, `
  default_execution_mode = "agent"
  default_agent_pool_id  = "pool-1"`),
			Want: check.Literal(`default_agent_pool_id must be the ID of an agent pool: apool- and 16 characters of the base58 alphabet, got "pool-1".`)},
		{Config: settingsConfig(p, `default_execution_mode = "cloud"`),
			Want: check.Wrapped(`Attribute default_execution_mode value must be one of: \["remote" "local" "agent"\], got: "cloud"`)},
		{Config: settingsConfig(p, `
  organization           = "no such/org"
  default_execution_mode = "remote"`),
			Want: check.Literal(`Attribute organization must have 1 to 40 characters: letters, digits, '-' and '_', got: no such/org`)},
	}
}
