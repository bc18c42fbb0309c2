package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// NewRunTaskListResource is the constructor of the list resource of
// stack_platform_run_task.
var NewRunTaskListResource = organizationList(NewRunTaskResource, &orgList[runTaskModel, organizationListFilter, platformclient.RunTask]{
	What: "run tasks",
	About: "Lists the run tasks of an organization of the platform, all but their HMAC keys, which the platform never returns: " +
		"a configuration generated from the list must be given the key of a task that has one (or its write-only twin): without it, " +
		"the task's next update takes its key away. The platform searches no task names, so the list has no search.",
	Filters: organizationFilters("run tasks", false, nil),
	List: func(ctx context.Context, c *platformclient.Client, org string, _ *organizationListFilter, _ *diag.Diagnostics) (*platformclient.RunTaskList, error) {
		return c.RunTasks.List(ctx, org)
	},
	Model: func(org types.String, t *platformclient.RunTask, _ *diag.Diagnostics) *runTaskModel {
		m := &runTaskModel{}
		m.Organization = org
		modelFromRunTask(&m.runTaskSettings, t)
		return m
	},
	DisplayName: func(m *runTaskModel) string { return m.Name.ValueString() },
})
