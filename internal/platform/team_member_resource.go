package platform

import (
	"context"
	"fmt"
	"net/http"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
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

// NewTeamMemberResource is the constructor of stack_platform_team_member.
var NewTeamMemberResource = newAttachmentResource(attachment[teamMemberModel]{
	typeName: "platform_team_member",
	object:   "team member",
	twins:    []fwutil.Twin{tfeTeamOrganizationMember},
	description: "One member of one team of the platform, by the member's organization membership (`stack_platform_organization_membership`), " +
		"which may still be `invited`: the platform puts an invited person in the team at once. This resource manages that one member and " +
		"nothing else: a refresh looks for it alone, so members added elsewhere (another configuration, the platform's interface) and the " +
		"service accounts that a team's tokens act as never show as changes, and its destroy removes that member alone. " +
		"There is no resource that owns a team's whole list of members: such a list would fight every member added anywhere else, and would " +
		"plan to remove the service accounts of the team's tokens. To manage a whole team, use `for_each` over a set of membership IDs. " +
		"A create refuses a member that the team has already, and its error gives the import command. A member whose membership is deleted " +
		"(which takes it out of every team) leaves the state, and its destroy succeeds. " +
		"Every argument replaces the member. The import ID is `<TEAM ID>/<MEMBERSHIP ID>`, such as `team-6p5RiCe5CRjBmsGt/ou-7q6SjDf6DSkCntHu`; " +
		"an active member also imports by `<TEAM ID>/<USERNAME>`, and any member by `<ORGANIZATION>/<EMAIL>/<TEAM NAME>` (the email and the name in any case), such as `acme/ada@example.com/devs`.",
	idDescription: "The member's ID: `<TEAM ID>/<MEMBERSHIP ID>`, such as `team-6p5RiCe5CRjBmsGt/ou-7q6SjDf6DSkCntHu`.",
	id:            func(m *teamMemberModel) *types.String { return &m.ID },
	parent: attachmentEnd[teamMemberModel]{
		attr: "team_id", label: "<TEAM ID>", prefix: platformclient.PrefixTeam, kind: "a team",
		description: "ID of the team, `team-` and 16 characters of the base58 alphabet. Changing it replaces the member.",
		field:       func(m *teamMemberModel) *types.String { return &m.TeamID },
	},
	members: []attachmentMember[teamMemberModel]{{
		attachmentEnd: attachmentEnd[teamMemberModel]{
			attr: "organization_membership_id", label: "<MEMBERSHIP ID>", prefix: platformclient.PrefixOrganizationMembership,
			kind: "an organization membership",
			description: "ID of the member's organization membership, " + membershipIDRule + ", such as the `id` of " +
				"`stack_platform_organization_membership`; an invited membership is taken too. The membership must be of the team's organization. " +
				"Changing it replaces the member.",
			field: func(m *teamMemberModel) *types.String { return &m.OrganizationMembershipID },
		},
		// A read looks for this member alone: the team's other members,
		// whoever added them, and its tokens' service accounts are none
		// of its business.
		attached: inTeam,
		add: func(ctx context.Context, c *platformclient.Client, team, membership string) error {
			return c.TeamMemberships.AddMemberships(ctx, team, []string{membership})
		},
		remove: removeTeamMember,
	}},
	// Adding a member twice changes nothing on the platform: a create
	// looks first, so that two resources never claim one member, and the
	// destroy of one never removes the other's.
	checkFirst: true,
	notAttached: func(diags *diag.Diagnostics, id fwutil.ParsedID, team, membership string) {
		importNotFound(diags, "team member", "team member", id.String(), fmt.Sprintf("The team %s has no member of the organization membership %s.", team, membership))
	},
	// The incumbent provider's other forms: an active member's username,
	// and any member's email with the team's name.
	forms: []attachmentForm{
		{
			IDForm: fwutil.IDForm{Parts: []fwutil.IDPart{{Label: "<TEAM ID>", Match: isTeamID}, {Label: "<USERNAME>"}}},
			find:   findTeamMemberByUsername,
		},
		{
			IDForm: fwutil.IDForm{Parts: []fwutil.IDPart{
				{Label: "<ORGANIZATION>", Match: organizationNameRe.MatchString},
				{Label: "<EMAIL>", Match: emailRe.MatchString},
				{Label: "<TEAM NAME>"},
			}},
			find: findTeamMemberByEmail,
		},
	},
})

// inTeam reports whether the membership is in the team, from the team's
// relationship: one request, whatever the team's size.
func inTeam(ctx context.Context, c *platformclient.Client, team, membership string) (bool, error) {
	ids, err := c.TeamMemberships.MembershipIDs(ctx, team)
	if err != nil {
		return false, err
	}
	return slices.Contains(ids, membership), nil
}

// removeTeamMember removes the membership from the team. The platform
// refuses to remove a membership that is not in the team (400), such as
// one deleted earlier in the same destroy, whose delete takes it out of
// its teams: a member already gone is a success.
func removeTeamMember(ctx context.Context, c *platformclient.Client, team, membership string) error {
	err := c.TeamMemberships.RemoveMemberships(ctx, team, []string{membership})
	if client.StatusCode(err) != http.StatusBadRequest {
		return err
	}
	if in, readErr := inTeam(ctx, c, team, membership); readErr != nil || in {
		return err
	}
	return nil
}

func isTeamID(s string) bool { return platformclient.IsID(platformclient.PrefixTeam, s) }

// findTeamMemberByUsername finds the team and the membership that
// <TEAM ID>/<USERNAME> names: an active member's.
func findTeamMemberByUsername(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, diags *diag.Diagnostics) (team, membership string, checked bool) {
	const object = "team member"
	t, err := c.Teams.Read(ctx, id.Parts[0])
	if !importFoundAs(diags, object, "team", id.String(), err) {
		return
	}
	if t.Organization == nil {
		diags.AddError("Cannot import the "+object, fmt.Sprintf("The platform did not answer the organization of the team %s.", t.ID))
		return
	}
	om, err := c.OrganizationMemberships.ReadByUsername(ctx, t.Organization.Name, id.Parts[1])
	if !importFoundAs(diags, object, "organization membership", id.String(), err) {
		return
	}
	return t.ID, om.ID, false
}

// findTeamMemberByEmail finds the team and the membership that
// <ORGANIZATION>/<EMAIL>/<TEAM NAME> names.
func findTeamMemberByEmail(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, diags *diag.Diagnostics) (team, membership string, checked bool) {
	const object = "team member"
	org, email, teamName := id.Parts[0], id.Parts[1], id.Parts[2]
	t, err := c.Teams.ReadByName(ctx, org, teamName)
	if !importFoundAs(diags, object, "team", id.String(), err) {
		return
	}
	om, err := c.OrganizationMemberships.ReadByEmail(ctx, org, email)
	if !importFoundAs(diags, object, "organization membership", id.String(), err) {
		return
	}
	return t.ID, om.ID, false
}
