package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

var _ datasource.DataSourceWithConfigure = (*projectDataSource)(nil)

var projectLookup = lookup{
	object: "project", idPrefix: platformclient.PrefixProject, idRule: "`prj-` and 16 characters",
	nameRule: projectNameRule, nameValidators: projectNameValidators(), owner: "the project's",
	unlisted: ", and the platform does not list the projects that the token may not see",
}

// NewProjectDataSource is the constructor of the stack_platform_project
// data source.
func NewProjectDataSource() datasource.DataSource { return &projectDataSource{} }

type projectDataSource struct {
	client *platformclient.Client
}

// projectAttributes are a project's attributes as the data sources show
// them, all computed.
func projectAttributes() map[string]schema.Attribute {
	return map[string]schema.Attribute{
		"id":           schema.StringAttribute{Computed: true, Description: "The project's ID, `prj-` and 16 characters."},
		"organization": schema.StringAttribute{Computed: true, Description: "Name of the project's organization."},
		"name":         schema.StringAttribute{Computed: true, Description: "Name of the project."},
		"description":  schema.StringAttribute{Computed: true, Description: "Description of the project; null when it has none."},
		"auto_destroy_activity_duration": schema.StringAttribute{
			Computed:    true,
			Description: "How long the project's workspaces may go without activity before their resources are destroyed, such as `14d`; null for never.",
		},
		"tag_bindings": schema.MapAttribute{
			Computed: true, ElementType: types.StringType,
			Description: "The project's key-value tags; empty when it has none.",
		},
	}
}

func (d *projectDataSource) Metadata(_ context.Context, req datasource.MetadataRequest, resp *datasource.MetadataResponse) {
	resp.TypeName = req.ProviderTypeName + "_platform_project"
}

func (d *projectDataSource) Schema(_ context.Context, _ datasource.SchemaRequest, resp *datasource.SchemaResponse) {
	attrs := projectAttributes()
	projectLookup.addAttributes(attrs)
	resp.Schema = schema.Schema{
		Description: "Reads a project of the platform, by its ID or by its name in an organization, with its tag bindings. " +
			"The platform answers a project the token may not see as one that does not exist.",
		Attributes: attrs,
	}
}

func (d *projectDataSource) Configure(_ context.Context, req datasource.ConfigureRequest, resp *datasource.ConfigureResponse) {
	d.client = fwutil.ClientOf[*platformclient.Client](req.ProviderData, platformclient.Service, fwutil.NeedsToken, &resp.Diagnostics)
}

func (d *projectDataSource) Read(ctx context.Context, req datasource.ReadRequest, resp *datasource.ReadResponse) {
	var m projectModel
	resp.Diagnostics.Append(fwutil.Get(ctx, req.Config, &m)...)
	if resp.Diagnostics.HasError() {
		return
	}
	got, ok := find(ctx, projectLookup, d.client, m.ID, m.Organization, m.Name, &resp.Diagnostics,
		func(ctx context.Context, id string) (*platformclient.Project, error) {
			return d.client.Projects.Read(ctx, id, platformclient.ProjectReadOptions{Include: projectIncludes})
		},
		func(ctx context.Context, org, name string) ([]*platformclient.Project, error) {
			found, err := d.client.Projects.List(ctx, org, platformclient.ProjectListOptions{Names: []string{name}, Include: projectIncludes})
			if err != nil {
				return nil, err
			}
			return found.Items, nil
		},
		func(p *platformclient.Project) string { return p.Name })
	if !ok {
		return
	}
	modelFromProject(ctx, &m, got, effectiveTagsOf(got.EffectiveTagBindings), &resp.Diagnostics)
	resp.Diagnostics.Append(fwutil.Set(ctx, &resp.State, &m)...)
}
