package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// The data source reads a membership by email in any case, by username
// exactly (an invited person has none), and by ID, in the provider's
// organization; what it does not find is an error that names it.
func TestAccOrganizationMembershipDataSource_byEmailUsernameAndID(t *testing.T) {
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
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: p.ProviderConfig() + `
data "stack_platform_organization_membership" "both" {
  email    = "ada@example.com"
  username = "ada"
}
`,
				ExpectError: check.Wrapped(`2 attributes specified when one \(and only one\) of\s+\[email,username,organization_membership_id\] is required`),
			},
			{
				Config: p.ProviderConfig() + `
data "stack_platform_organization_membership" "by_email" {
  email = "ADA@example.com"
}

data "stack_platform_organization_membership" "by_username" {
  username = "bob"
}

data "stack_platform_organization_membership" "by_id" {
  organization_membership_id = "` + bob + `"
}
`,
				ConfigStateChecks: append(append(
					stateIs("data.stack_platform_organization_membership.by_email", merged(invited, map[string]knownvalue.Check{"email": check.Str("ADA@example.com")})),
					stateIs("data.stack_platform_organization_membership.by_username", active)...),
					stateIs("data.stack_platform_organization_membership.by_id", active)...),
			},
			{
				Config: p.ProviderConfig() + `
data "stack_platform_organization_membership" "missing" {
  username = "bo"
}
`,
				ExpectError: check.Literal(`The organization "` + p.Organization + `" has no membership of the user named "bo" that the token may see.`),
			},
			{
				// By ID, the organization is the membership's: another is
				// refused.
				Config: p.ProviderConfig() + `
data "stack_platform_organization_membership" "elsewhere" {
  organization               = "` + other + `"
  organization_membership_id = "` + bob + `"
}
`,
				ExpectError: check.Literal(`The membership ` + bob + ` is of the organization "` + p.Organization + `", not of "` + other + `".`),
			},
		},
	})
}

// merged is a copy of base with over's checks in place of its own.
func merged(base, over map[string]knownvalue.Check) map[string]knownvalue.Check {
	out := make(map[string]knownvalue.Check, len(base))
	for k, v := range base {
		out[k] = v
	}
	for k, v := range over {
		out[k] = v
	}
	return out
}
