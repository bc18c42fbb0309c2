package platform_test

import (
	"crypto/md5"
	"encoding/base64"
	"encoding/hex"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// testState is a state file of serial 3 with outputs of every kind, one
// sensitive, and three managed resource instances and a data source.
const testState = `{
  "version": 4,
  "terraform_version": "1.12.2",
  "serial": 3,
  "lineage": "0b8d3f7e-6f0a-4d4e-9a55-1f3f6e2c2f11",
  "outputs": {
    "zones": {"value": ["a", "b"], "type": ["list", "string"]},
    "password": {"value": "hunter2", "type": "string", "sensitive": true},
    "port": {"value": 9007199254740993, "type": "number"},
    "tags": {"value": {"env": "prod"}, "type": ["map", "string"]},
    "enabled": {"value": true, "type": "bool"}
  },
  "resources": [
    {"mode": "managed", "type": "null_resource", "name": "web", "provider": "provider[\"registry.terraform.io/hashicorp/null\"]", "instances": [{}, {}]},
    {"module": "module.db", "mode": "managed", "type": "random_pet", "name": "name", "provider": "provider[\"registry.terraform.io/hashicorp/random\"]", "instances": [{}]},
    {"mode": "data", "type": "http", "name": "ip", "provider": "provider[\"registry.terraform.io/hashicorp/http\"]", "instances": [{}]}
  ]
}`

func stateVersionsPath(ws string) string { return "/api/v2/workspaces/" + ws + "/state-versions" }
func stateVersionPath(id string) string  { return "/api/v2/state-versions/" + id }

func md5Of(s string) string {
	sum := md5.Sum([]byte(s))
	return hex.EncodeToString(sum[:])
}

// stateAttrs are the attributes of a create that sends testState whole,
// as of serial.
func stateAttrs(serial int) map[string]any {
	return map[string]any{"serial": serial, "md5": md5Of(testState), "state": base64.StdEncoding.EncodeToString([]byte(testState))}
}

func (a *api) lock(ws string) {
	a.t.Helper()
	emutest.WantAPIStatus(a.t, a.do(http.MethodPost, "/api/v2/workspaces/"+ws+"/actions/lock", nil), http.StatusOK)
}

func (a *api) unlock(ws string) response {
	a.t.Helper()
	return a.do(http.MethodPost, "/api/v2/workspaces/"+ws+"/actions/unlock", nil)
}

// createState locks ws, stores testState as its current state, of that
// serial, and unlocks it; it returns the state version's answer.
func (a *api) createState(ws string, serial int) map[string]any {
	a.t.Helper()
	a.lock(ws)
	d := a.create(stateVersionsPath(ws), "state-versions", stateAttrs(serial), nil)
	emutest.WantAPIStatus(a.t, a.unlock(ws), http.StatusOK)
	return d
}

// outputsByName maps the outputs of a list to their attributes.
func outputsByName(t *testing.T, list []map[string]any) map[string]map[string]any {
	out := map[string]map[string]any{}
	for _, o := range list {
		out[fmt.Sprint(attrs(t, o)["name"])] = attrs(t, o)
	}
	return out
}

func TestStateVersions_createFinalizesAndBecomesCurrent(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	d := a.createState(ws, 3)
	id := wantID(t, d["id"], "sv")
	wantAttrs(t, d, map[string]any{
		"serial": 3, "status": "finalized", "size": len(testState), "state-version": 4, "terraform-version": "1.12.2",
		"resources-processed": true, "billable-rum-count": 3, "intermediate": false,
		"hosted-state-upload-url": nil, "hosted-json-state-upload-url": nil, "hosted-json-state-download-url": nil,
		"resources": []any{
			map[string]any{"name": "web", "type": "null_resource", "count": 2, "module": "root", "provider": "hashicorp/null"},
			map[string]any{"name": "name", "type": "random_pet", "count": 1, "module": "module.db", "provider": "hashicorp/random"},
			map[string]any{"name": "ip", "type": "http", "count": 1, "module": "root", "provider": "hashicorp/http"},
		},
		"modules":   map[string]any{"root": map[string]any{"null_resource": 2, "data.http": 1}, "module.db": map[string]any{"random_pet": 1}},
		"providers": map[string]any{"hashicorp/null": map[string]any{"null_resource": 2}, "hashicorp/random": map[string]any{"random_pet": 1}, "hashicorp/http": map[string]any{"data.http": 1}},
	})
	if relID(t, d, "workspace", "workspaces") != ws || relID(t, d, "created-by", "users") == "" {
		t.Errorf("relationships of %v", d)
	}
	if got := a.get(stateVersionPath(id)).data(t, http.StatusOK); !emutest.EqualJSON(t, got, d) {
		t.Errorf("read %v\nwant %v", got, d)
	}
	if got := a.get("/api/v2/workspaces/"+ws+"/current-state-version").data(t, http.StatusOK); !emutest.EqualJSON(t, got, d) {
		t.Errorf("current %v\nwant %v", got, d)
	}

	// The download URL, absolute and keyed, answers the state as sent,
	// byte for byte, without a token.
	download, _ := attrs(t, d)["hosted-state-download-url"].(string)
	if !strings.HasPrefix(download, a.url+"/api/v2/state-versions/"+id+"/download/state?key=") {
		t.Fatalf("download URL %q", download)
	}
	if r := a.as("").do(http.MethodGet, strings.TrimPrefix(download, a.url), nil); r.Status != http.StatusOK || r.Body != testState {
		t.Errorf("download: %d %s", r.Status, r.Body)
	}
	wantNotFound(t, a.as("").do(http.MethodGet, strings.Replace(strings.TrimPrefix(download, a.url), "key=", "key=x", 1), nil))

	// The workspace manages the three managed instances, and names its
	// state and its outputs.
	w := a.get("/api/v2/workspaces/" + ws + "?include=current_state_version,outputs")
	wd := w.data(t, http.StatusOK)
	wantAttrs(t, wd, map[string]any{"resource-count": 3})
	if relID(t, wd, "current-state-version", "state-versions") != id {
		t.Errorf("current-state-version of %v", wd)
	}
	outputs, _ := relData(t, wd, "outputs").([]any)
	if len(outputs) != 5 {
		t.Errorf("outputs of the workspace: %v", outputs)
	}
	included := w.included(t)
	if len(included) != 6 || included[0]["id"] != id {
		t.Fatalf("included %v", ids(included))
	}
	byName := outputsByName(t, included[1:])
	if byName["password"]["value"] != nil || byName["password"]["output-type"] != "string" || byName["zones"]["output-type"] != "array" {
		t.Errorf("the workspace's outputs %v", byName)
	}
	if included[1]["type"] != "workspace-outputs" {
		t.Errorf("included output %v", included[1])
	}
}

func TestStateVersions_outputs(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	id := wantID(t, a.createState(ws, 3)["id"], "sv")

	// The state version's outputs show every value, by name.
	list := a.get(stateVersionPath(id) + "/outputs").list(t)
	if got := []string{}; true {
		for _, o := range list {
			got = append(got, fmt.Sprint(attrs(t, o)["name"]))
		}
		if !slices.Equal(got, []string{"enabled", "password", "port", "tags", "zones"}) {
			t.Errorf("outputs %v", got)
		}
	}
	byName := outputsByName(t, list)
	want := map[string]map[string]any{
		"enabled":  {"type": "boolean", "value": true, "detailed-type": "bool", "sensitive": false},
		"password": {"type": "string", "value": "hunter2", "detailed-type": "string", "sensitive": true},
		"tags":     {"type": "object", "value": map[string]any{"env": "prod"}, "detailed-type": []any{"map", "string"}},
		"zones":    {"type": "array", "value": []any{"a", "b"}, "detailed-type": []any{"list", "string"}},
		"port":     {"type": "number", "detailed-type": "number"},
	}
	for name, w := range want {
		for k, v := range w {
			if !emutest.EqualJSON(t, byName[name][k], v) {
				t.Errorf("output %s: %s = %#v, want %#v", name, k, byName[name][k], v)
			}
		}
	}
	// A number keeps every digit.
	if r := a.get(stateVersionPath(id) + "/outputs"); !strings.Contains(r.Body, `"value":9007199254740993`) {
		t.Errorf("outputs %s lose the port's digits", r.Body)
	}

	// One read by ID shows its value; the workspace's current outputs hide
	// the sensitive one's.
	var password map[string]any
	for _, o := range list {
		if attrs(t, o)["name"] == "password" {
			password = o
		}
	}
	pid := wantID(t, password["id"], "wsout")
	wantAttrs(t, a.get("/api/v2/state-version-outputs/"+pid).data(t, http.StatusOK), map[string]any{"value": "hunter2", "sensitive": true})
	current := outputsByName(t, a.get("/api/v2/workspaces/"+ws+"/current-state-version-outputs").list(t))
	if len(current) != 5 || current["password"]["value"] != nil || current["enabled"]["value"] != true {
		t.Errorf("current outputs %v", current)
	}
	wantNotFound(t, a.get("/api/v2/state-version-outputs/wsout-J2zM24JPAAAAAAAA"))

	// include=outputs shows the values too.
	r := a.get(stateVersionPath(id) + "?include=outputs")
	r.data(t, http.StatusOK)
	if inc := outputsByName(t, r.included(t)); len(inc) != 5 || inc["password"]["value"] != "hunter2" {
		t.Errorf("included outputs %v", inc)
	}
	emutest.WantAPIError(t, a.get(stateVersionPath(id)+"?include=workspace"), http.StatusBadRequest, "bad request", "include parameter")

	// A page past the end is empty, with the total.
	r = a.get(stateVersionPath(id) + "/outputs?page[number]=999&page[size]=100")
	if got := r.list(t); len(got) != 0 || r.pagination(t)["total-count"] != float64(5) {
		t.Errorf("page 999: %v %v", got, r.pagination(t))
	}

	// A workspace without state has no current state version and no
	// outputs.
	other := a.workspaceID("acme", "empty")
	wantNotFound(t, a.get("/api/v2/workspaces/"+other+"/current-state-version"))
	if got := a.get("/api/v2/workspaces/" + other + "/current-state-version-outputs").list(t); len(got) != 0 {
		t.Errorf("outputs of a workspace without state: %v", got)
	}
}

// json-state-outputs give the outputs in place of the state's.
func TestStateVersions_jsonStateOutputs(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	a.lock(ws)
	jsonOutputs := `{"pair": {"sensitive": false, "value": ["a", 1], "type": ["tuple", ["string", "number"]]}}`
	d := a.create(stateVersionsPath(ws), "state-versions",
		merged(stateAttrs(3), map[string]any{"json-state-outputs": base64.StdEncoding.EncodeToString([]byte(jsonOutputs))}), nil)
	list := a.get(stateVersionPath(wantID(t, d["id"], "sv")) + "/outputs").list(t)
	if len(list) != 1 {
		t.Fatalf("outputs %v", list)
	}
	wantAttrs(t, list[0], map[string]any{"name": "pair", "type": "array", "value": []any{"a", 1}, "detailed-type": []any{"tuple", []any{"string", "number"}}})
}

func TestStateVersions_createRules(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	path := stateVersionsPath(ws)
	state := base64.StdEncoding.EncodeToString([]byte(testState))

	// Unlocked, or locked by another, the workspace takes no state.
	wantConflict(t, a.do(http.MethodPost, path, body("state-versions", stateAttrs(3), nil)), "must be locked by the token's user or team")
	ops := a.createTeam("acme", "ops")
	a.createTeamWorkspace(ops, ws, map[string]any{"access": "admin"})
	team, err := a.server.MintTeamToken("acme", ops)
	if err != nil {
		t.Fatal(err)
	}
	a.lock(ws)
	wantConflict(t, a.as(team).do(http.MethodPost, path, body("state-versions", stateAttrs(3), nil)), "must be locked by the token's user or team")

	a.wantCreatesRefused(path, "state-versions", []refusedCreate{
		{attrs: map[string]any{"md5": md5Of(testState)}, pointer: attrAt("serial"), detail: "serial is required"},
		{attrs: map[string]any{"serial": nil, "md5": md5Of(testState)}, pointer: attrAt("serial"), detail: "serial is required"},
		{attrs: map[string]any{"serial": 1}, pointer: attrAt("md5"), detail: "md5 is required"},
		{attrs: map[string]any{"serial": 1, "md5": "0123", "state": state}, pointer: attrAt("md5"), detail: "is not the MD5 checksum of the state"},
		{attrs: map[string]any{"serial": 1, "md5": md5Of("x"), "state": "!!"}, pointer: attrAt("state"), detail: "must be base64"},
		{attrs: map[string]any{"serial": 1, "md5": md5Of("x"), "state": base64.StdEncoding.EncodeToString([]byte("x"))}, pointer: attrAt("state"), detail: "not a Terraform state file"},
		{attrs: map[string]any{"serial": 1, "md5": md5Of("{}"), "state": base64.StdEncoding.EncodeToString([]byte("{}"))}, pointer: attrAt("state"), detail: "it has no version"},
	})
	if got := a.get("/api/v2/state-versions?filter[workspace][name]=web&filter[organization][name]=acme").list(t); len(got) != 0 {
		t.Fatalf("refused creates stored %v", ids(got))
	}

	a.create(path, "state-versions", stateAttrs(3), nil)
	// A lower serial, or another lineage, is refused but with force.
	lower := stateAttrs(2)
	emutest.WantAPIError(t, a.do(http.MethodPost, path, body("state-versions", lower, nil)), http.StatusConflict, "conflict", "serial 2 is lower than the current state's, 3")
	a.create(path, "state-versions", merged(lower, map[string]any{"force": true}), nil)
	otherLineage := merged(stateAttrs(3), map[string]any{"lineage": "another"})
	emutest.WantAPIError(t, a.do(http.MethodPost, path, body("state-versions", otherLineage, nil)), http.StatusConflict, "conflict", `lineage "another" is not the current state's`)
	d := a.create(path, "state-versions", merged(otherLineage, map[string]any{"force": true}), nil)
	// The same serial of the same lineage is taken.
	a.create(path, "state-versions", otherLineage, nil)
	wantNotFound(t, a.do(http.MethodPost, stateVersionsPath("ws-Missing1234567890"), body("state-versions", stateAttrs(3), nil)))
	if d["id"] == nil {
		t.Fatal("no ID")
	}
}

// Without state a version is pending until its state is uploaded to its
// upload URL, which needs no token; its workspace's plain unlock waits
// for it.
func TestStateVersions_pendingUntilUploaded(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	a.lock(ws)
	d := a.create(stateVersionsPath(ws), "state-versions", map[string]any{"serial": 3, "md5": md5Of(testState)}, nil)
	id := wantID(t, d["id"], "sv")
	wantAttrs(t, d, map[string]any{"status": "pending", "resources-processed": false, "hosted-state-download-url": nil, "billable-rum-count": nil, "size": 0})
	upload, _ := attrs(t, d)["hosted-state-upload-url"].(string)
	jsonUpload, _ := attrs(t, d)["hosted-json-state-upload-url"].(string)
	if !strings.HasPrefix(upload, a.url+"/api/v2/state-versions/"+id+"/upload/state?key=") || jsonUpload == "" {
		t.Fatalf("upload URLs %q, %q", upload, jsonUpload)
	}
	wantNotFound(t, a.get("/api/v2/workspaces/"+ws+"/current-state-version"))
	emutest.WantAPIError(t, a.unlock(ws), http.StatusConflict, "conflict", "a state version of it is pending")

	// A wrong key opens nothing; the right one needs no token.
	wantNotFound(t, a.as("").do(http.MethodPut, strings.TrimPrefix(upload, a.url)+"x", testState))
	// The state finalizes the version; the JSON state may follow it.
	emutest.WantStatus(t, a.as("").do(http.MethodPut, strings.TrimPrefix(upload, a.url), testState), http.StatusOK)
	emutest.WantStatus(t, a.as("").do(http.MethodPut, strings.TrimPrefix(jsonUpload, a.url), `{"format_version":"1.0"}`), http.StatusOK)
	emutest.WantAPIError(t, a.as("").do(http.MethodPut, strings.TrimPrefix(upload, a.url), testState), http.StatusConflict, "conflict", "has its state already")
	emutest.WantAPIError(t, a.as("").do(http.MethodPut, strings.TrimPrefix(jsonUpload, a.url), `{}`), http.StatusConflict, "conflict", "has its json-state already")

	got := a.get(stateVersionPath(id)).data(t, http.StatusOK)
	wantAttrs(t, got, map[string]any{"status": "finalized", "hosted-state-upload-url": nil, "size": len(testState)})
	jsonDownload, _ := attrs(t, got)["hosted-json-state-download-url"].(string)
	if r := a.as("").do(http.MethodGet, strings.TrimPrefix(jsonDownload, a.url), nil); r.Body != `{"format_version":"1.0"}` {
		t.Errorf("JSON state download: %d %s", r.Status, r.Body)
	}
	if current := a.get("/api/v2/workspaces/"+ws+"/current-state-version").data(t, http.StatusOK); current["id"] != id {
		t.Errorf("current %v", current["id"])
	}
	emutest.WantAPIStatus(t, a.unlock(ws), http.StatusOK)

	// A later create discards a version still pending: its upload URL
	// takes nothing, and the workspace unlocks.
	a.lock(ws)
	d = a.create(stateVersionsPath(ws), "state-versions", map[string]any{"serial": 4, "md5": md5Of(testState)}, nil)
	upload, _ = attrs(t, d)["hosted-state-upload-url"].(string)
	a.create(stateVersionsPath(ws), "state-versions", stateAttrs(5), nil)
	wantAttrs(t, a.get(stateVersionPath(wantID(t, d["id"], "sv"))).data(t, http.StatusOK), map[string]any{"status": "discarded"})
	emutest.WantAPIError(t, a.as("").do(http.MethodPut, strings.TrimPrefix(upload, a.url), testState), http.StatusConflict, "conflict", "was discarded")
	emutest.WantAPIStatus(t, a.unlock(ws), http.StatusOK)
}

func TestStateVersions_list(t *testing.T) {
	a := newAPI(t, platform.Options{})
	clk := newClock(a)
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	first := a.createState(ws, 3)["id"]
	clk.advance(1)
	second := a.createState(ws, 4)["id"]
	a.createState(a.workspaceID("acme", "other"), 1)

	list := "/api/v2/state-versions?filter[workspace][name]=web&filter[organization][name]=acme"
	if got := ids(a.get(list).list(t)); !slices.Equal(got, []string{fmt.Sprint(second), fmt.Sprint(first)}) {
		t.Errorf("list %v, want newest first", got)
	}
	r := a.get(list + "&page[number]=999&page[size]=100")
	if got := r.list(t); len(got) != 0 || r.pagination(t)["total-count"] != float64(2) || r.pagination(t)["current-page"] != float64(999) {
		t.Errorf("page 999: %v %v", got, r.pagination(t))
	}
	for _, q := range []string{"", "?filter[workspace][name]=web", "?filter[organization][name]=acme"} {
		emutest.WantAPIError(t, a.get("/api/v2/state-versions"+q), http.StatusBadRequest, "bad request", "are required")
	}
	wantNotFound(t, a.get("/api/v2/state-versions?filter[workspace][name]=nope&filter[organization][name]=acme"))
	wantNotFound(t, a.get("/api/v2/state-versions?filter[workspace][name]=web&filter[organization][name]=nope"))
}

// The admin route stores a state as the workspace's current one, without
// a lock; a workspace's delete deletes its states.
func TestStateVersions_adminRouteAndWorkspaceDelete(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	r := sendJSON(t, http.MethodPut, a.url+"/_emulator/platform/workspaces/"+ws+"/state", testState)
	emutest.WantStatus(t, r, http.StatusCreated)
	id := wantID(t, emutest.JSON(t, r)["id"], "sv")
	d := a.get("/api/v2/workspaces/"+ws+"/current-state-version").data(t, http.StatusOK)
	if d["id"] != id || relID(t, d, "created-by", "users") != "" {
		t.Errorf("current %v", d)
	}
	wantAttrs(t, d, map[string]any{"serial": 3, "status": "finalized"})
	emutest.WantPlainError(t, sendJSON(t, http.MethodPut, a.url+"/_emulator/platform/workspaces/ws-Missing1234567890/state", testState), http.StatusBadRequest, "no such workspace")
	emutest.WantPlainError(t, sendJSON(t, http.MethodPut, a.url+"/_emulator/platform/workspaces/"+ws+"/state", "nope"), http.StatusBadRequest, "not a Terraform state file")

	wantConflict(t, a.do(http.MethodPost, "/api/v2/workspaces/"+ws+"/actions/safe-delete", nil), "has 3 resources under management")
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, "/api/v2/workspaces/"+ws, nil), http.StatusNoContent)
	wantNotFound(t, a.get(stateVersionPath(id)))
}

