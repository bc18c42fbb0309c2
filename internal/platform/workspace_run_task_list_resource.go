package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// NewWorkspaceRunTaskListResource is the constructor of the list resource
// of stack_platform_workspace_run_task.
var NewWorkspaceRunTaskListResource = listHeld(NewWorkspaceRunTaskResource,
	&heldList[workspaceRunTaskModel, workspaceListFilter, platformclient.WorkspaceRunTask]{
		What: "run tasks",
		About: "Lists the run tasks attached to a workspace of the platform, each named by the workspace and the attachment's ID, " +
			"and shown as its task's ID and its enforcement level. The tasks themselves are `stack_platform_run_task`'s list.",
		List: func(ctx context.Context, c *platformclient.Client, id string, _ *workspaceListFilter) (*platformclient.WorkspaceRunTaskList, error) {
			return c.WorkspaceRunTasks.List(ctx, id)
		},
		Model: func(id types.String, wt *platformclient.WorkspaceRunTask, _ *diag.Diagnostics) *workspaceRunTaskModel {
			// A list's answer that leaves the workspace out: the one listed.
			m := &workspaceRunTaskModel{WorkspaceID: id}
			modelFromWorkspaceRunTask(m, wt)
			return m
		},
		DisplayName: func(m *workspaceRunTaskModel) string {
			return m.TaskID.ValueString() + " (" + m.EnforcementLevel.ValueString() + ")"
		},
	})
