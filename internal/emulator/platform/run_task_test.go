package platform_test

import (
	"crypto/hmac"
	"crypto/sha512"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

func runTasksPath(org string) string { return orgsPath + "/" + org + "/tasks" }
func runTaskPath(id string) string   { return "/api/v2/tasks/" + id }

// runTaskAttrs are the attributes of a task named name, as go-tfe's
// helpers create one.
func runTaskAttrs(name string) map[string]any {
	return map[string]any{"name": name, "url": "https://scanner.example.com/run", "category": "task"}
}

// createRunTask creates a task of org with attrs and returns its ID.
func (a *api) createRunTask(org string, attrs map[string]any) string {
	a.t.Helper()
	return wantID(a.t, a.create(runTasksPath(org), "tasks", attrs, nil)["id"], "task")
}

// verification is a request the emulator recorded instead of sending it.
type verification struct {
	ID        string            `json:"id"`
	Task      string            `json:"task"`
	On        string            `json:"on"`
	URL       string            `json:"url"`
	AgentPool string            `json:"agent-pool"`
	Headers   map[string]string `json:"headers"`
	Body      string            `json:"body"`
}

// verifications reads the admin route's record, of one task or of all.
func (a *api) verifications(task string) []verification {
	a.t.Helper()
	path := a.url + "/_emulator/platform/run-task-verifications"
	if task != "" {
		path += "?task=" + task
	}
	r := emutest.Do(a.t, http.MethodGet, path, nil, nil)
	var list []verification
	if err := json.Unmarshal([]byte(r.Body), &list); err != nil || r.Status != http.StatusOK {
		a.t.Fatalf("%d %s: %v", r.Status, r.Body, err)
	}
	return list
}

// A task is created, read, listed, updated in part and deleted; its HMAC
// key is taken and never answered.
func TestRunTasks_createReadUpdateDelete(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	d := a.create(runTasksPath("acme"), "tasks", merged(runTaskAttrs("scanner"), map[string]any{
		"description": "Scans plans.", "hmac-key": "s3cret", "enabled": false,
	}), nil)
	id := wantID(t, d["id"], "task")
	if d["type"] != "tasks" || relID(t, d, "organization", "organizations") != "acme" || relID(t, d, "agent-pool", "agent-pools") != "" {
		t.Errorf("task %v", d)
	}
	wantAttrs(t, d, map[string]any{
		"name": "scanner", "url": "https://scanner.example.com/run", "category": "task",
		"description": "Scans plans.", "enabled": false, "hmac-key": nil,
	})
	if got := relData(t, d, "workspace-tasks"); !emutest.EqualJSON(t, got, []any{}) {
		t.Errorf("workspace-tasks %v", got)
	}
	a.wantStored(d, runTaskPath(id))

	// Left out, description is "", enabled true; an update changes what
	// it gives alone.
	other := a.create(runTasksPath("acme"), "tasks", map[string]any{"name": "linter", "url": "http://lint.example.com"}, nil)
	wantAttrs(t, other, map[string]any{"description": "", "enabled": true, "category": "task"})
	u := a.do(http.MethodPatch, runTaskPath(id), body("tasks", map[string]any{"enabled": true, "name": "Scanner-2"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, u, map[string]any{"name": "Scanner-2", "enabled": true, "description": "Scans plans.", "url": "https://scanner.example.com/run"})

	// The list is by name in any case, paged.
	a.wantNames(runTasksPath("acme"), map[string]string{"": "linter,Scanner-2", "?page[size]=1&page[number]=2": "Scanner-2"})
	emutest.WantAPIError(t, a.get(runTasksPath("acme")+"?include=runs"), http.StatusBadRequest, "bad request", "include parameter")
	a.get(runTaskPath(id)+"?include=workspace_tasks,workspace_tasks.workspace").data(t, http.StatusOK)
	wantNotFound(t, a.get(runTasksPath("nope")))

	a.wantDeletes(runTaskPath(id))
}

// The rules of a task's attributes, each a 422 at its member; a name is
// unique in its organization in any case.
func TestRunTasks_rules(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createRunTask("acme", runTaskAttrs("scanner"))
	long := strings.Repeat("é", 301)
	a.wantCreatesRefused(runTasksPath("acme"), "tasks", []refusedCreate{
		{map[string]any{"url": "https://x.example.com"}, nil, attrAt("name"), "Name can't be blank"},
		{map[string]any{"name": " ", "url": "https://x.example.com"}, nil, attrAt("name"), "Name can't be blank"},
		{map[string]any{"name": "x"}, nil, attrAt("url"), "URL can't be blank"},
		{map[string]any{"name": "x", "url": "ftp://x.example.com"}, nil, attrAt("url"), `must be an http or https URL, not "ftp://x.example.com"`},
		{map[string]any{"name": "x", "url": "https://"}, nil, attrAt("url"), "must be an http or https URL"},
		{merged(runTaskAttrs("x"), map[string]any{"description": long}), nil, attrAt("description"), "maximum is 300 characters"},
		{merged(runTaskAttrs("x"), map[string]any{"category": "check"}), nil, attrAt("category"), `Category "check" is not included in the list`},
		{runTaskAttrs("SCANNER"), nil, attrAt("name"), "Name has already been taken"},
	})
	// 300 characters, of any kind, are taken.
	a.createRunTask("acme", merged(runTaskAttrs("long"), map[string]any{"description": strings.Repeat("é", 300)}))
	id := a.createRunTask("acme", runTaskAttrs("other"))
	wantInvalid(t, a.do(http.MethodPatch, runTaskPath(id), body("tasks", map[string]any{"name": "Scanner"}, nil)), attrAt("name"), "Name has already been taken")
	wantInvalid(t, a.do(http.MethodPatch, runTaskPath(id), body("tasks", map[string]any{"url": "nope"}, nil)), attrAt("url"), "http or https")
	wantAttrs(t, a.get(runTaskPath(id)).data(t, http.StatusOK), map[string]any{"name": "other", "url": "https://scanner.example.com/run"})
	a.wantNames(runTasksPath("acme"), map[string]string{"": "long,other,scanner"})
}

// The global configuration needs the global-run-tasks entitlement:
// without it, what a request gives is ignored and none is answered; with
// it, a request changes the members it gives.
func TestRunTasks_globalConfigurationFollowsTheEntitlement(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	global := map[string]any{"enabled": true, "stages": []string{"post_plan", "pre_plan"}, "enforcement-level": "mandatory"}
	free := a.create(runTasksPath("acme"), "tasks", merged(runTaskAttrs("scanner"), map[string]any{"global-configuration": global}), nil)
	id := wantID(t, free["id"], "task")
	if g, present := attrs(t, free)["global-configuration"]; present {
		t.Errorf("the free plan answers global-configuration %v", g)
	}
	// Ignored, even when it is wrong.
	a.do(http.MethodPatch, runTaskPath(id), body("tasks", map[string]any{"global-configuration": map[string]any{"stages": []string{"never"}}}, nil)).data(t, http.StatusOK)

	a.subscribe("acme", "Business")
	wantAttrs(t, a.get(runTaskPath(id)).data(t, http.StatusOK), map[string]any{
		"global-configuration": map[string]any{"enabled": false, "stages": []any{}, "enforcement-level": "advisory"},
	})
	d := a.do(http.MethodPatch, runTaskPath(id), body("tasks", map[string]any{"global-configuration": global}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"global-configuration": global})
	// Enabled alone turns it off and keeps the rest, as the incumbent
	// provider's destroy sends it.
	d = a.do(http.MethodPatch, runTaskPath(id), body("tasks", map[string]any{"global-configuration": map[string]any{"enabled": false}}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"global-configuration": merged(global, map[string]any{"enabled": false})})
	for member, v := range map[string]any{"stages": []string{"post_plan", "mid_plan"}, "enforcement-level": "strict"} {
		wantInvalid(t, a.do(http.MethodPatch, runTaskPath(id), body("tasks", map[string]any{"global-configuration": map[string]any{member: v}}, nil)),
			"/data/attributes/global-configuration/"+member, "invalid")
	}
	// A stage given twice is kept once.
	d = a.do(http.MethodPatch, runTaskPath(id), body("tasks", map[string]any{"global-configuration": map[string]any{"stages": []string{"pre_apply", "pre_apply"}}}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"global-configuration": map[string]any{"enabled": false, "stages": []string{"pre_apply"}, "enforcement-level": "mandatory"}})
	created := a.create(runTasksPath("acme"), "tasks", merged(runTaskAttrs("linter"), map[string]any{"global-configuration": global}), nil)
	wantAttrs(t, created, map[string]any{"global-configuration": global})

	// Back on the free plan, none is answered; kept, it comes back with
	// the plan.
	a.subscribe("acme", "Free")
	if g, present := attrs(t, a.get(runTaskPath(id)).data(t, http.StatusOK))["global-configuration"]; present {
		t.Errorf("the free plan answers global-configuration %v", g)
	}
	a.subscribe("acme", "Business")
	wantAttrs(t, a.get(runTaskPath(id)).data(t, http.StatusOK), map[string]any{
		"global-configuration": map[string]any{"enabled": false, "stages": []string{"pre_apply"}, "enforcement-level": "mandatory"},
	})
}

// A private task's agent pool needs the private-run-tasks entitlement and
// must be a pool of the organization; null makes the task public again,
// as does the pool's delete.
func TestRunTasks_agentPool(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	pool := a.createPool("acme", "runners")
	pointer := "/data/relationships/agent-pool/data"
	withPool := func(id string) map[string]any { return map[string]any{"agent-pool": rel("agent-pools", id)} }
	wantInvalid(t, a.do(http.MethodPost, runTasksPath("acme"), body("tasks", runTaskAttrs("private"), withPool(pool))), pointer,
		`organization "acme" is not entitled to private run tasks (private-run-tasks)`)
	// A null pool needs nothing.
	a.create(runTasksPath("acme"), "tasks", runTaskAttrs("public"), withPool(""))

	a.subscribe("acme", "Business")
	for _, id := range []string{"apool-this-pool-id-will-never-exist-so-we-expect-http-error-response", a.createPool("other", "theirs")} {
		wantInvalid(t, a.do(http.MethodPost, runTasksPath("acme"), body("tasks", runTaskAttrs("private"), withPool(id))), pointer, "The provided agent pool does not exist")
	}
	d := a.create(runTasksPath("acme"), "tasks", runTaskAttrs("private"), withPool(pool))
	id := wantID(t, d["id"], "task")
	if relID(t, d, "agent-pool", "agent-pools") != pool {
		t.Errorf("agent-pool of %v, want %s", d, pool)
	}
	// An update that leaves it out keeps it; null takes it away.
	d = a.do(http.MethodPatch, runTaskPath(id), body("tasks", map[string]any{"description": "via agents"}, nil)).data(t, http.StatusOK)
	if relID(t, d, "agent-pool", "agent-pools") != pool {
		t.Errorf("an update without agent-pool left %v", relData(t, d, "agent-pool"))
	}
	d = a.do(http.MethodPatch, runTaskPath(id), body("tasks", nil, withPool(""))).data(t, http.StatusOK)
	if relID(t, d, "agent-pool", "agent-pools") != "" {
		t.Errorf("agent-pool null left %v", relData(t, d, "agent-pool"))
	}
	a.do(http.MethodPatch, runTaskPath(id), body("tasks", nil, withPool(pool))).data(t, http.StatusOK)
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, agentPoolPath(pool), nil), http.StatusNoContent)
	if got := relID(t, a.get(runTaskPath(id)).data(t, http.StatusOK), "agent-pool", "agent-pools"); got != "" {
		t.Errorf("the pool's delete left the task's agent-pool %s", got)
	}
}

// The owners and the teams with manage-run-tasks manage the tasks; other
// teams read them, and their writes are 404, as is everything to a token
// that does not see the organization.
func TestRunTasks_whoManagesThem(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	id := a.createRunTask("acme", runTaskAttrs("scanner"))

	devsToken, _ := a.server.MintTeamToken("acme", a.createTeam("acme", "devs"))
	devs := a.as(devsToken)
	devs.get(runTaskPath(id)).data(t, http.StatusOK)
	wantNotFound(t, devs.do(http.MethodPost, runTasksPath("acme"), body("tasks", runTaskAttrs("mine"), nil)))
	wantNotFound(t, devs.do(http.MethodPatch, runTaskPath(id), body("tasks", map[string]any{"enabled": false}, nil)))
	wantNotFound(t, devs.do(http.MethodDelete, runTaskPath(id), nil))

	ops := a.create(orgsPath+"/acme/teams", "teams", map[string]any{"name": "ops", "organization-access": map[string]any{"manage-run-tasks": true}}, nil)
	opsToken, _ := a.server.MintTeamToken("acme", wantID(t, ops["id"], "team"))
	o := a.as(opsToken)
	mine := o.createRunTask("acme", runTaskAttrs("mine"))
	o.do(http.MethodPatch, runTaskPath(id), body("tasks", map[string]any{"enabled": false}, nil)).data(t, http.StatusOK)
	o.wantDeletes(runTaskPath(mine))

	theirs, _ := a.server.MintOrganizationToken("other")
	wantNotFound(t, a.as(theirs).get(runTaskPath(id)))
	wantNotFound(t, a.as(theirs).get(runTasksPath("acme")))
	wantNotFound(t, a.as(theirs).do(http.MethodDelete, runTaskPath(id), nil))
}

// Every create and update records the request that would verify the
// task's URL, signed with its HMAC key when it has one; nothing is sent to
// the URL. A refused write records nothing, and the task's delete takes
// its record.
func TestRunTasks_verificationRecordedNeverSent(t *testing.T) {
	called := make(chan string, 10)
	endpoint := httptest.NewServer(http.HandlerFunc(func(_ http.ResponseWriter, r *http.Request) { called <- r.URL.Path }))
	t.Cleanup(endpoint.Close)
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.subscribe("acme", "Business")
	pool := a.createPool("acme", "runners")
	id := wantID(t, a.create(runTasksPath("acme"), "tasks", map[string]any{
		"name": "scanner", "url": endpoint.URL + "/verify", "category": "task", "hmac-key": "s3cret",
	}, map[string]any{"agent-pool": rel("agent-pools", pool)})["id"], "task")
	a.createRunTask("acme", runTaskAttrs("linter"))
	wantInvalid(t, a.do(http.MethodPatch, runTaskPath(id), body("tasks", map[string]any{"url": "nope"}, nil)), attrAt("url"), "http or https")
	a.do(http.MethodPatch, runTaskPath(id), body("tasks", map[string]any{"hmac-key": ""}, nil)).data(t, http.StatusOK)

	got := a.verifications(id)
	if len(got) != 2 || got[0].On != "create" || got[1].On != "update" || got[0].URL != endpoint.URL+"/verify" || got[0].AgentPool != pool || got[0].Task != id {
		t.Fatalf("verifications %+v", got)
	}
	wantID(t, got[0].ID, "taskv")
	var payload map[string]any
	if err := json.Unmarshal([]byte(got[0].Body), &payload); err != nil {
		t.Fatal(err)
	}
	if payload["payload_version"] != float64(1) || payload["stage"] != "test" || payload["organization_name"] != "acme" ||
		payload["task_result_enforcement_level"] != "test" || payload["run_id"] != nil {
		t.Errorf("payload %v", payload)
	}
	mac := hmac.New(sha512.New, []byte("s3cret"))
	mac.Write([]byte(got[0].Body))
	if sig := got[0].Headers["X-TFC-Task-Signature"]; sig != hex.EncodeToString(mac.Sum(nil)) || got[0].Headers["Content-Type"] != "application/json" {
		t.Errorf("headers %v, want the body's HMAC-SHA512 under the key", got[0].Headers)
	}
	// Its key taken away, the update's request is not signed.
	if _, signed := got[1].Headers["X-TFC-Task-Signature"]; signed {
		t.Errorf("an update without a key is signed: %v", got[1].Headers)
	}
	if all := a.verifications(""); len(all) != 3 {
		t.Errorf("%d verifications in all, want 3", len(all))
	}
	select {
	case path := <-called:
		t.Fatalf("the emulator sent a request to the task's URL: %s", path)
	default:
	}
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, runTaskPath(id), nil), http.StatusNoContent)
	if left := a.verifications(id); len(left) != 0 {
		t.Errorf("the task's delete left %v", left)
	}
}

