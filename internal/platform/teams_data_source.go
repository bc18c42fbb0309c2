package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

var _ datasource.DataSourceWithConfigure = (*teamsDataSource)(nil)

type teamsDataSourceModel struct {
	Organization types.String `tfsdk:"organization"`
	Search       types.String `tfsdk:"search"`
	Names        types.List   `tfsdk:"names"`
	Teams        []teamModel  `tfsdk:"teams"`
	IDs          types.List   `tfsdk:"ids"`
	IDsByName    types.Map    `tfsdk:"ids_by_name"`
}

// NewTeamsDataSource is the constructor of the stack_platform_teams data
// source.
func NewTeamsDataSource() datasource.DataSource { return &teamsDataSource{} }

type teamsDataSource struct {
	client *platformclient.Client
}

func (d *teamsDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_platform_teams"
}

func (d *teamsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Lists the teams of an organization of the platform that the token may see, with their organization access, " +
			"all of them or those that the filters keep; the filters combine, each narrowing the list. " +
			"Secret teams are listed only to those who may see them: the organization's owners, teams that manage teams or may see secret teams, and the team itself. " +
			fmt.Sprintf("The list is read whole, %d teams a request, the most the platform serves.", platformclient.PageSize),
		Attributes: map[string]schema.Attribute{
			"organization": organizationDataSourceAttribute("whose teams are listed"),
			"search": schema.StringAttribute{
				Optional:    true,
				Description: "When set, only the teams whose names contain it, in any case.",
				Validators:  []validator.String{stringvalidator.LengthAtLeast(1)},
			},
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
				NestedObject: schema.NestedAttributeObject{Attributes: teamAttributes()},
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

func (d *teamsDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = fwutil.ClientOf[*platformclient.Client](req.ProviderData, platformclient.Service, fwutil.NeedsToken, &resp.Diagnostics)
}

func (d *teamsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m teamsDataSourceModel
	resp.Diagnostics.Append(fwutil.Get(ctx, req.Config, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	org, ok := organizationDefault.Of(d.client, m.Organization, &resp.Diagnostics)
	if !ok {
		return
	}
	names := fwutil.Strings(ctx, m.Names, &resp.Diagnostics)
	if resp.Diagnostics.HasError() {
		return
	}
	found, err := d.client.Teams.List(ctx, org, platformclient.TeamListOptions{Query: m.Search.ValueString(), Names: names})
	if err != nil {
		fwutil.AddAPIError(&resp.Diagnostics, fmt.Sprintf("Cannot list the teams of the organization %q", org), err)
		return
	}
	m.Organization = types.StringValue(org)
	m.Teams = make([]teamModel, len(found.Items))
	ids, byName := make([]string, len(found.Items)), make(map[string]string, len(found.Items))
	for i, t := range found.Items {
		modelFromTeam(&m.Teams[i], t, &resp.Diagnostics)
		ids[i], byName[t.Name] = t.ID, t.ID
	}
	m.IDs = stringList(ctx, ids, &resp.Diagnostics)
	var diags diag.Diagnostics
	m.IDsByName, diags = types.MapValueFrom(ctx, types.StringType, byName)
	resp.Diagnostics.Append(diags...)
	resp.Diagnostics.Append(fwutil.Set(ctx, &resp.State, &m)...)
}
