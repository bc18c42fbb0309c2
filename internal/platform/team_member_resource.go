package platform

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// teamMemberModel is one member of one team, by its organization
// membership.
type teamMemberModel struct {
	ID                       types.String `tfsdk:"id"`
	TeamID                   types.String `tfsdk:"team_id"`
	OrganizationMembershipID types.String `tfsdk:"organization_membership_id"`
}

func (m *teamMemberModel) setID() {
	m.ID = types.StringValue(m.TeamID.ValueString() + "/" + m.OrganizationMembershipID.ValueString())
}

// NewTeamMemberResource is the constructor of stack_platform_team_member.
var NewTeamMemberResource = fwutil.NewResource(&fwutil.Resource[teamMemberModel, *platformclient.Client]{
	TypeName: "platform_team_member",
	Service:  platformclient.Service,
	Object:   "team member",
	Schema:   teamMemberSchema,
	Import: &fwutil.Import[teamMemberModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{
			{Parts: []fwutil.IDPart{
				{Label: "<TEAM ID>", Match: isTeamID},
				{Label: "<MEMBERSHIP ID>", Match: func(s string) bool {
					return platformclient.IsID(platformclient.PrefixOrganizationMembership, s)
				}},
			}},
			{Parts: []fwutil.IDPart{{Label: "<TEAM ID>", Match: isTeamID}, {Label: "<USERNAME>"}}},
			{Parts: []fwutil.IDPart{
				{Label: "<ORGANIZATION>", Match: organizationNameRe.MatchString},
				{Label: "<EMAIL>", Match: emailRe.MatchString},
				{Label: "<TEAM NAME>"},
			}},
		}},
		Print: func(m *teamMemberModel) string { return m.ID.ValueString() },
		Read:  importTeamMember,
	},
	// Adding a member twice changes nothing on the platform: a create
	// looks first, so that two resources never claim one member, and the
	// destroy of one never removes the other's.
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *teamMemberModel) error {
		m.setID()
		in, err := inTeam(ctx, op.Client, m)
		switch {
		case err != nil:
			return err
		case in:
			return &fwutil.Exists{}
		}
		return op.Client.TeamMemberships.AddMemberships(ctx, m.TeamID.ValueString(), []string{m.OrganizationMembershipID.ValueString()})
	},
	// A read looks for this member alone: the team's other members,
	// whoever added them, and its tokens' service accounts are none of
	// its business.
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *teamMemberModel) error {
		in, err := inTeam(ctx, op.Client, m)
		if err != nil {
			return err
		}
		if !in {
			return fwutil.ErrGone
		}
		m.setID()
		return nil
	},
	// The platform refuses to remove a membership that is not in the
	// team (400), such as one deleted earlier in the same destroy, whose
	// delete takes it out of its teams: a member already gone is a
	// success.
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *teamMemberModel) error {
		err := op.Client.TeamMemberships.RemoveMemberships(ctx, m.TeamID.ValueString(), []string{m.OrganizationMembershipID.ValueString()})
		if client.StatusCode(err) != http.StatusBadRequest {
			return err
		}
		if in, readErr := inTeam(ctx, op.Client, m); readErr != nil || in {
			return err
		}
		return nil
	},
})

// inTeam reports whether m's membership is in m's team, from the team's
// relationship: one request, whatever the team's size.
func inTeam(ctx context.Context, c *platformclient.Client, m *teamMemberModel) (bool, error) {
	ids, err := c.TeamMemberships.MembershipIDs(ctx, m.TeamID.ValueString())
	if err != nil {
		return false, err
	}
	return slices.Contains(ids, m.OrganizationMembershipID.ValueString()), nil
}

