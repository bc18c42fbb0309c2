package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

var _ datasource.DataSourceWithConfigure = (*projectsDataSource)(nil)

type projectsDataSourceModel struct {
	Organization types.String   `tfsdk:"organization"`
	Names        types.List     `tfsdk:"names"`
	Sort         types.String   `tfsdk:"sort"`
	Projects     []projectModel `tfsdk:"projects"`
}

// NewProjectsDataSource is the constructor of the stack_platform_projects
// data source.
func NewProjectsDataSource() datasource.DataSource { return &projectsDataSource{} }

type projectsDataSource struct {
	client *platformclient.Client
}

func (d *projectsDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_platform_projects"
}

func (d *projectsDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	resp.Schema = schema.Schema{
		Description: "Lists the projects of an organization of the platform that the token may see, with their tag bindings, all of them or those of the given names. " +
			fmt.Sprintf("The list is read whole, %d projects a request, the most the platform serves.", platformclient.PageSize),
		Attributes: map[string]schema.Attribute{
			"organization": organizationDataSourceAttribute("whose projects are listed"),
			"names": schema.ListAttribute{
				Optional: true, ElementType: types.StringType,
				Description: "When set, only the projects of these names are listed, each compared exactly, in its case; a name no project has is no error. " + projectNameRule,
				Validators: []validator.List{
					listvalidator.SizeAtLeast(1),
					listvalidator.ValueStringsAre(projectNameValidators()...),
				},
			},
			"sort": schema.StringAttribute{
				Optional: true,
				Description: "Order of the list: `name` (by name, in any case) or `-name` (the reverse). " +
					"Not set, the platform's order, which is by name too.",
				Validators: []validator.String{stringvalidator.OneOf("name", "-name")},
			},
			"projects": schema.ListNestedAttribute{
				Computed:     true,
				Description:  "The projects, in the order `sort` asks for.",
				NestedObject: schema.NestedAttributeObject{Attributes: projectAttributes()},
			},
		},
	}
}

func (d *projectsDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = fwutil.ClientOf[*platformclient.Client](req.ProviderData, platformclient.Service, fwutil.NeedsToken, &resp.Diagnostics)
}

func (d *projectsDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m projectsDataSourceModel
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
	found, err := d.client.Projects.List(ctx, org, platformclient.ProjectListOptions{
		Names: names, Sort: m.Sort.ValueString(), Include: projectIncludes,
	})
	if err != nil {
		fwutil.AddAPIError(&resp.Diagnostics, fmt.Sprintf("Cannot list the projects of the organization %q", org), err)
		return
	}
	m.Organization = types.StringValue(org)
	m.Projects = make([]projectModel, len(found.Items))
	for i, p := range found.Items {
		modelFromProject(ctx, &m.Projects[i], p, effectiveTagsOf(p.EffectiveTagBindings), &resp.Diagnostics)
	}
	resp.Diagnostics.Append(fwutil.Set(ctx, &resp.State, &m)...)
}
