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
	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const retentionAddr = "stack_platform_data_retention_policy.test"

// retentionConfig is a workspace web, and a policy of body.
func retentionConfig(p *acctest.Platform, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_workspace" "web" {
  name = "web"
}

resource "stack_platform_data_retention_policy" "test" {
  %s
}
`, body)
}

// ofOrganization and ofWorkspace are the targets of retentionIs.
func ofOrganization(org string) func(*terraform.State) (platformclient.DataRetentionTarget, error) {
	return func(*terraform.State) (platformclient.DataRetentionTarget, error) {
		return platformclient.OrganizationRetention(org), nil
	}
}

func ofWorkspace(s *terraform.State) (platformclient.DataRetentionTarget, error) {
	id, err := check.StateValue(s, "stack_platform_workspace.web", "id")
	return platformclient.WorkspaceRetention(id), err
}

func TestAccDataRetentionPolicy_lifecycle(t *testing.T) {
	p := newSelfHosted(t)
	taken := p.NewOrganization(t)
	if _, err := p.Client(t).DataRetentionPolicies.Set(context.Background(), platformclient.OrganizationRetention(taken),
		platformclient.DataRetentionPolicyOptions{DeleteOlderThanNDays: check.Ptr(10)}); err != nil {
		t.Fatal(err)
	}
	setDays := func(days *int) func(ctx context.Context, c *platformclient.Client, _ string) error {
		return func(ctx context.Context, c *platformclient.Client, _ string) error {
			_, err := c.DataRetentionPolicies.Set(ctx, platformclient.OrganizationRetention(p.Organization), platformclient.DataRetentionPolicyOptions{DeleteOlderThanNDays: days})
			return err
		}
	}
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: retentionAddr, FreshID: true,
		CheckDestroy: check.Gone(t, p.Client, "the organization's data retention policy", func(ctx context.Context, c *platformclient.Client) error {
			_, err := c.DataRetentionPolicies.Read(ctx, platformclient.OrganizationRetention(p.Organization))
			return err
		}),
		NotTakenOver: check.Existing{
			Config: retentionConfig(p, fmt.Sprintf("organization = %q\n  delete_older_than_n_days = 30", taken)), ImportID: taken,
			Said: `Data retention policy already exists`,
			Sent: map[string]int64{"GET /api/v2/organizations/{org}/relationships/data-retention-policy": 1, "POST /api/v2/organizations/{org}/relationships/data-retention-policy": 0},
		},
		PlanErrors: []check.PlanError{
			{Config: retentionConfig(p, "delete_older_than_n_days = 0"), Want: check.Literal(`Attribute delete_older_than_n_days value must be at least 1, got: 0`)},
			{Config: retentionConfig(p, `workspace_id = "web"`), Want: check.Literal(
				`workspace_id must be the ID of a workspace: ws- and 16 characters of the base58 alphabet, got "web".`)},
		},
		ImportErrors: []check.ImportError{{ID: "acme/web/x", Want: check.Literal(`The import ID of a data retention policy is <WORKSPACE ID>, or ` +
			`<ORGANIZATION>/<WORKSPACE ID>, or <ORGANIZATION>/<WORKSPACE NAME>, or <ORGANIZATION>. An organization's name has 1 to 40 characters: letters, digits, ` + "`-` and `_`." +
			` A workspace's name has letters, digits, ` + "`-` and `_`." + ` Got "acme/web/x".`)}},
		Create: check.Step{
			Config: retentionConfig(p, "delete_older_than_n_days = 30"),
			// The organization is the provider's, known in the plan.
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(retentionAddr, check.Path("organization"), check.Str(p.Organization)),
				plancheck.ExpectKnownValue(retentionAddr, check.Path("delete_older_than_n_days"), knownvalue.Int64Exact(30)),
			},
			StateChecks: stateIs(retentionAddr, map[string]knownvalue.Check{
				"id": idOf("drp"), "organization": check.Str(p.Organization), "workspace_id": knownvalue.Null(),
				"delete_older_than_n_days": knownvalue.Int64Exact(30),
			}),
			Check: retentionIs(t, p, retentionAddr, ofOrganization(p.Organization), 30),
		},
		// The same kind: updated in place, the ID known in the plan.
		Update: check.Step{
			Config:      retentionConfig(p, "delete_older_than_n_days = 7"),
			StateChecks: stateIs(retentionAddr, map[string]knownvalue.Check{"delete_older_than_n_days": knownvalue.Int64Exact(7)}),
			Check:       retentionIs(t, p, retentionAddr, ofOrganization(p.Organization), 7),
		},
		Imports: []check.ImportID{{ID: func(string) string { return p.Organization }}},
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do:   setDays(check.Ptr(60)),
			Step: check.Step{Config: retentionConfig(p, "delete_older_than_n_days = 7"), Check: retentionIs(t, p, retentionAddr, ofOrganization(p.Organization), 7)},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, _ string) error {
				return c.DataRetentionPolicies.Delete(ctx, platformclient.OrganizationRetention(p.Organization))
			},
			Step: check.Step{Config: retentionConfig(p, "delete_older_than_n_days = 7"), Check: retentionIs(t, p, retentionAddr, ofOrganization(p.Organization), 7)},
		},
		// The workspace's policy instead of the organization's.
		Replace: check.Step{
			Config: retentionConfig(p, "workspace_id = stack_platform_workspace.web.id\n  delete_older_than_n_days = 7"),
			Check:  resource.ComposeTestCheckFunc(retentionIs(t, p, retentionAddr, ofWorkspace, 7), organizationHasNoPolicy(t, p)),
		},
	}.Run(t)
}