// A state version is its workspace's: whoever may not see the
// workspace's organization sees none of its states or outputs.
func TestStateVersions_hiddenFromOtherOrganizations(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	ws := a.workspaceID("acme", "web")
	id := wantID(t, a.createState(ws, 3)["id"], "sv")
	output := wantID(t, a.get(stateVersionPath(id) + "/outputs").list(t)[0]["id"], "wsout")
	token, err := a.server.MintOrganizationToken("other")
	if err != nil {
		t.Fatal(err)
	}
	b := a.as(token)
	for _, path := range []string{
		stateVersionPath(id), stateVersionPath(id) + "/outputs", "/api/v2/state-version-outputs/" + output,
		"/api/v2/workspaces/" + ws + "/current-state-version", "/api/v2/workspaces/" + ws + "/current-state-version-outputs",
	} {
		wantNotFound(t, b.get(path))
	}
}

func init() {
	// State versions: of a workspace in the file, finalized with their
	// state or pending without, one current at most per workspace.
	const stateSV = `{"id":"sv-AAAAAAAAAAAAAAAA","workspace":"ws-AAAAAAAAAAAAAAAA","serial":1,"md5":"x","created-at":"2025-01-01T00:00:00Z","status":"finalized","current":true,"upload-key":"k","state":"e30="}`
	refuseStates(stateInOrg("workspaces", stateWorkspace, "state-versions", stateSV),
		stateInOrg("state-versions", stateSV),
		stateInOrg("workspaces", stateWorkspace, "state-versions", strings.Replace(stateSV, `"upload-key":"k",`, "", 1)),
		stateInOrg("workspaces", stateWorkspace, "state-versions", strings.Replace(stateSV, `"finalized"`, `"pending"`, 1)),
		stateInOrg("workspaces", stateWorkspace, "state-versions", strings.Replace(stateSV, `"finalized"`, `"done"`, 1)),
		stateInOrg("workspaces", stateWorkspace, "state-versions", strings.Replace(stateSV, `,"state":"e30="`, "", 1)),
		stateInOrg("workspaces", stateWorkspace, "state-versions", stateSV+","+strings.Replace(stateSV, "sv-AAAAAAAAAAAAAAAA", "sv-BBBBBBBBBBBBBBBB", 1)),
		stateInOrg("workspaces", stateWorkspace, "state-versions", strings.Replace(stateSV, `}`, `,"outputs":[{"id":"out-1","name":"x"}]}`, 1)),
	)
	// A current state with outputs, and a pending one of another
	// workspace.
	addStateFixture("state-versions", func(a *api) roundTrip {
		ws := a.workspaceID("acme", "state-versioned")
		id := wantID(a.t, a.createState(ws, 3)["id"], "sv")
		pending := a.workspaceID("acme", "state-pending")
		a.lock(pending)
		p := a.create(stateVersionsPath(pending), "state-versions", map[string]any{"serial": 1, "md5": md5Of(testState)}, nil)
		return roundTrip{paths: []string{
			stateVersionPath(id), stateVersionPath(id) + "/outputs", "/api/v2/workspaces/" + ws + "/current-state-version-outputs",
			"/api/v2/workspaces/" + ws + "?include=outputs,current_state_version", stateVersionPath(wantID(a.t, p["id"], "sv")),
			fmt.Sprintf("/api/v2/state-versions?filter[workspace][name]=%s&filter[organization][name]=acme", "state-versioned"),
		}}
	})
}
