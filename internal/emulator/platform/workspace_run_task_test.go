package platform_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

func workspaceRunTasksPath(ws string) string    { return "/api/v2/workspaces/" + ws + "/tasks" }
func workspaceRunTaskPath(ws, id string) string { return workspaceRunTasksPath(ws) + "/" + id }

// attachTask attaches task to ws with attrs and returns the attachment's
// ID.
func (a *api) attachTask(ws, task string, attrs map[string]any) string {
	a.t.Helper()
	d := a.create(workspaceRunTasksPath(ws), "workspace-tasks", merged(map[string]any{"enforcement-level": "advisory"}, attrs),
		map[string]any{"task": rel("tasks", task)})
	return wantID(a.t, d["id"], "wstask")
}

// An attachment is created, read, listed, updated and deleted; its stage
// is the first of its stages, which default to post_plan; the task
// answers its attachments.
func TestWorkspaceRunTasks_createReadUpdateDelete(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "app")
	task := a.createRunTask("acme", runTaskAttrs("scanner"))
	d := a.create(workspaceRunTasksPath(ws), "workspace-tasks", map[string]any{"enforcement-level": "mandatory", "stages": []string{"pre_plan", "post_plan"}},
		map[string]any{"task": rel("tasks", task)})
	id := wantID(t, d["id"], "wstask")
	if d["type"] != "workspace-tasks" || relID(t, d, "task", "tasks") != task || relID(t, d, "workspace", "workspaces") != ws {
		t.Errorf("attachment %v", d)
	}
	wantAttrs(t, d, map[string]any{"enforcement-level": "mandatory", "stages": []string{"pre_plan", "post_plan"}, "stage": "pre_plan", "enabled": true})
	a.wantStored(d, workspaceRunTaskPath(ws, id))

	// Without stages, the deprecated stage is the one stage; without
	// either, post_plan.
	other := a.attachTask(ws, a.createRunTask("acme", runTaskAttrs("linter")), map[string]any{"stage": "pre_apply"})
	wantAttrs(t, a.get(workspaceRunTaskPath(ws, other)).data(t, http.StatusOK), map[string]any{"stages": []string{"pre_apply"}, "stage": "pre_apply"})
	third := a.attachTask(ws, a.createRunTask("acme", runTaskAttrs("cost")), map[string]any{"enabled": false})
	wantAttrs(t, a.get(workspaceRunTaskPath(ws, third)).data(t, http.StatusOK), map[string]any{"stages": []string{"post_plan"}, "stage": "post_plan", "enabled": false})

	// An update changes what it gives; stage alone makes the stages that
	// one.
	u := a.do(http.MethodPatch, workspaceRunTaskPath(ws, id), body("workspace-tasks", map[string]any{"enforcement-level": "advisory"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, u, map[string]any{"enforcement-level": "advisory", "stages": []string{"pre_plan", "post_plan"}, "enabled": true})
	u = a.do(http.MethodPatch, workspaceRunTaskPath(ws, id), body("workspace-tasks", map[string]any{"stage": "post_apply", "enabled": false}, nil)).data(t, http.StatusOK)
	wantAttrs(t, u, map[string]any{"stages": []string{"post_apply"}, "stage": "post_apply", "enabled": false})
	u = a.do(http.MethodPatch, workspaceRunTaskPath(ws, id), body("workspace-tasks", map[string]any{"stages": []string{"pre_apply", "pre_plan"}, "stage": "post_plan"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, u, map[string]any{"stages": []string{"pre_apply", "pre_plan"}, "stage": "pre_apply"})

	if got := ids(a.get(workspaceRunTasksPath(ws)).list(t)); !slices.Equal(got, []string{id, other, third}) {
		t.Errorf("list %v, want oldest first", got)
	}
	if got := ids(a.get(workspaceRunTasksPath(ws) + "?page[size]=1&page[number]=3").list(t)); !slices.Equal(got, []string{third}) {
		t.Errorf("page 3 %v", got)
	}

	// The task answers its attachments, and includes them and their
	// workspaces.
	r := a.get(runTaskPath(task) + "?include=workspace_tasks,workspace_tasks.workspace")
	if got := relData(t, r.data(t, http.StatusOK), "workspace-tasks"); !emutest.EqualJSON(t, got, []any{map[string]any{"type": "workspace-tasks", "id": id}}) {
		t.Errorf("workspace-tasks %v", got)
	}
	if got := ids(r.included(t)); !slices.Equal(got, []string{id, ws}) {
		t.Errorf("included %v, want the attachment and its workspace", got)
	}

	a.wantDeletes(workspaceRunTaskPath(ws, id))
}

// The rules of an attachment, each a 422 at its member; another
// workspace's attachment is not found on a workspace's path.
func TestWorkspaceRunTasks_rules(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	ws, web := a.workspaceID("acme", "app"), a.workspaceID("acme", "web")
	task := a.createRunTask("acme", runTaskAttrs("scanner"))
	theirs := a.createRunTask("other", runTaskAttrs("scanner"))
	withTask := func(id string) map[string]any { return map[string]any{"task": rel("tasks", id)} }
	taskAt := "/data/relationships/task/data"
	a.wantCreatesRefused(workspaceRunTasksPath(ws), "workspace-tasks", []refusedCreate{
		{nil, withTask(task), attrAt("enforcement-level"), "Enforcement level can't be blank"},
		{map[string]any{"enforcement-level": "strict"}, withTask(task), attrAt("enforcement-level"), `invalid enforcement-level "strict"`},
		{map[string]any{"enforcement-level": "advisory"}, nil, taskAt, "relationship task is required"},
		{map[string]any{"enforcement-level": "advisory"}, withTask(theirs), taskAt, "no run task of the workspace's organization"},
		{map[string]any{"enforcement-level": "advisory", "stages": []string{"mid_plan"}}, withTask(task), attrAt("stages"), `invalid stage "mid_plan"`},
		{map[string]any{"enforcement-level": "advisory", "stages": []string{}}, withTask(task), attrAt("stages"), "stages can't be blank"},
		{map[string]any{"enforcement-level": "advisory", "stage": "later"}, withTask(task), attrAt("stage"), `invalid stage "later"`},
	})
	id := a.attachTask(ws, task, map[string]any{"stages": []string{"pre_plan", "pre_plan"}})
	wantAttrs(t, a.get(workspaceRunTaskPath(ws, id)).data(t, http.StatusOK), map[string]any{"stages": []string{"pre_plan"}})
	wantInvalid(t, a.do(http.MethodPost, workspaceRunTasksPath(ws), body("workspace-tasks", map[string]any{"enforcement-level": "advisory"}, withTask(task))),
		taskAt, "Task has already been taken")
	// Another workspace may have it.
	a.attachTask(web, task, nil)

	wantInvalid(t, a.do(http.MethodPatch, workspaceRunTaskPath(ws, id), body("workspace-tasks", map[string]any{"stages": []string{"soon"}}, nil)), attrAt("stages"), "invalid stage")
	wantAttrs(t, a.get(workspaceRunTaskPath(ws, id)).data(t, http.StatusOK), map[string]any{"stages": []string{"pre_plan"}})

	wantNotFound(t, a.get(workspaceRunTaskPath(web, id)))
	wantNotFound(t, a.do(http.MethodDelete, workspaceRunTaskPath(web, id), nil))
	wantNotFound(t, a.do(http.MethodDelete, workspaceRunTaskPath("does-not-exist", id), nil))
	wantNotFound(t, a.get(workspaceRunTasksPath("ws-Missing1234567890")))
	theirToken, _ := a.server.MintOrganizationToken("other")
	wantNotFound(t, a.as(theirToken).get(workspaceRunTaskPath(ws, id)))
	wantNotFound(t, a.as(theirToken).do(http.MethodPost, workspaceRunTasksPath(ws), body("workspace-tasks", map[string]any{"enforcement-level": "advisory"}, withTask(theirs))))
}

// The delete of the workspace or of the task deletes the attachment.
func TestWorkspaceRunTasks_goWithTheirWorkspaceAndTask(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws, web := a.workspaceID("acme", "app"), a.workspaceID("acme", "web")
	task, kept := a.createRunTask("acme", runTaskAttrs("scanner")), a.createRunTask("acme", runTaskAttrs("linter"))
	byTask, byWorkspace, left := a.attachTask(ws, task, nil), a.attachTask(web, kept, nil), a.attachTask(ws, kept, nil)
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, runTaskPath(task), nil), http.StatusNoContent)
	wantNotFound(t, a.get(workspaceRunTaskPath(ws, byTask)))
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, "/api/v2/workspaces/"+web, nil), http.StatusNoContent)
	if got := relData(t, a.get(runTaskPath(kept)).data(t, http.StatusOK), "workspace-tasks"); !emutest.EqualJSON(t, got, []any{map[string]any{"type": "workspace-tasks", "id": left}}) {
		t.Errorf("the task's attachments %v, want %s alone (not %s)", got, left, byWorkspace)
	}
}

