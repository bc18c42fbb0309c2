package platform_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// The data source reads the entitlements of the provider's default
// organization unless it names another: each follows the organization's
// plan, Free for a new organization, Business once the platform's admin
// API puts it there. An organization the token may not see reads as
// missing.
func TestAccEntitlementsDataSource_shape(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	other := p.NewOrganization(t)
	onPlan(t, p, other, "Business")
	free := map[string]knownvalue.Check{
		"id": idOf("org"), "organization": check.Str(p.Organization),
		"run_tasks": knownvalue.Bool(true), "global_run_tasks": knownvalue.Bool(false), "private_run_tasks": knownvalue.Bool(false),
		"private_vcs": knownvalue.Bool(false), "private_policy_agents": knownvalue.Bool(false), "agents": knownvalue.Bool(false),
		"audit_logging": knownvalue.Bool(false), "cost_estimation": knownvalue.Bool(false), "operations": knownvalue.Bool(true),
		"private_module_registry": knownvalue.Bool(true), "sso": knownvalue.Bool(true), "sentinel": knownvalue.Bool(true),
		"state_storage": knownvalue.Bool(true), "teams": knownvalue.Bool(true), "vcs_integrations": knownvalue.Bool(true),
		"waypoint_actions": knownvalue.Bool(false), "waypoint_templates_and_addons": knownvalue.Bool(false),
	}
	business := map[string]knownvalue.Check{"organization": check.Str(other)}
	for name := range free {
		if name != "id" && name != "organization" {
			business[name] = knownvalue.Bool(true)
		}
	}
	e := acctest.NewPlatformEmulator(t, emulator.Options{})
	check.DataSource{
		Service: p, Type: "stack_platform_entitlements", Config: p.ProviderConfig(),
		Reads: []check.Read{
			{Label: "default", Want: free},
			{Label: "business", Args: check.Args{"organization": other}, Want: business},
		},
		NotFound: []check.Refusal{{
			Config: e.ProviderConfigWith(e.MintUserToken(t), e.Organization),
			Want: check.Wrapped(`Cannot read the entitlements of the organization "` + regexp.QuoteMeta(e.Organization) + `".*404 Not Found.*` +
				notVisibleHint),
		}},
	}.Run(t)
}
