package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// NewOrganizationMembershipListResource is the constructor of the list
// resource of stack_platform_organization_membership.
var NewOrganizationMembershipListResource = fwutil.NewListResource(NewOrganizationMembershipResource,
	&fwutil.List[organizationMembershipModel, organizationListFilter, *platformclient.Client]{
		Filters: func(context.Context) lschema.Schema {
			return organizationFilters("Lists the memberships of an organization of the platform, each named by its email: "+
				"the active members' and the invitations not yet accepted, the token's own user's among them. "+
				fmt.Sprintf("The list is read whole, %d memberships a request, the most the platform serves.", platformclient.PageSize), "memberships", false)
		},
		List: func(ctx context.Context, c *platformclient.Client, f *organizationListFilter, diags *diag.Diagnostics) []*organizationMembershipModel {
			return listedIn(c, &f.Organization, "memberships", diags, func(org string) (*platformclient.OrganizationMembershipList, error) {
				return c.OrganizationMemberships.List(ctx, org, platformclient.OrganizationMembershipListOptions{})
			}, func(org types.String, om *platformclient.OrganizationMembership) *organizationMembershipModel {
				m := &organizationMembershipModel{Organization: org}
				modelFromOrganizationMembership(m, om)
				return m
			})
		},
		DisplayName: func(m *organizationMembershipModel) string { return m.Email.ValueString() },
	})
