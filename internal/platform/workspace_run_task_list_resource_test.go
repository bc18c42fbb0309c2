package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The list finds the run tasks attached to a workspace, each named by the
// workspace and the attachment's ID; with include_resource, each is the
// state an import gives. A workspace the token may not see is an error
// that says which.
func TestAccWorkspaceRunTaskListResource_query(t *testing.T) {
	p := acctest.NewPlatform(t)
	ws, web := newWorkspace(t, p, "app"), newWorkspace(t, p, "web")
	attach := func(ws string, task *platformclient.RunTask, opts platformclient.WorkspaceRunTaskOptions) *platformclient.WorkspaceRunTask {
		opts.Task = &platformclient.RunTask{ID: task.ID}
		wt, err := p.Client(t).WorkspaceRunTasks.Create(context.Background(), ws, opts)
		if err != nil {
			t.Fatal(err)
		}
		return wt
	}
	scanner, linter := newRunTask(t, p, p.Organization, "scanner"), newRunTask(t, p, p.Organization, "linter")
	scans := attach(ws, scanner, platformclient.WorkspaceRunTaskOptions{
		EnforcementLevel: check.Ptr("mandatory"), Stages: []string{"pre_apply", "post_apply"}, Enabled: check.Ptr(false),
	})
	lints := attach(ws, linter, platformclient.WorkspaceRunTaskOptions{EnforcementLevel: check.Ptr("advisory")})
	onWeb := attach(web, scanner, platformclient.WorkspaceRunTaskOptions{EnforcementLevel: check.Ptr("advisory")})
	in := func(ws string, wt *platformclient.WorkspaceRunTask) map[string]knownvalue.Check {
		return check.Identity(map[string]string{"workspace_id": ws, "id": wt.ID})
	}
	check.Query{
		Type: "stack_platform_workspace_run_task", Config: p.ProviderConfig(),
		Lists: []check.Listed{
			{
				Label: "app", Args: check.Args{"workspace_id": ws}, Found: []map[string]knownvalue.Check{in(ws, scans), in(ws, lints)},
				DisplayName: scanner.ID + " (mandatory)",
				Resource: map[string]knownvalue.Check{
					"id": check.Str(scans.ID), "workspace_id": check.Str(ws), "task_id": check.Str(scanner.ID), "enforcement_level": check.Str("mandatory"),
					"stages": check.StrList("pre_apply", "post_apply"), "stage": check.Str("pre_apply"), "enabled": knownvalue.Bool(false),
				},
			},
			{
				Label: "web", Args: check.Args{"workspace_id": web}, Found: []map[string]knownvalue.Check{in(web, onWeb)}, DisplayName: scanner.ID + " (advisory)",
				Resource: map[string]knownvalue.Check{"stages": check.StrList("post_plan"), "enabled": knownvalue.Bool(true)},
			},
		},
		Errors: []check.Refusal{
			{Args: check.Args{"workspace_id": "polset-6p5RiCe5CRjBmsGt"}, Want: check.Wrapped(`workspace_id must be the ID of a workspace: ws- and 16 characters`)},
			{Args: check.Args{"workspace_id": "ws-6p5RiCe5CRjBmsGt"}, Want: check.Wrapped(`Cannot list the run tasks of the workspace ws-6p5RiCe5CRjBmsGt.*404 Not Found`)},
		},
	}.Run(t)
}
