package platform

import (
	"context"
	"net/http"
	"reflect"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

const runTaskJSON = `{"data":{"id":"task-6p5RiCe5CRjBmsGt","type":"tasks","attributes":{
	"name":"scanner","url":"https://scanner.example.com","description":"Scans plans.","category":"task","enabled":true,"hmac-key":null,
	"global-configuration":{"enabled":true,"stages":["pre_plan","post_plan"],"enforcement-level":"mandatory"}},
	"relationships":{"organization":{"data":{"id":"acme","type":"organizations"}},"agent-pool":{"data":{"id":"apool-6p5RiCe5CRjBmsGt","type":"agent-pools"}},
	"workspace-tasks":{"data":[]}}}}`

func TestRunTasks_CreateAndDecode(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, runTaskJSON))
	got, err := c.RunTasks.Create(context.Background(), "acme", RunTaskOptions{
		Name: ptr("scanner"), URL: ptr("https://scanner.example.com"), Category: ptr(RunTaskCategory), HMACKey: ptr("s3cret"), Enabled: ptr(true),
		AgentPool: RunTaskAgentPool("apool-6p5RiCe5CRjBmsGt"),
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/tasks", "",
		`{"data":{"type":"tasks","attributes":{"name":"scanner","url":"https://scanner.example.com","category":"task","hmac-key":"s3cret","enabled":true},`+
			`"relationships":{"agent-pool":{"data":{"type":"agent-pools","id":"apool-6p5RiCe5CRjBmsGt"}}}}}`)
	want := RunTask{
		ID: "task-6p5RiCe5CRjBmsGt", Name: "scanner", URL: "https://scanner.example.com", Description: "Scans plans.", Category: "task", Enabled: true,
		GlobalConfiguration: &RunTaskGlobalConfiguration{Enabled: true, Stages: []string{"pre_plan", "post_plan"}, EnforcementLevel: "mandatory"},
		Organization:        &Organization{Name: "acme"}, AgentPool: &AgentPool{ID: "apool-6p5RiCe5CRjBmsGt"},
	}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("run task\n%+v\nwant\n%+v", *got, want)
	}

	// Without the entitlement, the platform answers no global
	// configuration; a public task, no pool.
	c, _ = fakePlatform(t, reply(http.StatusOK, `{"data":{"id":"task-1","type":"tasks","attributes":{"name":"x"},
		"relationships":{"agent-pool":{"data":null}}}}`))
	got, err = c.RunTasks.Read(context.Background(), "task-1")
	if err != nil || got.GlobalConfiguration != nil || got.AgentPool != nil {
		t.Errorf("task %+v, %v", got, err)
	}
}

func TestRunTasks_UpdateSendsWhatItGives(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, runTaskJSON))
	ctx := context.Background()
	if _, err := c.RunTasks.Update(ctx, "task-1", RunTaskOptions{
		Description: ptr(""), HMACKey: ptr(""), AgentPool: RunTaskAgentPool(""),
	}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/tasks/task-1", "",
		`{"data":{"type":"tasks","attributes":{"description":"","hmac-key":""},"relationships":{"agent-pool":{"data":null}}}}`)
	// The global configuration alone, as its own resource sends it.
	if _, err := c.RunTasks.Update(ctx, "task-1", RunTaskOptions{GlobalConfiguration: &RunTaskGlobalConfigurationOptions{Enabled: ptr(false)}}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/tasks/task-1", "",
		`{"data":{"type":"tasks","attributes":{"global-configuration":{"enabled":false}}}}`)
	if _, err := c.RunTasks.Update(ctx, "task-1", RunTaskOptions{GlobalConfiguration: &RunTaskGlobalConfigurationOptions{
		Enabled: ptr(true), Stages: []string{RunTaskStagePrePlan}, EnforcementLevel: ptr(RunTaskAdvisory),
	}}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/tasks/task-1", "",
		`{"data":{"type":"tasks","attributes":{"global-configuration":{"enabled":true,"stages":["pre_plan"],"enforcement-level":"advisory"}}}}`)

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.RunTasks.Delete(ctx, "task-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/tasks/task-1", "", "")
}

// The platform has no search of tasks: a lookup by name lists them all,
// and compares the names in any case.
func TestRunTasks_ReadByName(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":[
	{"id":"task-1","type":"tasks","attributes":{"name":"scanner-2"}},
	{"id":"task-2","type":"tasks","attributes":{"name":"Scanner"}}],
	"meta":{"pagination":{"current-page":1,"next-page":null,"total-pages":1,"total-count":2}}}`))
	got, err := c.RunTasks.ReadByName(context.Background(), "acme", "scanner")
	if err != nil || got.ID != "task-2" {
		t.Fatalf("ReadByName found %+v, %v; want task-2", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/tasks", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")
	if _, err := c.RunTasks.ReadByName(context.Background(), "acme", "linter"); !client.IsNotFound(err) {
		t.Errorf("ReadByName of a missing name: %v, want a 404", err)
	}
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"organization name is empty": {
				errOf(c.RunTasks.Create(ctx, "", RunTaskOptions{})),
				errOf(c.RunTasks.List(ctx, "")),
				errOf(c.RunTasks.ReadByName(ctx, "", "x")),
			},
			"run task ID is empty": {
				errOf(c.RunTasks.Read(ctx, "")),
				errOf(c.RunTasks.Update(ctx, "", RunTaskOptions{})),
				c.RunTasks.Delete(ctx, ""),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"RunTasks.Create": {func(c *Client) error { return errOf(c.RunTasks.Create(ctx, "acme", RunTaskOptions{})) }, sentOnce},
			"RunTasks.Update": {func(c *Client) error { return errOf(c.RunTasks.Update(ctx, "task-1", RunTaskOptions{})) }, sentOnce},
		}
	})
	addLookups(func(ctx context.Context, c *Client) map[string]error {
		return map[string]error{
			`GET /api/v2/organizations/a%20b/tasks: 404 Not Found: no run task named "x"`: errOf(c.RunTasks.ReadByName(ctx, "a b", "x")),
		}
	})
}
