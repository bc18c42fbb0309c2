package platform_test

import (
	"context"
	"regexp"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

type listedMember struct {
	UserID                   string  `json:"user_id"`
	OrganizationMembershipID string  `json:"organization_membership_id"`
	Email                    string  `json:"email"`
	Username                 *string `json:"username"`
}

// The members are the active memberships, the invited ones wait apart,
// each list in the order the memberships were made; one request reads
// them all.
func TestAccOrganizationMembersDataSource_activeAndWaiting(t *testing.T) {
	t.Parallel()
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	ctx := context.Background()
	c := p.Client(t)
	var invited []string
	for _, email := range []string{"ada@example.com", "grace@example.com"} {
		m, err := c.OrganizationMemberships.Create(ctx, p.Organization, platformclient.OrganizationMembershipCreateOptions{Email: check.Ptr(email)})
		if err != nil {
			t.Fatal(err)
		}
		invited = append(invited, m.ID)
	}
	bob, bobUser, err := p.Emulator.Platform().AddMember(p.Organization, "bob", "bob@example.com")
	if err != nil {
		t.Fatal(err)
	}
	outputs := readOnce(t, p, `
data "stack_platform_organization_members" "all" {}

output "members" {
  value = data.stack_platform_organization_members.all.members
}

output "waiting" {
  value = data.stack_platform_organization_members.all.members_waiting
}
`, map[string]int64{"GET /api/v2/ping": 1, "GET /api/v2/organizations/{org}/organization-memberships": 1})
	members, waiting := output[[]listedMember](t, outputs, "members"), output[[]listedMember](t, outputs, "waiting")
	// The organization's creator first, then bob.
	if len(members) != 2 || members[1].OrganizationMembershipID != bob || members[1].UserID != bobUser ||
		members[1].Email != "bob@example.com" || members[1].Username == nil || *members[1].Username != "bob" {
		t.Errorf("members = %+v, want the creator and bob (%s)", members, bob)
	}
	if len(waiting) != 2 {
		t.Fatalf("members_waiting = %+v, want ada and grace", waiting)
	}
	for i, email := range []string{"ada@example.com", "grace@example.com"} {
		if w := waiting[i]; w.OrganizationMembershipID != invited[i] || w.Email != email || w.Username != nil || w.UserID == "" {
			t.Errorf("members_waiting[%d] = %+v, want %s of %s without a username", i, w, invited[i], email)
		}
	}
}

// The organization's name is checked at plan time, and an organization the
// token may not see is an error that says the token may be why. The read
// is TestAccOrganizationMembersDataSource_activeAndWaiting's, which counts
// its requests.
func TestAccOrganizationMembersDataSource_shape(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	check.DataSource{
		Service: p, Type: "stack_platform_organization_members", Config: p.ProviderConfig(),
		PlanErrors: []check.Refusal{{
			Args: check.Args{"organization": "acme labs"},
			Want: check.Literal(`Attribute organization must have 1 to 40 characters: letters, digits, '-' and '_', got: acme labs`),
		}},
		NotFound: []check.Refusal{{
			Config: p.ProviderConfigWith(p.MintUserToken(t), p.Organization),
			Want:   check.Wrapped(`Cannot list the members of the organization "` + p.Organization + `".*404 Not Found.*` + regexp.QuoteMeta(notVisibleHint)),
		}},
	}.Run(t)
}
