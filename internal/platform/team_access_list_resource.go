package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// teamAccessListFilters are the filters of the team accesses' list block.
type teamAccessListFilters struct {
	WorkspaceID types.String `tfsdk:"workspace_id"`
	TeamID      types.String `tfsdk:"team_id"`
}

// NewTeamAccessListResource is the constructor of the list resource of
// stack_platform_team_access.
var NewTeamAccessListResource = fwutil.NewListResource(NewTeamAccessResource, &fwutil.List[teamAccessModel, teamAccessListFilters, *platformclient.Client]{
	Filters: func(context.Context) lschema.Schema {
		return lschema.Schema{
			Description: "Lists the teams' accesses to a workspace of the platform, all of them or one team's. " +
				fmt.Sprintf("The list is read whole, %d accesses a request, the most the platform serves.", platformclient.PageSize),
			Attributes: map[string]lschema.Attribute{
				"workspace_id": lschema.StringAttribute{
					Required:    true,
					Description: "ID of the workspace whose teams' accesses are listed, `ws-` and 16 characters.",
					Validators:  []validator.String{idValidator(platformclient.PrefixWorkspace, "a workspace")},
				},
				"team_id": lschema.StringAttribute{
					Optional:    true,
					Description: "When set, only this team's access, `team-` and 16 characters.",
					Validators:  []validator.String{idValidator(platformclient.PrefixTeam, "a team")},
				},
			},
		}
	},
	List: func(ctx context.Context, c *platformclient.Client, f *teamAccessListFilters, diags *diag.Diagnostics) []*teamAccessModel {
		found, err := c.TeamWorkspaces.List(ctx, f.WorkspaceID.ValueString(), platformclient.TeamWorkspaceListOptions{TeamID: f.TeamID.ValueString()})
		if err != nil {
			fwutil.AddAPIError(diags, "Cannot list the teams' accesses to the workspace "+f.WorkspaceID.ValueString(), err)
			return nil
		}
		out := make([]*teamAccessModel, len(found.Items))
		for i, a := range found.Items {
			// A list's answer that leaves the workspace out: the one listed.
			m := &teamAccessModel{WorkspaceID: f.WorkspaceID}
			modelFromTeamAccess(m, a, diags)
			out[i] = m
		}
		return out
	},
	DisplayName: func(m *teamAccessModel) string { return m.TeamID.ValueString() + " (" + m.Access.ValueString() + ")" },
})
