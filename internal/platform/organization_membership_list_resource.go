package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// NewOrganizationMembershipListResource is the constructor of the list
// resource of stack_platform_organization_membership.
var NewOrganizationMembershipListResource = organizationList(NewOrganizationMembershipResource,
	&orgList[organizationMembershipModel, organizationListFilter, platformclient.OrganizationMembership]{
		What: "memberships",
		About: "Lists the memberships of an organization of the platform, each named by its email: " +
			"the active members' and the invitations not yet accepted, the token's own user's among them.",
		Filters: organizationFilters("memberships", false, nil),
		List: func(ctx context.Context, c *platformclient.Client, org string, _ *organizationListFilter, _ *diag.Diagnostics) (*platformclient.OrganizationMembershipList, error) {
			return c.OrganizationMemberships.List(ctx, org, platformclient.OrganizationMembershipListOptions{})
		},
		Model: func(org types.String, om *platformclient.OrganizationMembership, _ *diag.Diagnostics) *organizationMembershipModel {
			m := &organizationMembershipModel{Organization: org}
			modelFromOrganizationMembership(m, om)
			return m
		},
		DisplayName: func(m *organizationMembershipModel) string { return m.Email.ValueString() },
	})
