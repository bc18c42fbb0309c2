package platform

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// teamAccessDataModel is a team's access to a workspace as the data source
// shows it: what the resource has.
type teamAccessDataModel = teamAccessModel

// NewTeamAccessDataSource is the constructor of the
// stack_platform_team_access data source.
var NewTeamAccessDataSource = fwutil.NewDataSource(&fwutil.DataSource[teamAccessDataModel, *platformclient.Client]{
	TypeName: "platform_team_access",
	Service:  platformclient.Service,
	Schema:   teamAccessDataSourceSchema,
	Read:     readTeamAccessDataSource,
})

func teamAccessDataSourceSchema(ctx context.Context) schema.Schema {
	describe := map[string]string{
		"access":      "The team's level of access: one of `" + strings.Join(teamAccessLevels.names, "`, `") + "`.",
		"permissions": "What the team may do with the workspace: those its fixed level implies, or its custom ones.",
	}
	for _, p := range teamAccessPermissions {
		describe["permissions."+p.attribute] = permissionDescription(teamAccessLevels, p)
	}
	attrs := computedFrom(teamAccessSchema(ctx), describe)
	attrs["team_id"] = schema.StringAttribute{
		Required:    true,
		Description: "ID of the team, `team-` and 16 characters.",
		Validators:  []validator.String{idValidator(platformclient.PrefixTeam, "a team")},
	}
	attrs["workspace_id"] = schema.StringAttribute{
		Required:    true,
		Description: "ID of the workspace, `ws-` and 16 characters.",
		Validators:  []validator.String{idValidator(platformclient.PrefixWorkspace, "a workspace")},
	}
	return schema.Schema{
		Description: "Reads a team's access to one workspace of the platform, by the team and the workspace: its level and the permissions it grants. " +
			"The platform answers a workspace the token may not see as one that does not exist.",
		Attributes: attrs,
	}
}

func readTeamAccessDataSource(ctx context.Context, c *platformclient.Client, m *teamAccessDataModel, diags *diag.Diagnostics) {
	found, err := c.TeamWorkspaces.List(ctx, m.WorkspaceID.ValueString(), platformclient.TeamWorkspaceListOptions{TeamID: m.TeamID.ValueString()})
	if err != nil {
		fwutil.AddAPIError(diags, "Cannot read the team access", err)
		return
	}
	for _, a := range found.Items {
		if a.Team != nil && a.Team.ID == m.TeamID.ValueString() {
			modelFromTeamAccess(m, a, diags)
			return
		}
	}
	diags.AddAttributeError(path.Root("team_id"), "Team access not found", fmt.Sprintf(
		"The team %s has no access of its own to the workspace %s that the token may see.", m.TeamID.ValueString(), m.WorkspaceID.ValueString()))
}
