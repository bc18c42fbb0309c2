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

const siteRetentionAddr = "stack_platform_admin_data_retention_policy.test"

func siteRetentionConfig(p *acctest.Platform, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_admin_data_retention_policy" "test" {
  %s
}
`, body)
}

// siteRetentionIs checks the site's policy on the platform (see
// retentionIs).
func siteRetentionIs(t *testing.T, p *acctest.Platform, days int) resource.TestCheckFunc {
	return retentionIs(t, p, siteRetentionAddr, func(*terraform.State) (platformclient.DataRetentionTarget, error) {
		return platformclient.SiteRetention, nil
	}, days)
}

func setSiteRetention(days *int) func(ctx context.Context, c *platformclient.Client, _ string) error {
	return func(ctx context.Context, c *platformclient.Client, _ string) error {
		_, err := c.DataRetentionPolicies.Set(ctx, platformclient.SiteRetention, platformclient.DataRetentionPolicyOptions{DeleteOlderThanNDays: days})
		return err
	}
}

func TestAccAdminDataRetentionPolicy_lifecycle(t *testing.T) {
	p := newSelfHosted(t)
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: siteRetentionAddr, FreshID: true,
		CheckDestroy: check.Gone(t, p.Client, "the site's data retention policy", func(ctx context.Context, c *platformclient.Client) error {
			_, err := c.DataRetentionPolicies.Read(ctx, platformclient.SiteRetention)
			return err
		}),
		PlanErrors: []check.PlanError{
			{Config: siteRetentionConfig(p, "delete_older_than_n_days = -1"), Want: check.Literal(`Attribute delete_older_than_n_days value must be at least 1, got: -1`)},
		},
		ImportErrors: []check.ImportError{{ID: "general", Want: check.Literal(
			"The import ID of a site's data retention policy is `site`: the site has one policy, " +
				"or the policy's ID, drp- and 16 characters of the base58 alphabet; got \"general\".")}},
		Create: check.Step{
			Config:      siteRetentionConfig(p, "delete_older_than_n_days = 365"),
			PlanChecks:  []plancheck.PlanCheck{plancheck.ExpectKnownValue(siteRetentionAddr, check.Path("delete_older_than_n_days"), knownvalue.Int64Exact(365))},
			StateChecks: stateIs(siteRetentionAddr, map[string]knownvalue.Check{"id": idOf("drp"), "delete_older_than_n_days": knownvalue.Int64Exact(365)}),
			Check:       siteRetentionIs(t, p, 365),
		},
		Update: check.Step{
			Config: siteRetentionConfig(p, "delete_older_than_n_days = 90"),
			Check:  siteRetentionIs(t, p, 90),
		},
		// By the site, and by the policy's ID, the form of its identity.
		Imports: []check.ImportID{{ID: func(string) string { return "site" }}, {ID: func(id string) string { return id }}},
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do:   setSiteRetention(check.Ptr(1)),
			Step: check.Step{Config: siteRetentionConfig(p, "delete_older_than_n_days = 90"), Check: siteRetentionIs(t, p, 90)},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, _ string) error {
				return c.DataRetentionPolicies.Delete(ctx, platformclient.SiteRetention)
			},
			Step: check.Step{Config: siteRetentionConfig(p, "delete_older_than_n_days = 90"), Check: siteRetentionIs(t, p, 90)},
		},
	}.Run(t)
}

// The site has one policy: one set elsewhere is not taken over, and the
// error prints the command that imports it; a don't-delete policy, of the
// other kind, replaces it in place once imported.
func TestAccAdminDataRetentionPolicy_existingIsNotTakenOver(t *testing.T) {
	p := newSelfHosted(t)
	if err := setSiteRetention(check.Ptr(30))(context.Background(), p.Client(t), ""); err != nil {
		t.Fatal(err)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      siteRetentionConfig(p, ""),
				ExpectError: check.Wrapped(`Site's data retention policy already exists.*terraform import <resource address> site`),
			},
			{Config: siteRetentionConfig(p, ""), ResourceName: siteRetentionAddr, ImportState: true, ImportStateId: "site", ImportStatePersist: true},
			{
				Config: siteRetentionConfig(p, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(siteRetentionAddr, plancheck.ResourceActionUpdate),
				}},
				Check: siteRetentionIs(t, p, 0),
			},
		},
	})
}

// The site's policy is the admin API's: against another token than a site
// administrator's, which the admin API answers 404, the provider says so
// rather than take the policy for gone.
func TestAccAdminDataRetentionPolicy_notAnAdministrator(t *testing.T) {
	p := newSelfHosted(t)
	token := p.MintUserToken(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: p.ProviderConfigWith(token, "") + `
resource "stack_platform_admin_data_retention_policy" "test" {
  delete_older_than_n_days = 30
}
`,
			ExpectError: check.Literal(`the admin API answers 404 to every token but a site administrator's, and the token of platform.token ` +
				`(or STACK_PLATFORM_TOKEN) is not a site administrator's`),
		}},
	})
}

func TestAccAdminDataRetentionPolicy_refusedOnTheHostedEdition(t *testing.T) {
	refusedOnTheHostedEdition(t, "site's data retention policy", "data retention policies", func(p *acctest.Platform) string {
		return siteRetentionConfig(p, "")
	})
}
