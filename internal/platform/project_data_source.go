package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// projectDataModel is a project as the data sources show it: what the
// resource has, and how many workspaces it holds, which the workspaces'
// own resources decide.
type projectDataModel struct {
	projectModel
	WorkspaceCount types.Int64 `tfsdk:"workspace_count"`
}

// modelFromProjectData writes p into m, with its effective tags.
func modelFromProjectData(m *projectDataModel, p *platformclient.Project) {
	modelFromProject(&m.projectModel, p, effectiveTagsOf(p.EffectiveTagBindings))
	m.WorkspaceCount = types.Int64Value(int64(p.WorkspaceCount))
}

var projectLookup = lookup{
	object: "project", idPrefix: platformclient.PrefixProject, idRule: "`prj-` and 16 characters",
	nameRule: projectNameRule, nameValidators: projectNameValidators(), owner: "the project's",
	unlisted: ", and the platform does not list the projects that the token may not see",
}

// NewProjectDataSource is the constructor of the stack_platform_project
// data source.
var NewProjectDataSource = fwutil.NewDataSource(&fwutil.DataSource[projectDataModel, *platformclient.Client]{
	TypeName: "platform_project",
	Service:  platformclient.Service,
	Schema:   projectDataSourceSchema,
	Read:     readProjectDataSource,
})

// projectAttributes are a project's attributes as the data sources show
// them: the resource's, all computed.
func projectAttributes(ctx context.Context) map[string]schema.Attribute {
	attrs := computedFrom(projectSchema(ctx), map[string]string{
		"organization":                   "Name of the project's organization.",
		"name":                           "Name of the project.",
		"description":                    "Description of the project; null when it has none.",
		"auto_destroy_activity_duration": "How long the project's workspaces may go without activity before their resources are destroyed, such as `14d`; null for never.",
		"tag_bindings":                   "The project's key-value tags; empty when it has none.",
	})
	attrs["workspace_count"] = schema.Int64Attribute{
		Computed:    true,
		Description: "How many workspaces the project holds, those the token may not see included.",
	}
	return attrs
}

func projectDataSourceSchema(ctx context.Context) schema.Schema {
	attrs := projectAttributes(ctx)
	projectLookup.addAttributes(attrs)
	return schema.Schema{
		Description: "Reads a project of the platform, by its ID or by its name in an organization, with its tag bindings. " +
			"The platform answers a project the token may not see as one that does not exist.",
		Attributes: attrs,
	}
}

func readProjectDataSource(ctx context.Context, c *platformclient.Client, m *projectDataModel, diags *diag.Diagnostics) {
	got, ok := find(ctx, projectLookup, c, m.ID, m.Organization, m.Name, diags,
		func(ctx context.Context, id string) (*platformclient.Project, error) {
			return c.Projects.Read(ctx, id, platformclient.ProjectReadOptions{Include: projectIncludes})
		},
		func(ctx context.Context, org, name string) (*platformclient.ProjectList, error) {
			return c.Projects.List(ctx, org, platformclient.ProjectListOptions{Names: []string{name}, Include: projectIncludes})
		},
		func(p *platformclient.Project) string { return p.Name })
	if !ok {
		return
	}
	modelFromProjectData(m, got)
}
