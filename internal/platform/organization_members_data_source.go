package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// organizationMemberModel is one member in the list of an organization's
// members.
type organizationMemberModel struct {
	UserID                   types.String `tfsdk:"user_id"`
	OrganizationMembershipID types.String `tfsdk:"organization_membership_id"`
	Email                    types.String `tfsdk:"email"`
	Username                 types.String `tfsdk:"username"`
}

type organizationMembersDataSourceModel struct {
	Organization   types.String              `tfsdk:"organization"`
	Members        []organizationMemberModel `tfsdk:"members"`
	MembersWaiting []organizationMemberModel `tfsdk:"members_waiting"`
}

// NewOrganizationMembersDataSource is the constructor of the
// stack_platform_organization_members data source.
var NewOrganizationMembersDataSource = fwutil.NewDataSource(&fwutil.DataSource[organizationMembersDataSourceModel, *platformclient.Client]{
	TypeName: "platform_organization_members",
	Service:  platformclient.Service,
	Schema:   organizationMembersDataSourceSchema,
	Read:     readOrganizationMembersDataSource,
})

func organizationMembersDataSourceSchema(context.Context) schema.Schema {
	member := schema.NestedAttributeObject{Attributes: map[string]schema.Attribute{
		"user_id": schema.StringAttribute{Computed: true, Description: "ID of the member's user, `user-` and 16 characters."},
		"organization_membership_id": schema.StringAttribute{
			Computed:    true,
			Description: "ID of the member's organization membership, `ou-` and 16 characters: what `stack_platform_team_member` takes.",
		},
		"email":    schema.StringAttribute{Computed: true, Description: "Email address of the member."},
		"username": schema.StringAttribute{Computed: true, Description: "Username of the member; null for a person who has not accepted yet."},
	}}
	return schema.Schema{
		Description: "Lists the members of an organization of the platform: those who are members (`members`) and those invited who have not " +
			"accepted yet (`members_waiting`), each in the order the platform made their memberships. " +
			fmt.Sprintf("The list is read whole, %d memberships a request, the most the platform serves.", platformclient.PageSize),
		Attributes: map[string]schema.Attribute{
			"organization": organizationDataSourceAttribute("whose members are listed"),
			"members": schema.ListNestedAttribute{
				Computed: true, NestedObject: member,
				Description: "The active members: memberships whose person has accepted.",
			},
			"members_waiting": schema.ListNestedAttribute{
				Computed: true, NestedObject: member,
				Description: "The invited people who have not accepted yet: their memberships are `invited`, and may already be in teams.",
			},
		},
	}
}

func readOrganizationMembersDataSource(ctx context.Context, c *platformclient.Client, m *organizationMembersDataSourceModel, diags *diag.Diagnostics) {
	found, ok := listOfOrganization(c, &m.Organization, "members", diags, func(org string) (*platformclient.OrganizationMembershipList, error) {
		return c.OrganizationMemberships.List(ctx, org, platformclient.OrganizationMembershipListOptions{})
	})
	if !ok {
		return
	}
	m.Members, m.MembersWaiting = []organizationMemberModel{}, []organizationMemberModel{}
	for _, om := range found {
		member := organizationMemberModel{
			OrganizationMembershipID: types.StringValue(om.ID), Email: types.StringValue(om.Email),
			UserID: types.StringNull(), Username: types.StringNull(),
		}
		if om.User != nil {
			member.UserID = types.StringValue(om.User.ID)
			if om.User.Username != "" {
				member.Username = types.StringValue(om.User.Username)
			}
		}
		switch om.Status {
		case platformclient.MembershipActive:
			m.Members = append(m.Members, member)
		case platformclient.MembershipInvited:
			m.MembersWaiting = append(m.MembersWaiting, member)
		}
	}
}
