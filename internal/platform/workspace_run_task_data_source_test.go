package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// The data source reads a task's attachment to a workspace by the two
// IDs, with the resource's values; a task the workspace does not have is
// an error on task_id, and a workspace the token may not see one that
// says so.
func TestAccWorkspaceRunTaskDataSource_shape(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	ws, web := newWorkspace(t, p, "app"), newWorkspace(t, p, "web")
	task := newRunTask(t, p, p.Organization, "scanner")
	newRunTask(t, p, p.Organization, "linter")
	attached, err := p.Client(t).WorkspaceRunTasks.Create(context.Background(), ws, platformclient.WorkspaceRunTaskOptions{
		EnforcementLevel: check.Ptr("mandatory"), Stages: []string{"pre_apply", "post_apply"}, Enabled: check.Ptr(false),
		Task: &platformclient.RunTask{ID: task.ID},
	})
	if err != nil {
		t.Fatal(err)
	}
	check.DataSource{
		Service: p, Type: "stack_platform_workspace_run_task", Config: p.ProviderConfig(),
		Reads: []check.Read{{Label: "attached", Args: check.Args{"workspace_id": ws, "task_id": task.ID}, Want: map[string]knownvalue.Check{
			"id": check.Str(attached.ID), "workspace_id": check.Str(ws), "task_id": check.Str(task.ID), "enforcement_level": check.Str("mandatory"),
			"stages": check.StrList("pre_apply", "post_apply"), "stage": check.Str("pre_apply"), "enabled": knownvalue.Bool(false),
		}}},
		NotFound: []check.Refusal{
			{Args: check.Args{"workspace_id": web, "task_id": task.ID}, Want: check.Literal(`The run task ` + task.ID + ` is not attached to the workspace ` + web + `.`)},
			{Args: check.Args{"workspace_id": "ws-6p5RiCe5CRjBmsGt", "task_id": task.ID},
				Want: check.Wrapped(`Cannot read the run tasks of the workspace ws-6p5RiCe5CRjBmsGt.*404 Not Found.*` + notVisibleHint)},
		},
		PlanErrors: []check.Refusal{{Args: check.Args{"workspace_id": "app", "task_id": task.ID}, Want: check.Literal(`must be the ID of a workspace`)}},
	}.Run(t)
}
