package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// projectListFilters are the filters of the projects' list block.
type projectListFilters struct {
	organizationListFilter
	Names types.List `tfsdk:"names"`
}

// NewProjectListResource is the constructor of the list resource of
// stack_platform_project.
var NewProjectListResource = organizationList(NewProjectResource, &orgList[projectModel, projectListFilters, platformclient.Project]{
	What:  "projects",
	About: "Lists the projects of an organization of the platform that the token may see, its default project among them, all of them or those of the given names.",
	Filters: func(ctx context.Context, description string) lschema.Schema {
		return fwutil.FiltersOf(fwutil.DataSourceSchema(ctx, NewProjectsDataSource), description, "organization", "names")
	},
	List: func(ctx context.Context, c *platformclient.Client, org string, f *projectListFilters, diags *diag.Diagnostics) (*platformclient.ProjectList, error) {
		return c.Projects.List(ctx, org, platformclient.ProjectListOptions{Names: fwutil.Strings(ctx, f.Names, diags), Include: projectIncludes})
	},
	Model: func(org types.String, p *platformclient.Project, _ *diag.Diagnostics) *projectModel {
		m := &projectModel{Organization: org}
		modelFromProject(m, p, effectiveTagsOf(p.EffectiveTagBindings))
		return m
	},
	DisplayName: func(m *projectModel) string { return m.Name.ValueString() },
})
