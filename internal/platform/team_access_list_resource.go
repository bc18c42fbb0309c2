package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// teamAccessListFilters are the filters of the team accesses' list block.
type teamAccessListFilters struct {
	workspaceListFilter
	TeamID types.String `tfsdk:"team_id"`
}

// NewTeamAccessListResource is the constructor of the list resource of
// stack_platform_team_access.
var NewTeamAccessListResource = listHeld(NewTeamAccessResource, &heldList[teamAccessModel, teamAccessListFilters, platformclient.TeamWorkspace]{
	What:  "teams' accesses",
	About: "Lists the teams' accesses to a workspace of the platform, all of them or one team's.",
	More: map[string]lschema.Attribute{
		"team_id": lschema.StringAttribute{
			Optional:    true,
			Description: "When set, only this team's access, `team-` and 16 characters.",
			Validators:  []validator.String{idValidator(platformclient.PrefixTeam, "a team")},
		},
	},
	List: func(ctx context.Context, c *platformclient.Client, id string, f *teamAccessListFilters) (*platformclient.TeamWorkspaceList, error) {
		return c.TeamWorkspaces.List(ctx, id, platformclient.TeamWorkspaceListOptions{TeamID: f.TeamID.ValueString()})
	},
	Model: func(id types.String, a *platformclient.TeamWorkspace, diags *diag.Diagnostics) *teamAccessModel {
		// A list's answer that leaves the workspace out: the one listed.
		m := &teamAccessModel{WorkspaceID: id}
		modelFromTeamAccess(m, a, diags)
		return m
	},
	DisplayName: func(m *teamAccessModel) string { return m.TeamID.ValueString() + " (" + m.Access.ValueString() + ")" },
})
