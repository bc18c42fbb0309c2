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

// The data source reads a membership by email in any case, by username
// exactly (an invited person has none), and by ID, in the provider's
// organization; what it does not find is an error that names it.
func TestAccOrganizationMembershipDataSource_shape(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	other := p.NewOrganization(t)
	ctx := context.Background()
	ada, err := p.Client(t).OrganizationMemberships.Create(ctx, p.Organization, platformclient.OrganizationMembershipCreateOptions{Email: check.Ptr("ada@example.com")})
	if err != nil {
		t.Fatal(err)
	}
	// Two usernames that the search (q) matches alike.
	bob, bobUser, err := p.Emulator.Platform().AddMember(p.Organization, "bob", "bob@example.com")
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := p.Emulator.Platform().AddMember(p.Organization, "bobby", "bobby@example.com"); err != nil {
		t.Fatal(err)
	}
	invited := map[string]knownvalue.Check{
		"id": check.Str(ada.ID), "organization_membership_id": check.Str(ada.ID), "organization": check.Str(p.Organization),
		"email": check.Str("ada@example.com"), "status": check.Str("invited"), "username": knownvalue.Null(), "user_id": idOf("user"),
	}
	active := map[string]knownvalue.Check{
		"id": check.Str(bob), "organization_membership_id": check.Str(bob), "organization": check.Str(p.Organization),
		"email": check.Str("bob@example.com"), "status": check.Str("active"), "username": check.Str("bob"), "user_id": check.Str(bobUser),
	}
	check.DataSource{
		Service: p, Type: "stack_platform_organization_membership", Config: p.ProviderConfig(),
		ByID: check.Read{Args: check.Args{"organization_membership_id": bob}, Want: active},
		Reads: []check.Read{
			{Label: "by_email", Args: check.Args{"email": "ADA@example.com"}, Want: merged(invited, map[string]knownvalue.Check{"email": check.Str("ADA@example.com")})},
			{Label: "by_username", Args: check.Args{"username": "bob"}, Want: active},
		},
		NotFound: []check.Refusal{
			{
				Args: check.Args{"username": "bo"},
				Want: check.Literal(`The organization "` + p.Organization + `" has no membership of the user named "bo" that the token may see.`),
			},
			{
				// By ID, the organization is the membership's: another is
				// refused.
				Args: check.Args{"organization": other, "organization_membership_id": bob},
				Want: check.Literal(`The membership ` + bob + ` is of the organization "` + p.Organization + `", not of "` + other + `".`),
			},
		},
	}.Run(t)
}
