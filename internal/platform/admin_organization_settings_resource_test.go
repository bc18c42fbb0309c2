package platform_test

import (
	"context"
	"fmt"
	"maps"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const adminOrgAddr = "stack_platform_admin_organization_settings.test"

func adminOrgConfig(p *acctest.Platform, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_admin_organization_settings" "test" {
  %s
}
`, body)
}

// adminOrgIs checks the admin settings the platform holds of org, and,
// when consumers is not nil, its module consumers.
func adminOrgIs(t *testing.T, p *acctest.Platform, org string, want map[string]any, consumers []string) resource.TestCheckFunc {
	return check.OnServer(t, p.Client, func(ctx context.Context, c *platformclient.Client) (*platformclient.AdminOrganizationSettings, error) {
		return c.AdminOrganizationSettings.Read(ctx, org)
	}, func(a *platformclient.AdminOrganizationSettings) error {
		limit := "none"
		if a.WorkspaceLimit != nil {
			limit = fmt.Sprint(*a.WorkspaceLimit)
		}
		got := map[string]any{
			"access_beta_tools": a.AccessBetaTools, "global_module_sharing": a.GlobalModuleSharing, "global_provider_sharing": a.GlobalProviderSharing,
			"is_disabled": a.IsDisabled, "sudo": a.WorkerSudoEnabled, "plan_timeout": a.PlanTimeout, "apply_timeout": a.ApplyTimeout, "workspace_limit": limit,
		}
		for k := range got {
			if _, checked := want[k]; !checked {
				delete(got, k)
			}
		}
		if err := check.Differences(got, want); err != nil || consumers == nil {
			return err
		}
		names, err := p.Client(t).AdminOrganizationSettings.ModuleConsumers(context.Background(), org)
		if err != nil {
			return err
		}
		if slices.Sort(names); !slices.Equal(names, consumers) {
			return fmt.Errorf("module consumers %v, want %v", names, consumers)
		}
		return nil
	})
}

// adminOrgDefaults are the settings of an organization that no
// administrator changed.
var adminOrgDefaults = map[string]any{
	"access_beta_tools": false, "global_module_sharing": false, "global_provider_sharing": false, "is_disabled": false,
	"sudo": false, "plan_timeout": "2h", "apply_timeout": "24h", "workspace_limit": "none",
}

func TestAccAdminOrganizationSettings_lifecycle(t *testing.T) {
	p := newSelfHosted(t)
	consumer, other := p.NewOrganization(t), p.NewOrganization(t)
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: adminOrgAddr,
		// The settings are the organization's: it identifies them.
		IDAttribute: "organization", ImportIdentifier: "organization",
		// Destroyed, the settings are the defaults again, and the
		// organization, and its consumer's, are still there.
		CheckDestroy: resource.ComposeTestCheckFunc(
			adminOrgIs(t, p, p.Organization, adminOrgDefaults, []string{}),
			adminOrgIs(t, p, other, adminOrgDefaults, nil),
		),
		PlanErrors: []check.PlanError{
			{Config: adminOrgConfig(p, `plan_timeout = "soon"`), Want: check.Literal(
				`plan_timeout must be a duration greater than zero, such as "30s", "5m" or "1h30m", got "soon".`)},
			{Config: adminOrgConfig(p, `global_module_sharing = true`+"\n  "+`module_consumers = ["beta"]`), Want: check.Literal(
				`module_consumers cannot name organizations while global_module_sharing is true, which shares the modules with every organization: ` +
					`leave module_consumers out, or empty, got beta.`)},
			{Config: adminOrgConfig(p, `module_consumers = ["a b"]`), Want: check.Literal(`must have 1 to 40 characters`)},
		},
		ImportErrors: []check.ImportError{{ID: "acme/prod", Want: check.Literal(`The import ID of an organization's admin settings is the organization's name. ` +
			`An organization's name has 1 to 40 characters: letters, digits, ` + "`-` and `_`." + ` Got "acme/prod".`)}},
		Create: check.Step{
			Config: adminOrgConfig(p, fmt.Sprintf("access_beta_tools = true\n  plan_timeout = \"90m\"\n  workspace_limit = 10\n  module_consumers = [%q]", consumer)),
			// What the configuration leaves out is its default, known in
			// the plan.
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(adminOrgAddr, check.Path("organization"), check.Str(p.Organization)),
				plancheck.ExpectKnownValue(adminOrgAddr, check.Path("global_provider_sharing"), knownvalue.Bool(false)),
				plancheck.ExpectKnownValue(adminOrgAddr, check.Path("apply_timeout"), check.Str("24h")),
			},
			StateChecks: stateIs(adminOrgAddr, map[string]knownvalue.Check{
				"access_beta_tools": knownvalue.Bool(true), "plan_timeout": check.Str("90m"), "apply_timeout": check.Str("24h"),
				"workspace_limit": knownvalue.Int64Exact(10), "module_consumers": check.StrSet(consumer), "sso_enabled": knownvalue.Bool(false),
				"notification_email": check.Str("acctest@" + p.Organization + ".example"),
			}),
			Check: adminOrgIs(t, p, p.Organization, map[string]any{
				"access_beta_tools": true, "plan_timeout": "90m", "apply_timeout": "24h", "workspace_limit": "10", "global_module_sharing": false,
			}, []string{consumer}),
		},
		Update: check.Step{
			Config: adminOrgConfig(p, "global_module_sharing = true\n  workspace_limit = 0\n  apply_timeout = \"6h\"\n  module_consumers = []"),
			Check: adminOrgIs(t, p, p.Organization, map[string]any{
				"access_beta_tools": false, "global_module_sharing": true, "plan_timeout": "2h", "apply_timeout": "6h", "workspace_limit": "0",
			}, []string{}),
		},
		// An import leaves the consumers unmanaged: the plan after it sets
		// those the configuration names.
		Imports: []check.ImportID{{ID: func(string) string { return p.Organization }, Ignore: []string{"module_consumers"}}},
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, org string) error {
				_, err := c.AdminOrganizationSettings.Update(ctx, org, platformclient.AdminOrganizationSettingsOptions{
					AccessBetaTools: check.Ptr(true), WorkspaceLimit: platformclient.Null[int](),
				})
				return err
			},
			Step: check.Step{
				Config: adminOrgConfig(p, "global_module_sharing = true\n  workspace_limit = 0\n  apply_timeout = \"6h\"\n  module_consumers = []"),
				Check:  adminOrgIs(t, p, p.Organization, map[string]any{"access_beta_tools": false, "workspace_limit": "0"}, nil),
			},
		},
		// Another organization's settings: the first's get their defaults
		// back, this organization's consumers untouched (module_consumers
		// unset).
		Replace: check.Step{
			Config: adminOrgConfig(p, fmt.Sprintf("organization = %q\n  is_disabled = true\n  terraform_worker_sudo_enabled = true", other)),
			Check: resource.ComposeTestCheckFunc(
				adminOrgIs(t, p, other, map[string]any{"is_disabled": true, "sudo": true, "global_module_sharing": false}, nil),
				adminOrgIs(t, p, p.Organization, adminOrgDefaults, []string{}),
			),
		},
	}.Run(t)
}

