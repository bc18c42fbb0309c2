package platform_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const adminSettingsAddr = "stack_platform_admin_settings.test"

func adminSettingsConfig(p *acctest.Platform, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_admin_settings" "test" {
  %s
}
`, body)
}

// adminSettingsAre checks the site's general settings on the platform,
// those of want.
func adminSettingsAre(t *testing.T, p *acctest.Platform, want map[string]any) resource.TestCheckFunc {
	return check.OnServer(t, p.Client, func(ctx context.Context, c *platformclient.Client) (*platformclient.AdminSettings, error) {
		return c.AdminSettings.Read(ctx)
	}, func(a *platformclient.AdminSettings) error {
		got := map[string]any{
			"plan_timeout": a.PlanTimeout, "apply_timeout": a.ApplyTimeout, "default_remote_state_access": a.DefaultRemoteStateAccess,
			"limit_user_organization_creation": a.LimitUserOrganizationCreation, "api_rate_limiting_enabled": a.APIRateLimitingEnabled,
			"api_rate_limit": a.APIRateLimit, "forks": a.AllowSpeculativePlansOnPullRequestsFromForks,
			"passing": a.SendPassingStatusesForUntriggeredSpeculativePlans,
		}
		for k := range got {
			if _, checked := want[k]; !checked {
				delete(got, k)
			}
		}
		return check.Differences(got, want)
	})
}

func TestAccAdminSettings_lifecycle(t *testing.T) {
	p := newSelfHosted(t)
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: adminSettingsAddr,
		// Destroyed, the settings stay as the last apply left them.
		CheckDestroy: adminSettingsAre(t, p, map[string]any{"plan_timeout": "45m", "apply_timeout": "3h", "api_rate_limit": 60}),
		PlanErrors: []check.PlanError{
			{Config: adminSettingsConfig(p, `apply_timeout = "2 hours"`), Want: check.Literal(
				`apply_timeout must be a duration greater than zero, such as "30s", "5m" or "1h30m", got "2 hours".`)},
		},
		ImportErrors: []check.ImportError{{ID: "site", Want: check.Literal(
			"The import ID of a site's general settings is `general`: the site has one set of general settings; got \"site\".")}},
		Create: check.Step{
			// The platform's self-hosted timeouts, which no incumbent sets.
			Config: adminSettingsConfig(p, `plan_timeout = "90m"`+"\n  "+`apply_timeout = "6h"`),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(adminSettingsAddr, check.Path("id"), check.Str("general")),
				plancheck.ExpectKnownValue(adminSettingsAddr, check.Path("plan_timeout"), check.Str("90m")),
			},
			// What the configuration leaves out is the site's, as it was.
			StateChecks: stateIs(adminSettingsAddr, map[string]knownvalue.Check{
				"id": check.Str("general"), "plan_timeout": check.Str("90m"), "apply_timeout": check.Str("6h"),
				"api_rate_limit": knownvalue.Int64Exact(30), "default_remote_state_access": knownvalue.Bool(false),
			}),
			Check: adminSettingsAre(t, p, map[string]any{"plan_timeout": "90m", "apply_timeout": "6h", "api_rate_limit": 30}),
		},
		Update: check.Step{
			Config: adminSettingsConfig(p, `plan_timeout = "45m"`+"\n  "+`apply_timeout = "3h"`+"\n  "+
				`api_rate_limit = 60`+"\n  "+`default_remote_state_access = true`+"\n  "+`limit_user_organization_creation = true`),
			Check: adminSettingsAre(t, p, map[string]any{
				"plan_timeout": "45m", "apply_timeout": "3h", "api_rate_limit": 60, "default_remote_state_access": true,
				"limit_user_organization_creation": true, "forks": false,
			}),
		},
		Imports: []check.ImportID{{ID: func(string) string { return "general" }}},
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, _ string) error {
				_, err := c.AdminSettings.Update(ctx, platformclient.AdminSettingsOptions{PlanTimeout: check.Ptr("10m"), APIRateLimit: check.Ptr(99)})
				return err
			},
			Step: check.Step{
				Config: adminSettingsConfig(p, `plan_timeout = "45m"`+"\n  "+`apply_timeout = "3h"`+"\n  "+
					`api_rate_limit = 60`+"\n  "+`default_remote_state_access = true`+"\n  "+`limit_user_organization_creation = true`),
				Check: adminSettingsAre(t, p, map[string]any{"plan_timeout": "45m", "api_rate_limit": 60}),
			},
		},
	}.Run(t)
}

// A setting that the configuration stops giving is left as the platform
// has it, and the plan after is empty; a timeout spelled otherwise than
// the platform answers it, for the same length, is no change.
func TestAccAdminSettings_settingsLeftOutStay(t *testing.T) {
	p := newSelfHosted(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: adminSettingsConfig(p, `api_rate_limit = 45`+"\n  "+`plan_timeout = "1h30m"`)},
			{
				PreConfig: func() {
					if _, err := p.Client(t).AdminSettings.Update(context.Background(), platformclient.AdminSettingsOptions{PlanTimeout: check.Ptr("90m")}); err != nil {
						t.Fatal(err)
					}
				},
				Config:           adminSettingsConfig(p, `plan_timeout = "1h30m"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				Check:            adminSettingsAre(t, p, map[string]any{"api_rate_limit": 45, "plan_timeout": "90m"}),
			},
		},
	})
}

func TestAccAdminSettings_notAnAdministrator(t *testing.T) {
	p := newSelfHosted(t)
	token := p.MintUserToken(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: p.ProviderConfigWith(token, "") + `
resource "stack_platform_admin_settings" "test" {
  plan_timeout = "1h"
}
`,
			ExpectError: check.Literal(`the admin API answers 404 to every token but a site administrator's, and the token of platform.token ` +
				`(or STACK_PLATFORM_TOKEN) is not a site administrator's`),
		}},
	})
}

func TestAccAdminSettings_refusedOnTheHostedEdition(t *testing.T) {
	refusedOnTheHostedEdition(t, "site's general settings", "the admin API's general settings", func(p *acctest.Platform) string {
		return adminSettingsConfig(p, `plan_timeout = "1h"`)
	})
}