func init() {
	// Attachments: of a workspace and a task of one organization in the
	// file, with the API's levels and stages, each stage once, a task once
	// on a workspace.
	const (
		stateTask = `{"id":"task-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","name":"scanner","url":"https://x.example.com",` +
			`"description":"","category":"task","enabled":true,"global-configuration":{"enabled":false,"stages":[],"enforcement-level":"advisory"}}`
		stateAttached = `{"id":"wstask-AAAAAAAAAAAAAAAA","workspace":"ws-AAAAAAAAAAAAAAAA","task":"task-AAAAAAAAAAAAAAAA","enforcement-level":"advisory","stages":["post_plan"],"enabled":true}`
	)
	refuseStates(stateInOrg("workspaces", stateWorkspace, "run-tasks", stateTask, "workspace-run-tasks", stateAttached),
		stateInOrg("workspaces", stateWorkspace, "run-tasks", stateTask, "workspace-run-tasks", strings.Replace(stateAttached, `"task":"task-AAAAAAAAAAAAAAAA"`, `"task":"task-BBBBBBBBBBBBBBBB"`, 1)),
		stateInOrg("workspaces", stateWorkspace, "run-tasks", stateTask, "workspace-run-tasks", strings.Replace(stateAttached, `"advisory"`, `"strict"`, 1)),
		stateInOrg("workspaces", stateWorkspace, "run-tasks", stateTask, "workspace-run-tasks", strings.Replace(stateAttached, `["post_plan"]`, `[]`, 1)),
		stateInOrg("workspaces", stateWorkspace, "run-tasks", stateTask, "workspace-run-tasks", strings.Replace(stateAttached, `["post_plan"]`, `["post_plan","post_plan"]`, 1)),
		stateInOrg("workspaces", stateWorkspace, "run-tasks", stateTask, "workspace-run-tasks",
			stateAttached+","+strings.Replace(stateAttached, "wstask-AAAAAAAAAAAAAAAA", "wstask-BBBBBBBBBBBBBBBB", 1)),
	)
	addStateFixture("workspace-run-tasks", func(a *api) roundTrip {
		ws := a.workspaceID("acme", "state-tasked")
		task := a.createRunTask("acme", runTaskAttrs("state-attached"))
		id := a.attachTask(ws, task, map[string]any{"enforcement-level": "mandatory", "stages": []string{"pre_apply", "post_plan"}, "enabled": false})
		return roundTrip{paths: []string{workspaceRunTaskPath(ws, id), workspaceRunTasksPath(ws), runTaskPath(task) + "?include=workspace_tasks"}}
	})
}
