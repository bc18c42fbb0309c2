package platform_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

const orgTokenAddr = "stack_platform_organization_token.test"

func orgTokenConfig(p *acctest.Platform, body string) string {
	return p.ProviderConfig() + `
resource "stack_platform_organization_token" "test" {
  ` + body + `
}
`
}

func TestAccOrganizationToken_lifecycle(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	var first, second, third, fourth string
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: orgTokenAddr,
		PlanErrors: orgTokenPlanErrors(p),
		Create: check.Step{
			Config: orgTokenConfig(p, `expired_at = "2099-01-31T18:00:00+02:00"`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(orgTokenAddr, check.Path("id"), check.Str(p.Organization)),
				statecheck.ExpectKnownValue(orgTokenAddr, check.Path("organization"), check.Str(p.Organization)),
				// The configured form of the instant is kept.
				statecheck.ExpectKnownValue(orgTokenAddr, check.Path("expired_at"), check.Str("2099-01-31T18:00:00+02:00")),
				statecheck.ExpectKnownValue(orgTokenAddr, check.Path("token"), tokenSecret),
				statecheck.ExpectSensitiveValue(orgTokenAddr, check.Path("token")),
			},
			Check: tokenWorks(t, p, orgTokenAddr, &first, nil),
			Then: []resource.TestStep{
				{
					// A change of force_regenerate replaces the token: the old
					// one stops working.
					Config: orgTokenConfig(p, `
  expired_at       = "2099-01-31T18:00:00+02:00"
  force_regenerate = true`),
					ConfigPlanChecks: resource.ConfigPlanChecks{
						PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(orgTokenAddr, plancheck.ResourceActionDestroyBeforeCreate)},
					},
					Check: tokenWorks(t, p, orgTokenAddr, &second, &first),
				},
			},
		},
		// An import reads the expiry in UTC, which the configuration's
		// form of the same instant does not change; force_regenerate is
		// the configuration's alone.
		Imports: []check.ImportID{{
			ID:     func(string) string { return p.Organization },
			Ignore: []string{"token", "expired_at", "force_regenerate"},
			Check: func(s []*terraform.InstanceState) error {
				if got := s[0].Attributes["expired_at"]; got != "2099-01-31T16:00:00Z" {
					return fmt.Errorf("imported expired_at %s, want 2099-01-31T16:00:00Z", got)
				}
				return nil
			},
		}},

		// Regenerated outside Terraform: the state's token no
		// longer works, but the platform's answers cannot tell;
		// deleted outside Terraform, it is created again.
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, _ string) error {
				return c.OrganizationTokens.Delete(ctx, p.Organization)
			},
			Step: check.Step{
				Config: orgTokenConfig(p, `
  expired_at       = "2099-01-31T18:00:00+02:00"
  force_regenerate = true`),
				Check: tokenWorks(t, p, orgTokenAddr, &third, &second),
			},
		},
		Replace: check.Step{
			// Another organization replaces the token.
			Config: p.ProviderConfig() + `
resource "stack_platform_organization" "other" {
  name  = "` + p.Organization + `-2"
  email = "ops@example.com"
}

resource "stack_platform_organization_token" "test" {
  organization = stack_platform_organization.other.name
}
`,
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(orgTokenAddr, check.Path("id"), check.Str(p.Organization+"-2")),
			},
			Check: func(s *terraform.State) error {
				// The old organization's token is deleted with the
				// replacement.
				fourth, _ = check.StateValue(s, orgTokenAddr, "token")
				_, err := p.Client(t).OrganizationTokens.Read(context.Background(), p.Organization)
				return check.Gone(t, p.Client, "the first organization's token", func(context.Context, *platformclient.Client) error { return err })(s)
			},
		},
	}.Run(t)
	if fourth == "" || fourth == third {
		t.Errorf("the other organization's token is %q, want a new one", fourth)
	}
}

// A create in an organization that has a token already fails, unless
// force_regenerate is true, and the token in place keeps working.
func TestAccOrganizationToken_existingIsNotReplaced(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	existing, err := p.Emulator.Platform().MintOrganizationToken(p.Organization)
	if err != nil {
		t.Fatal(err)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: orgTokenConfig(p, ""),
				ExpectError: check.Literal(`The organization "` + p.Organization + `" has an organization token already, and a create would replace it: ` +
					`whatever uses it would stop working. Set force_regenerate = true to replace it, or import it to manage it with Terraform: ` +
					"`terraform import <resource address> " + p.Organization + "` (its secret cannot be read back)."),
				Check: func(*terraform.State) error { return readsOrganization(t, p, existing) },
			},
		},
	})
	if err := readsOrganization(t, p, existing); err != nil {
		t.Errorf("the organization's token no longer works: %v", err)
	}
}

// orgTokenPlanErrors are the plan-time errors of an organization token.
func orgTokenPlanErrors(p *acctest.Platform) []check.PlanError {
	return []check.PlanError{
		{Config: orgTokenConfig(p, `expired_at = "2099-01-31"`),
			Want: check.Wrapped(`Invalid RFC3339 String Value.*expired_at = "2099-01-31".*Given Value: 2099-01-31`)},
		{Config: orgTokenConfig(p, `expired_at = "2020-01-31T18:00:00+01:00"`),
			Want: check.Literal(`expired_at must be a time still to come for the token to be created, got "2020-01-31T18:00:00+01:00", which has passed.`)},
		{Config: orgTokenConfig(p, `organization = "a b"`),
			Want: check.Literal(`Attribute organization must have 1 to 40 characters: letters, digits, '-' and '_', got: a b`)},
	}
}
