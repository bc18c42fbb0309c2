package platform

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// workspaceListFilters are the filters of the workspaces' list block.
type workspaceListFilters struct {
	Organization types.String `tfsdk:"organization"`
	Search       types.String `tfsdk:"search"`
	Tags         types.List   `tfsdk:"tags"`
	ExcludeTags  types.List   `tfsdk:"exclude_tags"`
	ProjectID    types.String `tfsdk:"project_id"`
}

// NewWorkspaceListResource is the constructor of the list resource of
// stack_platform_workspace.
var NewWorkspaceListResource = fwutil.NewListResource(NewWorkspaceResource, &fwutil.List[workspaceResourceModel, workspaceListFilters, *platformclient.Client]{
	Filters: func(ctx context.Context) lschema.Schema {
		s := fwutil.FiltersOf(fwutil.DataSourceSchema(ctx, NewWorkspacesDataSource),
			"Lists the workspaces of an organization of the platform that the token may see, all of them or those that the filters keep; "+
				"the filters combine, each narrowing the list. "+
				fmt.Sprintf("The list is read whole, %d workspaces a request, the most the platform serves.", platformclient.PageSize),
			"organization", "search", "project_id")
		s.Attributes["tags"] = tagsFilter("When set, only the workspaces that have every one of these flat tags.")
		s.Attributes["exclude_tags"] = tagsFilter("When set, only the workspaces that have none of these flat tags.")
		return s
	},
	List:        listWorkspaces,
	DisplayName: func(m *workspaceResourceModel) string { return m.Name.ValueString() },
})

func listWorkspaces(ctx context.Context, c *platformclient.Client, f *workspaceListFilters, diags *diag.Diagnostics) []*workspaceResourceModel {
	tags, exclude := fwutil.Strings(ctx, f.Tags, diags), fwutil.Strings(ctx, f.ExcludeTags, diags)
	if diags.HasError() {
		return nil
	}
	slices.Sort(tags)
	slices.Sort(exclude)
	opts := platformclient.WorkspaceListOptions{
		Search: f.Search.ValueString(), Tags: strings.Join(tags, ","), ExcludeTags: strings.Join(exclude, ","),
		ProjectID: f.ProjectID.ValueString(), Include: workspaceIncludes,
	}
	return listedIn(c, &f.Organization, "workspaces", diags, func(org string) (*platformclient.WorkspaceList, error) {
		return c.Workspaces.List(ctx, org, opts)
	}, func(org types.String, ws *platformclient.Workspace) *workspaceResourceModel {
		// As an import leaves it: force_delete at its default.
		m := &workspaceResourceModel{ForceDelete: types.BoolValue(false)}
		m.Organization = org
		modelFromWorkspace(&m.workspaceModel, ws, ownTagsOf(ws.EffectiveTagBindings), diags)
		return m
	})
}