// organizationHasNoPolicy checks that the test's organization has no policy
// of its own.
func organizationHasNoPolicy(t *testing.T, p *acctest.Platform) resource.TestCheckFunc {
	return check.Gone(t, p.Client, "the organization's data retention policy", func(ctx context.Context, c *platformclient.Client) error {
		_, err := c.DataRetentionPolicies.Read(ctx, platformclient.OrganizationRetention(p.Organization))
		return err
	})
}

// A policy changes kind in place: set or unset days make a policy of the
// other kind, with a new ID that the plan leaves unknown, and no moment
// without a policy.
func TestAccDataRetentionPolicy_kindChangesInPlace(t *testing.T) {
	p := newSelfHosted(t)
	var first, second string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: retentionConfig(p, "workspace_id = stack_platform_workspace.web.id"),
				Check:  resource.ComposeTestCheckFunc(check.Kept(retentionAddr, "id", &first), retentionIs(t, p, retentionAddr, ofWorkspace, 0)),
				ConfigStateChecks: stateIs(retentionAddr, map[string]knownvalue.Check{
					"delete_older_than_n_days": knownvalue.Null(), "organization": check.Str(p.Organization),
				}),
			},
			{
				Config: retentionConfig(p, "workspace_id = stack_platform_workspace.web.id\n  delete_older_than_n_days = 14"),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(retentionAddr, plancheck.ResourceActionUpdate),
					plancheck.ExpectUnknownValue(retentionAddr, check.Path("id")),
				}},
				Check: resource.ComposeTestCheckFunc(check.Kept(retentionAddr, "id", &second), retentionIs(t, p, retentionAddr, ofWorkspace, 14),
					func(*terraform.State) error {
						if second == first {
							return fmt.Errorf("the change of kind kept the ID %s", first)
						}
						return nil
					}),
			},
			// The import of a workspace's policy by the workspace's
			// organization and name, by its ID, and by its organization
			// and ID (its identity's form).
			{ResourceName: retentionAddr, ImportState: true, ImportStateVerify: true, ImportStateId: p.Organization + "/web"},
			{ResourceName: retentionAddr, ImportState: true, ImportStateVerify: true, ImportStateIdFunc: func(s *terraform.State) (string, error) {
				return check.StateValue(s, "stack_platform_workspace.web", "id")
			}},
			{ResourceName: retentionAddr, ImportState: true, ImportStateVerify: true, ImportStateIdFunc: func(s *terraform.State) (string, error) {
				id, err := check.StateValue(s, "stack_platform_workspace.web", "id")
				return p.Organization + "/" + id, err
			}},
			{
				Config: retentionConfig(p, "workspace_id = stack_platform_workspace.web.id"),
				Check:  retentionIs(t, p, retentionAddr, ofWorkspace, 0),
			},
		},
	})
}

// A workspace's policy names the workspace's organization: a workspace of
// another organization than the policy's is refused before the policy is
// set, on workspace_id.
func TestAccDataRetentionPolicy_workspaceOfAnotherOrganization(t *testing.T) {
	p := newSelfHosted(t)
	other := p.NewOrganization(t)
	ws := createWorkspace(t, p, other, platformclient.WorkspaceOptions{Name: check.Ptr("elsewhere")})
	config := p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_data_retention_policy" "test" {
  workspace_id = %q
}
`, ws.ID)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config, ExpectError: check.Literal(fmt.Sprintf(
				`The workspace %s is one of organization %q, not of %q: set organization = %q, or name a workspace of %q.`,
				ws.ID, other, p.Organization, other, p.Organization))},
			// An import that names the workspace with another organization
			// is refused, and says which.
			{Config: config, ResourceName: retentionAddr, ImportState: true, ImportStateId: p.Organization + "/" + ws.ID, ExpectError: check.Literal(fmt.Sprintf(
				`The workspace %s is a workspace of the organization %q, not of %q: import its policy as %s/%s.`,
				ws.ID, other, p.Organization, other, ws.ID))},
		},
	})
	if _, err := p.Client(t).DataRetentionPolicies.Read(context.Background(), platformclient.WorkspaceRetention(ws.ID)); !client.IsNotFound(err) {
		t.Errorf("the refused create set a policy: %v", err)
	}
}

// The hosted edition has no data retention policies: the plan says so,
// having sent nothing but the ping.
func TestAccDataRetentionPolicy_refusedOnTheHostedEdition(t *testing.T) {
	refusedOnTheHostedEdition(t, "data retention policy", "data retention policies", func(p *acctest.Platform) string {
		return p.ProviderConfig() + `
resource "stack_platform_data_retention_policy" "test" {
  delete_older_than_n_days = 30
}
`
	})
}
