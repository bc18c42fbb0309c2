package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// workspaceRunTaskDataModel is a workspace's run task as the data source
// shows it: what the resource has.
type workspaceRunTaskDataModel = workspaceRunTaskModel

// NewWorkspaceRunTaskDataSource is the constructor of the
// stack_platform_workspace_run_task data source.
var NewWorkspaceRunTaskDataSource = fwutil.NewDataSource(&fwutil.DataSource[workspaceRunTaskDataModel, *platformclient.Client]{
	TypeName: "platform_workspace_run_task",
	Service:  platformclient.Service,
	Schema:   workspaceRunTaskDataSourceSchema,
	Read:     readWorkspaceRunTaskDataSource,
})

func workspaceRunTaskDataSourceSchema(ctx context.Context) schema.Schema {
	attrs := computedFrom(workspaceRunTaskSchema(ctx), map[string]string{
		"stages":            "The stages of the workspace's runs at which the task runs.",
		"stage":             "Deprecated: the first of `stages`, as the platform answers it.",
		"enabled":           "Whether the task runs in the workspace.",
		"enforcement_level": "How the task's result weighs on the workspace's runs: " + runTaskEnforcementText + ".",
	})
	attrs["workspace_id"] = schema.StringAttribute{
		Required:    true,
		Description: "ID of the workspace, `ws-` and 16 characters.",
		Validators:  []validator.String{idValidator(platformclient.PrefixWorkspace, "a workspace")},
	}
	attrs["task_id"] = schema.StringAttribute{
		Required:    true,
		Description: "ID of the run task attached to the workspace, `task-` and 16 characters.",
		Validators:  []validator.String{idValidator(platformclient.PrefixRunTask, "a run task")},
	}
	return schema.Schema{
		Description: "Reads the attachment of a run task to a workspace of the platform, by the workspace's and the task's IDs: the stages at which " +
			"the task runs there, and how its result weighs. The platform answers a workspace the token may not see as one that does not exist.",
		Attributes: attrs,
	}
}

func readWorkspaceRunTaskDataSource(ctx context.Context, c *platformclient.Client, m *workspaceRunTaskDataModel, diags *diag.Diagnostics) {
	ws, task := m.WorkspaceID.ValueString(), m.TaskID.ValueString()
	l, err := c.WorkspaceRunTasks.List(ctx, ws)
	if err != nil {
		fwutil.AddAPIError(diags, fmt.Sprintf("Cannot read the run tasks of the workspace %s", ws), err)
		return
	}
	for _, wt := range l.Items {
		if wt.Task != nil && wt.Task.ID == task {
			modelFromWorkspaceRunTask(m, wt)
			return
		}
	}
	diags.AddAttributeError(path.Root("task_id"), "Workspace run task not found",
		fmt.Sprintf("The run task %s is not attached to the workspace %s.", task, ws))
}
