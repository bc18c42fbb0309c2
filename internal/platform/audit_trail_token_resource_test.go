package platform_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

const auditTokenAddr = "stack_platform_audit_trail_token.test"

// withAuditLogging gives the test's organization the Business plan, whose
// audit logging the audit trail token needs.
func withAuditLogging(t *testing.T, p *acctest.Platform) {
	t.Helper()
	onPlan(t, p, p.Organization, "Business")
}

// ownTokenKept checks that the organization's own token is still the one
// with the ID id: the audit trail token's calls leave it alone.
func ownTokenKept(t *testing.T, p *acctest.Platform, id string) resource.TestCheckFunc {
	return check.OnServer(t, p.Client, func(ctx context.Context, c *platformclient.Client) (*platformclient.OrganizationToken, error) {
		return c.OrganizationTokens.Read(ctx, p.Organization)
	}, func(own *platformclient.OrganizationToken) error {
		if own.ID != id {
			return fmt.Errorf("the organization's token is %s, want %s, which the audit trail token must leave alone", own.ID, id)
		}
		return nil
	})
}

// An audit trail token lives beside the organization's own token: created,
// read, imported and destroyed without touching it. Left out, its expiry is
// the platform's, two years ahead, and the next plan shows no change.
func TestAccAuditTrailToken_lifecycle(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	withAuditLogging(t, p)
	own, err := p.Client(t).OrganizationTokens.Create(context.Background(), p.Organization, platformclient.OrganizationTokenCreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	config := p.ProviderConfig() + `
resource "stack_platform_audit_trail_token" "test" {}
`
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: auditTokenAddr,
		CheckDestroy: func(*terraform.State) error {
			if _, err := p.Client(t).AuditTrailTokens.Read(context.Background(), p.Organization); !client.IsNotFound(err) {
				return fmt.Errorf("reading the audit trail token after the destroy got %w, want a 404", err)
			}
			return ownTokenKept(t, p, own.ID)(nil)
		},
		Create: check.Step{
			Config: config,
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(auditTokenAddr, check.Path("id"), check.Str(p.Organization)),
				statecheck.ExpectKnownValue(auditTokenAddr, check.Path("organization"), check.Str(p.Organization)),
				statecheck.ExpectKnownValue(auditTokenAddr, check.Path("token"), knownvalue.NotNull()),
			},
			Check: resource.ComposeTestCheckFunc(
				ownTokenKept(t, p, own.ID),
				expiresByDefault(auditTokenAddr),
			),
		},
		Imports: []check.ImportID{
			{ID: func(string) string { return p.Organization }, Ignore: []string{"token"}},
		},
	}.Run(t)
}

// A create in an organization that has an audit trail token fails unless
// force_regenerate is true, and says how to import it instead.
func TestAccAuditTrailToken_existingIsNotReplaced(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	withAuditLogging(t, p)
	if _, err := p.Client(t).AuditTrailTokens.Create(context.Background(), p.Organization, platformclient.OrganizationTokenCreateOptions{}); err != nil {
		t.Fatal(err)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: p.ProviderConfig() + `
resource "stack_platform_audit_trail_token" "test" {}
`,
				ExpectError: check.Literal(`The organization "` + p.Organization + `" has an audit trail token already, and a create would replace it: ` +
					`whatever uses it would stop working. Set force_regenerate = true to replace it, or import it to manage it with Terraform: ` +
					"`terraform import <resource address> " + p.Organization + "`"),
			},
			{
				Config: p.ProviderConfig() + `
resource "stack_platform_audit_trail_token" "test" {
  force_regenerate = true
}
`,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(auditTokenAddr, check.Path("token"), knownvalue.NotNull()),
				},
			},
		},
	})
}

// The ephemeral audit trail token is opened and closed for the run; the
// organization's own token is left alone.
func TestAccAuditTrailTokenEphemeral_leavesTheOrganizationToken(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	withAuditLogging(t, p)
	own, err := p.Client(t).OrganizationTokens.Create(context.Background(), p.Organization, platformclient.OrganizationTokenCreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: p.ProviderConfig() + `
ephemeral "stack_platform_audit_trail_token" "run" {}
`,
			Check: ownTokenKept(t, p, own.ID),
		}},
	})
	if _, err := p.Client(t).AuditTrailTokens.Read(context.Background(), p.Organization); !client.IsNotFound(err) {
		t.Errorf("reading the audit trail token after the run got %v, want a 404: the run did not delete it", err)
	}
	if err := ownTokenKept(t, p, own.ID)(nil); err != nil {
		t.Error(err)
	}
}
