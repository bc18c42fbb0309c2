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

// teamListFilters are the filters of the teams' list block.
type teamListFilters struct {
	Organization types.String `tfsdk:"organization"`
	Search       types.String `tfsdk:"search"`
	Names        types.List   `tfsdk:"names"`
}

// NewTeamListResource is the constructor of the list resource of
// stack_platform_team.
var NewTeamListResource = fwutil.NewListResource(NewTeamResource, &fwutil.List[teamModel, teamListFilters, *platformclient.Client]{
	Filters: func(ctx context.Context) lschema.Schema {
		return fwutil.FiltersOf(fwutil.DataSourceSchema(ctx, NewTeamsDataSource),
			"Lists the teams of an organization of the platform that the token may see, its owners team among them, all of them or those that the filters keep; "+
				"the filters combine, each narrowing the list. "+
				"Secret teams are listed only to those who may see them: the organization's owners, teams that manage teams or may see secret teams, and the team itself. "+
				fmt.Sprintf("The list is read whole, %d teams a request, the most the platform serves.", platformclient.PageSize),
			"organization", "search", "names")
	},
	List: func(ctx context.Context, c *platformclient.Client, f *teamListFilters, diags *diag.Diagnostics) []*teamModel {
		names := fwutil.Strings(ctx, f.Names, diags)
		if diags.HasError() {
			return nil
		}
		return listedIn(c, &f.Organization, "teams", diags, func(org string) (*platformclient.TeamList, error) {
			return c.Teams.List(ctx, org, platformclient.TeamListOptions{Query: f.Search.ValueString(), Names: names})
		}, func(org types.String, t *platformclient.Team) *teamModel {
			m := &teamModel{Organization: org}
			modelFromTeam(m, t, diags)
			return m
		})
	},
	DisplayName: func(m *teamModel) string { return m.Name.ValueString() },
})
