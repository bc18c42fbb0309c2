package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// notificationConfigurationListFilters are the filters of the
// notification configurations' list block: the one object they notify of.
type notificationConfigurationListFilters struct {
	WorkspaceID types.String `tfsdk:"workspace_id"`
	ProjectID   types.String `tfsdk:"project_id"`
	TeamID      types.String `tfsdk:"team_id"`
}

// NewNotificationConfigurationListResource is the constructor of the list
// resource of stack_platform_notification_configuration.
var NewNotificationConfigurationListResource = fwutil.NewListResource(NewNotificationConfigurationResource,
	&fwutil.List[notificationConfigurationModel, notificationConfigurationListFilters, *platformclient.Client]{
		Filters: func(context.Context) lschema.Schema {
			one := stringvalidator.ExactlyOneOf(path.MatchRoot("workspace_id"), path.MatchRoot("project_id"), path.MatchRoot("team_id"))
			filter := func(what, prefix, of string) lschema.StringAttribute {
				return lschema.StringAttribute{
					Optional:    true,
					Description: fmt.Sprintf("ID of the %s whose notification configurations are listed, `%s-` and 16 characters. Set one of `workspace_id`, `project_id` and `team_id`.", what, prefix),
					Validators:  []validator.String{idValidator(prefix, of), one},
				}
			}
			return lschema.Schema{
				Description: "Lists the notification configurations of a workspace, a project or a team of the platform. " +
					"Each result's state is what an import gives: without the token, which the platform never returns, nor the URL, which an import does not record: " +
					"give them (or their write-only twins) to a configuration generated from the list. " +
					fmt.Sprintf("The list is read whole, %d configurations a request, the most the platform serves.", platformclient.PageSize),
				Attributes: map[string]lschema.Attribute{
					"workspace_id": filter("workspace", platformclient.PrefixWorkspace, "a workspace"),
					"project_id":   filter("project", platformclient.PrefixProject, "a project"),
					"team_id":      filter("team", platformclient.PrefixTeam, "a team"),
				},
			}
		},
		List: func(ctx context.Context, c *platformclient.Client, f *notificationConfigurationListFilters, diags *diag.Diagnostics) []*notificationConfigurationModel {
			kind, id, what := platformclient.NotificationSubscribableWorkspace, f.WorkspaceID, "workspace"
			switch {
			case !f.ProjectID.IsNull():
				kind, id, what = platformclient.NotificationSubscribableProject, f.ProjectID, "project"
			case !f.TeamID.IsNull():
				kind, id, what = platformclient.NotificationSubscribableTeam, f.TeamID, "team"
			}
			found, err := c.NotificationConfigurations.List(ctx, kind, id.ValueString())
			if err != nil {
				fwutil.AddAPIError(diags, fmt.Sprintf("Cannot list the notification configurations of the %s %s", what, id.ValueString()), err)
				return nil
			}
			out := make([]*notificationConfigurationModel, len(found.Items))
			for i, nc := range found.Items {
				m := &notificationConfigurationModel{}
				modelFromNotificationConfiguration(m, nc)
				if m.WorkspaceID.IsNull() && m.ProjectID.IsNull() && m.TeamID.IsNull() {
					// A list's answer that leaves the subscribable out: the one listed.
					m.WorkspaceID, m.ProjectID, m.TeamID = f.WorkspaceID, f.ProjectID, f.TeamID
				}
				out[i] = m
			}
			return out
		},
		DisplayName: func(m *notificationConfigurationModel) string { return m.Name.ValueString() },
	})
