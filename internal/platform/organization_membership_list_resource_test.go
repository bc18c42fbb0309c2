package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// The list finds the memberships of an organization, active and invited,
// the creator's among them, each named by its email; with
// include_resource, each is the state an import gives.
func TestAccOrganizationMembershipListResource_query(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	ctx, c := context.Background(), p.Client(t)
	before, err := c.OrganizationMemberships.List(ctx, p.Organization, platformclient.OrganizationMembershipListOptions{})
	if err != nil || len(before.Items) != 1 {
		t.Fatalf("the organization's memberships before the test: %v, %v; want its creator's alone", before, err)
	}
	creator := before.Items[0].Email
	ada, err := c.OrganizationMemberships.Create(ctx, p.Organization, platformclient.OrganizationMembershipCreateOptions{Email: check.Ptr("ada@example.com")})
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := p.Emulator.Platform().AddMember(p.Organization, "bob", "bob@example.com"); err != nil {
		t.Fatal(err)
	}
	email := func(e string) map[string]knownvalue.Check {
		return check.Identity(map[string]string{"organization": p.Organization, "email": e})
	}
	check.Query{
		Type: "stack_platform_organization_membership", Config: p.ProviderConfig(),
		Lists: []check.Listed{{
			Label: "all", Found: []map[string]knownvalue.Check{email("ada@example.com"), email(creator), email("bob@example.com")}, DisplayName: "ada@example.com",
			Resource: map[string]knownvalue.Check{
				"id": check.Str(ada.ID), "organization": check.Str(p.Organization), "email": check.Str("ada@example.com"),
				"status": check.Str(platformclient.MembershipInvited), "username": knownvalue.Null(), "user_id": knownvalue.NotNull(),
			},
		}},
	}.Run(t)
}