// Without module_consumers, a refresh reads the settings alone, in one
// request, and an apply never writes the consumers, which another
// administrator may keep.
func TestAccAdminOrganizationSettings_unmanagedConsumersAreLeftAlone(t *testing.T) {
	p := newSelfHosted(t)
	consumer := p.NewOrganization(t)
	if err := p.Client(t).AdminOrganizationSettings.SetModuleConsumers(context.Background(), p.Organization, []string{consumer}); err != nil {
		t.Fatal(err)
	}
	cli := acctest.NewCLI(t, nil)
	cli.WriteConfig(t, adminOrgConfig(p, "workspace_limit = 3"))
	before := p.Emulator.Stats()
	cli.MustRun(t, "apply", "-auto-approve")
	if sent := p.RequestsSince(before); !maps.Equal(sent, map[string]int64{"GET /api/v2/ping": 2, "PATCH /api/v2/admin/organizations/{org}": 1}) {
		t.Errorf("the create sent %v, want the ping of the plan's and the apply's and the settings' update", sent)
	}
	before = p.Emulator.Stats()
	if code, out := cli.Run(t, "plan", "-detailed-exitcode"); code != 0 {
		t.Errorf("the plan after the apply exited %d:\n%s", code, out)
	}
	if sent := p.RequestsSince(before); !maps.Equal(sent, map[string]int64{"GET /api/v2/ping": 1, "GET /api/v2/admin/organizations/{org}": 1}) {
		t.Errorf("the refresh sent %v, want the ping and one read", sent)
	}
	if err := adminOrgIs(t, p, p.Organization, map[string]any{"workspace_limit": "3"}, []string{consumer})(nil); err != nil {
		t.Error(err)
	}
}

// The settings are the admin API's: with a token that is not a site
// administrator's the provider says so, rather than take them for gone.
func TestAccAdminOrganizationSettings_notAnAdministrator(t *testing.T) {
	p := newSelfHosted(t)
	token := p.MintUserToken(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: p.ProviderConfigWith(token, p.Organization) + `
resource "stack_platform_admin_organization_settings" "test" {
  access_beta_tools = true
}
`,
			ExpectError: check.Literal(`the admin API answers 404 to every token but a site administrator's, and the token of platform.token ` +
				`(or STACK_PLATFORM_TOKEN) is not a site administrator's`),
		}},
	})
}

func TestAccAdminOrganizationSettings_refusedOnTheHostedEdition(t *testing.T) {
	refusedOnTheHostedEdition(t, "organization's admin settings", "the admin API's organization settings", func(p *acctest.Platform) string {
		return adminOrgConfig(p, "access_beta_tools = true")
	})
}

// The consumers are a request of their own, after the settings': when the
// platform refuses them, the state keeps the settings set and the
// consumers it had, and the next plan shows what is left to do.
func TestAccAdminOrganizationSettings_consumersRefusedAfterTheSettings(t *testing.T) {
	p := newSelfHosted(t)
	config := adminOrgConfig(p, "workspace_limit = 5\n  module_consumers = [\"no-such-organization\"]")
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: adminOrgConfig(p, "workspace_limit = 1\n  module_consumers = []")},
			{
				Config: config,
				ExpectError: check.Wrapped(`Cannot update the organization's admin settings: partly applied .*` +
					`the organization ` + p.Organization + `'s other admin settings are set\. ` +
					`The request for module_consumers then failed, so that part is not done\..*422 .*Organization no-such-organization not found`),
			},
			{
				PreConfig: func() {
					if err := adminOrgIs(t, p, p.Organization, map[string]any{"workspace_limit": "5"}, []string{})(nil); err != nil {
						t.Error(err)
					}
				},
				Config:             config,
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
				ConfigPlanChecks: acctest.PlansFromSaved(adminOrgAddr, plancheck.ResourceActionUpdate, func() map[string]any {
					return map[string]any{"tainted": false, "workspace_limit": 5, "module_consumers": []string{}}
				}),
			},
		},
	})
}
