package platform_test

import (
	"context"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

const membershipAddr = "stack_platform_organization_membership.test"

func membershipConfig(p *acctest.Platform, email, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_organization_membership" "test" {
  email = %q
  %s
}
`, email, body)
}

// membershipIs checks the membership the platform holds under the ID in
// the state.
func membershipIs(t *testing.T, p *acctest.Platform, want map[string]any) resource.TestCheckFunc {
	return holds(t, p, membershipAddr, want, func(ctx context.Context, c *platformclient.Client, id string) (map[string]any, error) {
		m, err := c.OrganizationMemberships.Read(ctx, id)
		if err != nil {
			return nil, err
		}
		return map[string]any{"organization": m.Organization.Name, "email": m.Email, "status": m.Status}, nil
	})
}

func TestAccOrganizationMembership_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	// An organization of its own, where ada is invited already, so that the
	// lifecycle's invitations of ada are not refused.
	invited := p.NewOrganization(t)
	taken, err := p.Client(t).OrganizationMemberships.Create(context.Background(), invited,
		platformclient.OrganizationMembershipCreateOptions{Email: check.Ptr("ada@example.com")})
	if err != nil {
		t.Fatal(err)
	}
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: membershipAddr, FreshID: true,
		// An invitation of an email the organization has invited already,
		// in any case, is refused, and the error gives the import ID.
		NotTakenOver: check.Existing{
			Config:   membershipConfig(p, strings.ToUpper("ada@example.com"), `organization = "`+invited+`"`),
			ImportID: taken.ID, Said: `Organization membership already exists`, Server: `422`,
		},
		PlanErrors: []check.PlanError{
			{Config: membershipConfig(p, "ada.example.com", ""), Want: check.Literal(`Attribute email must be an email address, got: ada.example.com`)},
			{Config: membershipConfig(p, "ada@example.com", `organization = "a b"`), Want: check.Literal(`Attribute organization must have 1 to 40 characters`)},
		},
		ImportErrors: []check.ImportError{{ID: "team-6p5RiCe5CRjBmsGt", Want: check.Literal(
			`The import ID of an organization membership is its ID, ou- and 16 characters of the base58 alphabet, or <ORGANIZATION>/<EMAIL>; got "team-6p5RiCe5CRjBmsGt".`)}},
		Create: check.Step{
			// The organization is the provider's and a new membership is
			// an invitation: both known in the plan.
			Config: membershipConfig(p, "ada@example.com", ""),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(membershipAddr, check.Path("organization"), check.Str(p.Organization)),
				plancheck.ExpectKnownValue(membershipAddr, check.Path("status"), check.Str("invited")),
			},
			StateChecks: stateIs(membershipAddr, map[string]knownvalue.Check{
				"id": idOf("ou"), "organization": check.Str(p.Organization), "email": check.Str("ada@example.com"),
				"user_id": idOf("user"), "username": knownvalue.Null(), "status": check.Str("invited"),
			}),
			Check: membershipIs(t, p, map[string]any{"organization": p.Organization, "email": "ada@example.com", "status": "invited"}),
		},
		Imports: []check.ImportID{
			{ID: func(id string) string { return id }},
			// An email is found in any case.
			{ID: func(string) string { return p.Organization + "/ADA@example.com" }},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				return c.OrganizationMemberships.Delete(ctx, id)
			},
			Step: check.Step{
				Config: membershipConfig(p, "ada@example.com", ""),
				Check:  membershipIs(t, p, map[string]any{"email": "ada@example.com", "status": "invited"}),
			},
		},
		Replace: check.Step{
			Config:      membershipConfig(p, "ada@example.com", `organization = "`+other+`"`),
			StateChecks: stateIs(membershipAddr, map[string]knownvalue.Check{"organization": check.Str(other)}),
			Check:       membershipIs(t, p, map[string]any{"organization": other, "email": "ada@example.com", "status": "invited"}),
			Then: []resource.TestStep{{
				// Another email is another person: a new invitation.
				Config: membershipConfig(p, "grace@example.com", `organization = "`+other+`"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectResourceAction(membershipAddr, plancheck.ResourceActionDestroyBeforeCreate),
				}},
				Check: membershipIs(t, p, map[string]any{"organization": other, "email": "grace@example.com", "status": "invited"}),
			}},
		},
	}.Run(t)
}

// A membership that nobody accepts is no drift and no error: the plan
// after the invitation is empty, and stays so. Once the person accepts,
// the refresh shows the membership active, with the username, and the
// plan replaces nothing.
func TestAccOrganizationMembership_staysInvitedUntilAccepted(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	config := membershipConfig(p, "ada@example.com", "")
	var id string
	noChange := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(membershipAddr, plancheck.ResourceActionNoop)}}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config, Check: check.IDKept(membershipAddr, &id)},
			{
				Config: config, ConfigPlanChecks: noChange,
				ConfigStateChecks: stateIs(membershipAddr, map[string]knownvalue.Check{"status": check.Str("invited"), "username": knownvalue.Null()}),
			},
			{
				PreConfig: func() {
					if _, _, err := p.Emulator.Platform().AcceptMembership(id, "ada"); err != nil {
						t.Fatal(err)
					}
				},
				Config: config, ConfigPlanChecks: noChange,
				ConfigStateChecks: stateIs(membershipAddr, map[string]knownvalue.Check{"status": check.Str("active"), "username": check.Str("ada")}),
				Check:             resource.ComposeTestCheckFunc(check.IDKept(membershipAddr, &id), membershipIs(t, p, map[string]any{"status": "active"})),
			},
		},
	})
}
