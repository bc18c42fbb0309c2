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

// projectListFilters are the filters of the projects' list block.
type projectListFilters struct {
	Organization types.String `tfsdk:"organization"`
	Names        types.List   `tfsdk:"names"`
}

// NewProjectListResource is the constructor of the list resource of
// stack_platform_project.
var NewProjectListResource = fwutil.NewListResource(NewProjectResource, &fwutil.List[projectModel, projectListFilters, *platformclient.Client]{
	Filters: func(ctx context.Context) lschema.Schema {
		return fwutil.FiltersOf(fwutil.DataSourceSchema(ctx, NewProjectsDataSource),
			"Lists the projects of an organization of the platform that the token may see, its default project among them, all of them or those of the given names. "+
				fmt.Sprintf("The list is read whole, %d projects a request, the most the platform serves.", platformclient.PageSize),
			"organization", "names")
	},
	List: func(ctx context.Context, c *platformclient.Client, f *projectListFilters, diags *diag.Diagnostics) []*projectModel {
		names := fwutil.Strings(ctx, f.Names, diags)
		if diags.HasError() {
			return nil
		}
		return listedIn(c, &f.Organization, "projects", diags, func(org string) (*platformclient.ProjectList, error) {
			return c.Projects.List(ctx, org, platformclient.ProjectListOptions{Names: names, Include: projectIncludes})
		}, func(org types.String, p *platformclient.Project) *projectModel {
			m := &projectModel{Organization: org}
			modelFromProject(m, p, effectiveTagsOf(p.EffectiveTagBindings))
			return m
		})
	},
	DisplayName: func(m *projectModel) string { return m.Name.ValueString() },
})