// An organization's delete takes its tasks.
func TestRunTasks_organizationDeleteTakesThem(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	id := a.createRunTask("acme", runTaskAttrs("scanner"))
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, orgsPath+"/acme", nil), http.StatusNoContent)
	a.createOrg("acme")
	wantNotFound(t, a.get(runTaskPath(id)))
	if got := ids(a.get(runTasksPath("acme")).list(t)); len(got) != 0 {
		t.Errorf("a new organization of the same name has tasks %v", got)
	}
}

func init() {
	// Run tasks: of an organization in the file, named, of the category
	// task; their global stages and levels are the API's; a pool named is
	// one of its organization's; names are unique in any case.
	const stateTask = `{"id":"task-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","name":"scanner","url":"https://x.example.com",` +
		`"description":"","category":"task","enabled":true,"global-configuration":{"enabled":false,"stages":[],"enforcement-level":"advisory"}}`
	const statePool = `{"id":"apool-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","name":"runners","organization-scoped":true}`
	refuseStates(stateInOrg("agent-pools", statePool, "run-tasks", strings.Replace(stateTask, `"enabled":true`, `"enabled":true,"agent-pool":"apool-AAAAAAAAAAAAAAAA"`, 1)),
		stateInOrg("run-tasks", strings.Replace(stateTask, "org-AAAAAAAAAAAAAAAA", "org-BBBBBBBBBBBBBBBB", 1)),
		stateInOrg("run-tasks", strings.Replace(stateTask, `"name":"scanner"`, `"name":" "`, 1)),
		stateInOrg("run-tasks", strings.Replace(stateTask, `"category":"task"`, `"category":"check"`, 1)),
		stateInOrg("run-tasks", strings.Replace(stateTask, `"advisory"`, `"strict"`, 1)),
		stateInOrg("run-tasks", strings.Replace(stateTask, `"stages":[]`, `"stages":["mid_plan"]`, 1)),
		stateInOrg("run-tasks", strings.Replace(stateTask, `"enabled":true`, `"enabled":true,"agent-pool":"apool-BBBBBBBBBBBBBBBB"`, 1)),
		stateInOrg("run-tasks", stateTask+","+strings.Replace(strings.Replace(stateTask, "AAAAAAAAAAAAAAAA", "BBBBBBBBBBBBBBBB", 1), "scanner", "SCANNER", 1)),
		stateInOrg("run-tasks", stateTask, "run-task-verifications",
			`{"id":"taskv-AAAAAAAAAAAAAAAA","task":"task-BBBBBBBBBBBBBBBB","organization":"org-AAAAAAAAAAAAAAAA","on":"create","url":"https://x.example.com","headers":{},"body":"{}","sent-at":"2025-06-01T12:00:00Z"}`),
	)
	// A private task with its global configuration, on the Business plan;
	// its create records a verification.
	addStateFixture("run-tasks", func(a *api) roundTrip {
		a.subscribe("acme", "Business")
		pool := a.createPool("acme", "state-task-pool")
		id := wantID(a.t, a.create(runTasksPath("acme"), "tasks", merged(runTaskAttrs("state-task"), map[string]any{
			"hmac-key": "state-key", "description": "kept",
			"global-configuration": map[string]any{"enabled": true, "stages": []string{"pre_plan"}, "enforcement-level": "mandatory"},
		}), map[string]any{"agent-pool": rel("agent-pools", pool)})["id"], "task")
		// The key, never answered, is in the state file, which the round
		// trip compares.
		return roundTrip{paths: []string{runTaskPath(id), runTasksPath("acme"), "/_emulator/platform/run-task-verifications?task=" + id}}
	})
	addStateFixture("run-task-verifications", func(a *api) roundTrip {
		id := a.createRunTask("acme", runTaskAttrs("state-verified"))
		a.do(http.MethodPatch, runTaskPath(id), body("tasks", map[string]any{"description": "updated"}, nil)).data(a.t, http.StatusOK)
		return roundTrip{paths: []string{"/_emulator/platform/run-task-verifications?task=" + id}}
	})
}
