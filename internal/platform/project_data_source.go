package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// projectDataModel is a project as the data sources show it: what the
// resource has.
type projectDataModel = projectModel

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
	return computedFrom(projectSchema(ctx), map[string]string{
		"organization":                   "Name of the project's organization.",
		"name":                           "Name of the project.",
		"description":                    "Description of the project; null when it has none.",
		"auto_destroy_activity_duration": "How long the project's workspaces may go without activity before their resources are destroyed, such as `14d`; null for never.",
		"tag_bindings":                   "The project's key-value tags; empty when it has none.",
	})
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
	modelFromProject(m, got, effectiveTagsOf(got.EffectiveTagBindings))
}
