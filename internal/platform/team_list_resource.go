package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// teamListFilters are the filters of the teams' list block.
type teamListFilters struct {
	organizationListFilters
	Names types.List `tfsdk:"names"`
}

// NewTeamListResource is the constructor of the list resource of
// stack_platform_team.
var NewTeamListResource = organizationList(NewTeamResource, &orgList[teamModel, teamListFilters, platformclient.Team]{
	What: "teams",
	About: "Lists the teams of an organization of the platform that the token may see, its owners team among them, all of them or those that the filters keep; " +
		"the filters combine, each narrowing the list. " +
		"Secret teams are listed only to those who may see them: the organization's owners, teams that manage teams or may see secret teams, and the team itself.",
	Filters: func(ctx context.Context, description string) lschema.Schema {
		return fwutil.FiltersOf(fwutil.DataSourceSchema(ctx, NewTeamsDataSource), description, "organization", "search", "names")
	},
	List: func(ctx context.Context, c *platformclient.Client, org string, f *teamListFilters, diags *diag.Diagnostics) (*platformclient.TeamList, error) {
		return c.Teams.List(ctx, org, platformclient.TeamListOptions{Query: f.Search.ValueString(), Names: fwutil.Strings(ctx, f.Names, diags)})
	},
	Model: func(org types.String, t *platformclient.Team, diags *diag.Diagnostics) *teamModel {
		m := &teamModel{Organization: org}
		modelFromTeam(m, t, diags)
		return m
	},
	DisplayName: func(m *teamModel) string { return m.Name.ValueString() },
})
