package platform

import (
	"context"
	"net/http"
	"reflect"
	"testing"
)

const workspaceRunTaskJSON = `{"data":{"id":"wstask-6p5RiCe5CRjBmsGt","type":"workspace-tasks","attributes":{
	"enforcement-level":"mandatory","stages":["pre_plan","post_plan"],"stage":"pre_plan","enabled":false},
	"relationships":{"task":{"data":{"id":"task-6p5RiCe5CRjBmsGt","type":"tasks"}},"workspace":{"data":{"id":"ws-4pW7hPwDJ1fY3gSC","type":"workspaces"}}}}}`

func TestWorkspaceRunTasks_CreateAndDecode(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, workspaceRunTaskJSON))
	got, err := c.WorkspaceRunTasks.Create(context.Background(), "ws-4pW7hPwDJ1fY3gSC", WorkspaceRunTaskOptions{
		EnforcementLevel: ptr(RunTaskMandatory), Stages: []string{RunTaskStagePrePlan, RunTaskStagePostPlan}, Enabled: ptr(false),
		Task: &RunTask{ID: "task-6p5RiCe5CRjBmsGt"},
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/workspaces/ws-4pW7hPwDJ1fY3gSC/tasks", "",
		`{"data":{"type":"workspace-tasks","attributes":{"enforcement-level":"mandatory","stages":["pre_plan","post_plan"],"enabled":false},`+
			`"relationships":{"task":{"data":{"type":"tasks","id":"task-6p5RiCe5CRjBmsGt"}}}}}`)
	want := WorkspaceRunTask{
		ID: "wstask-6p5RiCe5CRjBmsGt", EnforcementLevel: "mandatory", Stages: []string{"pre_plan", "post_plan"}, Stage: "pre_plan",
		Task: &RunTask{ID: "task-6p5RiCe5CRjBmsGt"}, Workspace: &Workspace{ID: "ws-4pW7hPwDJ1fY3gSC"},
	}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("attachment\n%+v\nwant\n%+v", *got, want)
	}
}

// The task is the create's alone; an update sends what it gives.
func TestWorkspaceRunTasks_ReadUpdateListDelete(t *testing.T) {
	ctx := context.Background()
	c, f := fakePlatform(t, reply(http.StatusOK, workspaceRunTaskJSON))
	if _, err := c.WorkspaceRunTasks.Read(ctx, "ws-1", "wstask-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/workspaces/ws-1/tasks/wstask-1", "", "")
	if _, err := c.WorkspaceRunTasks.Update(ctx, "ws-1", "wstask-1", WorkspaceRunTaskOptions{
		EnforcementLevel: ptr(RunTaskAdvisory), Task: &RunTask{ID: "task-2"},
	}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/workspaces/ws-1/tasks/wstask-1", "",
		`{"data":{"type":"workspace-tasks","attributes":{"enforcement-level":"advisory"}}}`)

	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"wstask-1","type":"workspace-tasks","attributes":{"stages":["post_plan"]}}]}`))
	got, err := c.WorkspaceRunTasks.List(ctx, "ws-1")
	if err != nil || len(got.Items) != 1 || got.Items[0].ID != "wstask-1" {
		t.Fatalf("list %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/workspaces/ws-1/tasks", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.WorkspaceRunTasks.Delete(ctx, "ws-1", "wstask-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/workspaces/ws-1/tasks/wstask-1", "", "")
}

// A lookup by task lists the workspace's attachments.
func TestWorkspaceRunTasks_ReadByTask(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":[
	{"id":"wstask-1","type":"workspace-tasks","relationships":{"task":{"data":{"id":"task-1","type":"tasks"}}}},
	{"id":"wstask-2","type":"workspace-tasks","relationships":{"task":{"data":{"id":"task-2","type":"tasks"}}}}]}`))
	got, err := c.WorkspaceRunTasks.ReadByTask(context.Background(), "ws-1", "task-2")
	if err != nil || got.ID != "wstask-2" {
		t.Fatalf("ReadByTask found %+v, %v; want wstask-2", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/workspaces/ws-1/tasks", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")
}

func init() {
	addLookups(func(ctx context.Context, c *Client) map[string]error {
		return map[string]error{
			`GET /api/v2/workspaces/ws-1/tasks: 404 Not Found: no attachment of the run task "task-3"`: errOf(c.WorkspaceRunTasks.ReadByTask(ctx, "ws-1", "task-3")),
		}
	})
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"workspace ID is empty": {
				errOf(c.WorkspaceRunTasks.Create(ctx, "", WorkspaceRunTaskOptions{})),
				errOf(c.WorkspaceRunTasks.List(ctx, "")),
				errOf(c.WorkspaceRunTasks.ReadByTask(ctx, "", "task-1")),
				errOf(c.WorkspaceRunTasks.Read(ctx, "", "wstask-1")),
				errOf(c.WorkspaceRunTasks.Update(ctx, "", "wstask-1", WorkspaceRunTaskOptions{})),
				c.WorkspaceRunTasks.Delete(ctx, "", "wstask-1"),
			},
			"workspace run task ID is empty": {
				errOf(c.WorkspaceRunTasks.Read(ctx, "ws-1", "")),
				errOf(c.WorkspaceRunTasks.Update(ctx, "ws-1", "", WorkspaceRunTaskOptions{})),
				c.WorkspaceRunTasks.Delete(ctx, "ws-1", ""),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"WorkspaceRunTasks.Create": {func(c *Client) error {
				return errOf(c.WorkspaceRunTasks.Create(ctx, "ws-1", WorkspaceRunTaskOptions{Task: &RunTask{ID: "task-1"}}))
			}, sentOnce},
			"WorkspaceRunTasks.Update": {func(c *Client) error {
				return errOf(c.WorkspaceRunTasks.Update(ctx, "ws-1", "wstask-1", WorkspaceRunTaskOptions{}))
			}, sentOnce},
		}
	})
}
