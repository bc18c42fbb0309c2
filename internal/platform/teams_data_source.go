package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

type teamsDataSourceModel struct {
	Organization types.String    `tfsdk:"organization"`
	Search       types.String    `tfsdk:"search"`
	Names        types.List      `tfsdk:"names"`
	Teams        []teamDataModel `tfsdk:"teams"`
	IDs          types.List      `tfsdk:"ids"`
	IDsByName    types.Map       `tfsdk:"ids_by_name"`
}

// NewTeamsDataSource is the constructor of the stack_platform_teams data
// source.
var NewTeamsDataSource = fwutil.NewDataSource(&fwutil.DataSource[teamsDataSourceModel, *platformclient.Client]{
	TypeName: "platform_teams",
	Service:  platformclient.Service,
	Schema:   teamsDataSourceSchema,
	Read:     readTeamsDataSource,
})

func teamsDataSourceSchema(ctx context.Context) schema.Schema {
	return schema.Schema{
		Description: "Lists the teams of an organization of the platform that the token may see, with their organization access, " +
			"all of them or those that the filters keep; the filters combine, each narrowing the list. " +
			"Secret teams are listed only to those who may see them: the organization's owners, teams that manage teams or may see secret teams, and the team itself. " +
			fmt.Sprintf("The list is read whole, %d teams a request, the most the platform serves.", platformclient.PageSize),
		Attributes: map[string]schema.Attribute{
			"organization": organizationDataSourceAttribute("whose teams are listed"),
			"search":       searchAttribute("teams"),
			"names": schema.ListAttribute{
				Optional: true, ElementType: types.StringType,
				Description: "When set, only the teams of these names, each compared exactly, in its case; a name no team has is no error. " + teamNameRule,
				Validators: []validator.List{
					listvalidator.SizeAtLeast(1),
					listvalidator.ValueStringsAre(teamNameValidators()...),
				},
			},
			"teams": schema.ListNestedAttribute{
				Computed:     true,
				Description:  "The teams, by name in any case.",
				NestedObject: schema.NestedAttributeObject{Attributes: teamAttributes(ctx)},
			},
			"ids": schema.ListAttribute{
				Computed: true, ElementType: types.StringType,
				Description: "The IDs of the teams, in the order of `teams`.",
			},
			"ids_by_name": schema.MapAttribute{
				Computed: true, ElementType: types.StringType,
				Description: "The IDs of the teams by their names, such as `{ \"platform-admins\" = \"team-6p5RiCe5CRjBmsGt\" }`.",
			},
		},
	}
}

func readTeamsDataSource(ctx context.Context, c *platformclient.Client, m *teamsDataSourceModel, diags *diag.Diagnostics) {
	names := fwutil.Strings(ctx, m.Names, diags)
	if diags.HasError() {
		return
	}
	found, ok := listOfOrganization(c, &m.Organization, "teams", diags, func(org string) (*platformclient.TeamList, error) {
		return c.Teams.List(ctx, org, platformclient.TeamListOptions{Query: m.Search.ValueString(), Names: names})
	})
	if !ok {
		return
	}
	m.Teams = make([]teamDataModel, len(found))
	ids, byName := make([]string, len(found)), make(map[string]string, len(found))
	for i, t := range found {
		modelFromTeam(&m.Teams[i], t, diags)
		ids[i], byName[t.Name] = t.ID, t.ID
	}
	m.IDs = stringList(ids)
	m.IDsByName = fwutil.StringMapValue(byName)
}