func teamMemberSchema(context.Context) schema.Schema {
	replace := []planmodifier.String{stringplanmodifier.RequiresReplace()}
	return schema.Schema{
		Description: "One member of one team of the platform, by the member's organization membership (`stack_platform_organization_membership`), " +
			"which may still be `invited`: the platform puts an invited person in the team at once. This resource manages that one member and " +
			"nothing else: a refresh looks for it alone, so members added elsewhere (another configuration, the platform's interface) and the " +
			"service accounts that a team's tokens act as never show as changes, and its destroy removes that member alone. " +
			"There is no resource that owns a team's whole list of members: such a list would fight every member added anywhere else, and would " +
			"plan to remove the service accounts of the team's tokens. To manage a whole team, use `for_each` over a set of membership IDs. " +
			"A create refuses a member that the team has already, and its error gives the import command. A member whose membership is deleted " +
			"(which takes it out of every team) leaves the state, and its destroy succeeds. " +
			"Every argument replaces the member. The import ID is `<TEAM ID>/<MEMBERSHIP ID>`, such as `team-6p5RiCe5CRjBmsGt/ou-7q6SjDf6DSkCntHu`; " +
			"an active member also imports by `<TEAM ID>/<USERNAME>`, and any member by `<ORGANIZATION>/<EMAIL>/<TEAM NAME>`, such as `acme/ada@example.com/devs`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The member's ID: `<TEAM ID>/<MEMBERSHIP ID>`, such as `team-6p5RiCe5CRjBmsGt/ou-7q6SjDf6DSkCntHu`.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"team_id": schema.StringAttribute{
				Required:      true,
				Description:   "ID of the team, `team-` and 16 characters of the base58 alphabet. Changing it replaces the member.",
				Validators:    []validator.String{idValidator(platformclient.PrefixTeam, "a team")},
				PlanModifiers: replace,
			},
			"organization_membership_id": schema.StringAttribute{
				Required: true,
				Description: "ID of the member's organization membership, " + membershipIDRule + ", such as the `id` of " +
					"`stack_platform_organization_membership`; an invited membership is taken too. The membership must be of the team's organization. " +
					"Changing it replaces the member.",
				Validators:    []validator.String{idValidator(platformclient.PrefixOrganizationMembership, "an organization membership")},
				PlanModifiers: replace,
			},
		},
	}
}

func isTeamID(s string) bool { return platformclient.IsID(platformclient.PrefixTeam, s) }

// importTeamMember takes <TEAM ID>/<MEMBERSHIP ID>, and the incumbent
// provider's other forms: <TEAM ID>/<USERNAME>, an active member's, and
// <ORGANIZATION>/<EMAIL>/<TEAM NAME>. It finds the membership and checks
// that the team has it.
func importTeamMember(ctx context.Context, c *platformclient.Client, parsed fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	const object = "team member"
	id, parts := parsed.String(), parsed.Parts
	m := &teamMemberModel{}
	switch {
	case len(parts) == 3:
		org, email, teamName := parts[0], parts[1], parts[2]
		team, err := c.Teams.ReadByName(ctx, org, teamName)
		if !importFoundAs(diags, object, "team", id, err) {
			return
		}
		om, err := c.OrganizationMemberships.ReadByEmail(ctx, org, email)
		if !importFoundAs(diags, object, "organization membership", id, err) {
			return
		}
		m.TeamID, m.OrganizationMembershipID = types.StringValue(team.ID), types.StringValue(om.ID)
	case platformclient.IsID(platformclient.PrefixOrganizationMembership, parts[1]):
		m.TeamID, m.OrganizationMembershipID = types.StringValue(parts[0]), types.StringValue(parts[1])
	default:
		team, err := c.Teams.Read(ctx, parts[0])
		if !importFoundAs(diags, object, "team", id, err) {
			return
		}
		if team.Organization == nil {
			diags.AddError("Cannot import the "+object, fmt.Sprintf("The platform did not answer the organization of the team %s.", team.ID))
			return
		}
		om, err := c.OrganizationMemberships.ReadByUsername(ctx, team.Organization.Name, parts[1])
		if !importFoundAs(diags, object, "organization membership", id, err) {
			return
		}
		m.TeamID, m.OrganizationMembershipID = types.StringValue(team.ID), types.StringValue(om.ID)
	}
	in, err := inTeam(ctx, c, m)
	if !importFoundAs(diags, object, "team", id, err) {
		return
	}
	if !in {
		importNotFound(diags, object, object, id, fmt.Sprintf("The team %s has no member of the organization membership %s.",
			m.TeamID.ValueString(), m.OrganizationMembershipID.ValueString()))
		return
	}
	m.setID()
	diags.Append(state.SetAttribute(ctx, path.Root("id"), m.ID)...)
	diags.Append(state.SetAttribute(ctx, path.Root("team_id"), m.TeamID)...)
	diags.Append(state.SetAttribute(ctx, path.Root("organization_membership_id"), m.OrganizationMembershipID)...)
}
