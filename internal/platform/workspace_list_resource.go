package platform

import (
	"context"
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
	organizationListFilters
	Tags        types.List   `tfsdk:"tags"`
	ExcludeTags types.List   `tfsdk:"exclude_tags"`
	ProjectID   types.String `tfsdk:"project_id"`
}

// NewWorkspaceListResource is the constructor of the list resource of
// stack_platform_workspace.
var NewWorkspaceListResource = organizationList(NewWorkspaceResource, &orgList[workspaceResourceModel, workspaceListFilters, platformclient.Workspace]{
	What: "workspaces",
	About: "Lists the workspaces of an organization of the platform that the token may see, all of them or those that the filters keep; " +
		"the filters combine, each narrowing the list.",
	Filters: func(ctx context.Context, description string) lschema.Schema {
		s := fwutil.FiltersOf(fwutil.DataSourceSchema(ctx, NewWorkspacesDataSource), description, "organization", "search", "project_id")
		s.Attributes["tags"] = tagsFilter("When set, only the workspaces that have every one of these flat tags.")
		s.Attributes["exclude_tags"] = tagsFilter("When set, only the workspaces that have none of these flat tags.")
		return s
	},
	List: func(ctx context.Context, c *platformclient.Client, org string, f *workspaceListFilters, diags *diag.Diagnostics) (*platformclient.WorkspaceList, error) {
		tags, exclude := fwutil.Strings(ctx, f.Tags, diags), fwutil.Strings(ctx, f.ExcludeTags, diags)
		slices.Sort(tags)
		slices.Sort(exclude)
		return c.Workspaces.List(ctx, org, platformclient.WorkspaceListOptions{
			Search: f.Search.ValueString(), Tags: strings.Join(tags, ","), ExcludeTags: strings.Join(exclude, ","),
			ProjectID: f.ProjectID.ValueString(), Include: workspaceIncludes,
		})
	},
	Model: func(org types.String, ws *platformclient.Workspace, diags *diag.Diagnostics) *workspaceResourceModel {
		// As an import leaves it: force_delete at its default.
		m := &workspaceResourceModel{ForceDelete: types.BoolValue(false)}
		m.Organization = org
		modelFromWorkspace(&m.workspaceModel, ws, ownTagsOf(ws.EffectiveTagBindings), diags)
		return m
	},
	DisplayName: func(m *workspaceResourceModel) string { return m.Name.ValueString() },
})
