package platform_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

var versionPattern = regexp.MustCompile(`^[0-9a-f]{64}$`)

func workspaceVarsPath(ws string) string { return workspacePath(ws) + "/vars" }

func varsetVarsPath(vs string) string { return varsetPath(vs) + "/relationships/vars" }

// createVariable creates a variable under path (a parent's variables)
// and returns its answer.
func (a *api) createVariable(path string, attrs map[string]any) map[string]any {
	a.t.Helper()
	return a.create(path, "vars", attrs, nil)
}

func versionOf(t *testing.T, d map[string]any) string {
	t.Helper()
	v, _ := attrs(t, d)["version-id"].(string)
	if !versionPattern.MatchString(v) {
		t.Fatalf("version-id %q is not 64 hex digits", v)
	}
	return v
}

// A workspace variable answers every attribute, and its workspace as the
// relationship configurable; it is read alone at its own path.
func TestVariable_ofAWorkspace(t *testing.T) {
	a := newAPI(t, platform.Options{})
	newClock(a)
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	d := a.createVariable(workspaceVarsPath(ws), map[string]any{"key": "region", "category": "terraform"})
	id := wantID(t, d["id"], "var")
	if d["type"] != "vars" {
		t.Errorf("type %v", d["type"])
	}
	wantAttrs(t, d, map[string]any{
		"key": "region", "value": "", "description": "", "category": "terraform", "hcl": false, "sensitive": false,
		"created-at": "2025-06-01T12:00:00.000Z",
	})
	versionOf(t, d)
	if relID(t, d, "configurable", "workspaces") != ws {
		t.Errorf("relationships %v", d["relationships"])
	}
	rels := emutest.Object(t, d["relationships"])
	if related := emutest.Object(t, emutest.Object(t, rels["configurable"])["links"])["related"]; related != "/api/v2/organizations/acme/workspaces/web" {
		t.Errorf("configurable links to %v", related)
	}
	a.wantStored(d, workspaceVarsPath(ws)+"/"+id)
	if got := a.get(workspaceVarsPath(ws)).list(t); len(got) != 1 || !emutest.EqualJSON(t, got[0], d) {
		t.Errorf("list %v", got)
	}
}

// A variable set's variable carries its set as the relationship varset,
// and is read alone at its own path.
func TestVariable_ofAVariableSet(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	vs := a.varsetID("acme", "shared")
	d := a.createVariable(varsetVarsPath(vs), map[string]any{
		"key": "TOKEN", "value": "abc", "description": "the token", "category": "env", "hcl": "false", "sensitive": false,
	})
	id := wantID(t, d["id"], "var")
	wantAttrs(t, d, map[string]any{"key": "TOKEN", "value": "abc", "description": "the token", "category": "env"})
	if relID(t, d, "varset", "varsets") != vs {
		t.Errorf("relationships %v", d["relationships"])
	}
	a.wantStored(d, varsetVarsPath(vs)+"/"+id)
	if got := ids(a.get(varsetVarsPath(vs)).list(t)); strings.Join(got, ",") != id {
		t.Errorf("list %v", got)
	}
	wantAttrs(t, a.get(varsetPath(vs)).data(t, http.StatusOK), map[string]any{"var-count": 1})
}

func TestVariable_validation(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	vs := a.varsetID("acme", "shared")
	for _, path := range []string{workspaceVarsPath(ws), varsetVarsPath(vs)} {
		a.wantCreatesRefused(path, "vars", []refusedCreate{
			{map[string]any{"category": "env"}, nil, attrAt("key"), "key is required"},
			{map[string]any{"key": " ", "category": "env"}, nil, attrAt("key"), "key must not be blank"},
			{map[string]any{"key": "a"}, nil, attrAt("category"), "category is required"},
			{map[string]any{"key": "a", "category": "secret"}, nil, attrAt("category"), "must be terraform or env"},
			{map[string]any{"key": "a", "category": "env", "hcl": "maybe"}, nil, attrAt("hcl"), "must be true or false"},
			{map[string]any{"key": "a", "category": "env", "sensitive": 1.5}, nil, attrAt("sensitive"), "must be true or false"},
			{map[string]any{"key": "a", "category": "env", "value": 5}, nil, attrAt("value"), "must be a string"},
		})
		if list := a.get(path).list(t); len(list) != 0 {
			t.Fatalf("refused creates stored variables: %v", ids(list))
		}
	}
	wantNotFound(t, a.do(http.MethodPost, workspaceVarsPath("ws-1111111111111111"), body("vars", map[string]any{"key": "a", "category": "env"}, nil)))
	wantNotFound(t, a.do(http.MethodPost, varsetVarsPath("varset-1111111111111111"), body("vars", map[string]any{"key": "a", "category": "env"}, nil)))
}

// A key is unique within its parent and category: 409.
func TestVariable_keyIsUniquePerCategory(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws, other := a.workspaceID("acme", "web"), a.workspaceID("acme", "api")
	vs := a.varsetID("acme", "shared")
	for _, path := range []string{workspaceVarsPath(ws), varsetVarsPath(vs)} {
		first := a.createVariable(path, map[string]any{"key": "region", "category": "terraform"})
		wantConflictAt(t, a.do(http.MethodPost, path, body("vars", map[string]any{"key": "region", "category": "terraform", "value": "x"}, nil)), attrAt("key"), fmt.Sprintf(`key "region" has already been taken by variable %s of category terraform`, first["id"]))
		env := a.createVariable(path, map[string]any{"key": "region", "category": "env"})
		wantConflict(t, a.do(http.MethodPatch, path+"/"+wantID(t, env["id"], "var"), body("vars", map[string]any{"category": "terraform"}, nil)), "already been taken")
		a.createVariable(path, map[string]any{"key": "Region", "category": "terraform"})
	}
	a.createVariable(workspaceVarsPath(other), map[string]any{"key": "region", "category": "terraform"})
}

// A sensitive variable's value is never answered, and it cannot become
// non-sensitive (422); its value can still be written.
func TestVariable_sensitiveValueIsNeverReturned(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	vs := a.varsetID("acme", "shared")
	for _, path := range []string{workspaceVarsPath(ws), varsetVarsPath(vs)} {
		d := a.createVariable(path, map[string]any{"key": "password", "value": "hunter2", "category": "terraform", "sensitive": true})
		self := path + "/" + wantID(t, d["id"], "var")
		answers := []response{a.get(self), a.get(path), a.do(http.MethodPatch, self, body("vars", map[string]any{"value": "hunter3", "description": "changed"}, nil))}
		for _, r := range answers {
			if strings.Contains(r.Body, "hunter") {
				t.Errorf("an answer has the value: %s", r.Body)
			}
		}
		wantAttrs(t, d, map[string]any{"value": nil, "sensitive": true})
		wantAttrs(t, answers[2].data(t, http.StatusOK), map[string]any{"value": nil, "description": "changed"})
		for _, v := range []any{false, "false"} {
			wantInvalid(t, a.do(http.MethodPatch, self, body("vars", map[string]any{"sensitive": v}, nil)), "/data/attributes/sensitive", "cannot be made non-sensitive")
		}
		wantAttrs(t, a.get(self).data(t, http.StatusOK), map[string]any{"sensitive": true})
		// The other way is taken.
		plain := a.createVariable(path, map[string]any{"key": "user", "value": "admin", "category": "terraform"})
		d = a.do(http.MethodPatch, path+"/"+wantID(t, plain["id"], "var"), body("vars", map[string]any{"sensitive": true}, nil)).data(t, http.StatusOK)
		wantAttrs(t, d, map[string]any{"value": nil, "sensitive": true})
	}
}

// version-id is new on every update, whatever it changes, an update that
// changes nothing included (go-tfe's "without any changes"), and stays on
// reads: clients see a sensitive value change that they cannot read.
func TestVariable_versionIDIsNewOnEveryUpdate(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	vs := a.varsetID("acme", "shared")
	for _, path := range []string{workspaceVarsPath(ws), varsetVarsPath(vs)} {
		d := a.createVariable(path, map[string]any{"key": "password", "value": "one", "category": "terraform", "sensitive": true})
		self := path + "/" + wantID(t, d["id"], "var")
		seen := map[string]bool{versionOf(t, d): true}
		last := versionOf(t, d)
		for _, attrs := range []map[string]any{
			{},
			{"key": "password", "value": "one", "description": "", "hcl": false, "sensitive": true},
			{"description": "d", "hcl": true, "key": "pw"},
			{"value": "two"},
			{"category": "env"},
			{"value": nil},
		} {
			got := versionOf(t, a.do(http.MethodPatch, self, body("vars", attrs, nil)).data(t, http.StatusOK))
			if seen[got] {
				t.Errorf("%s: update %v gave version-id %s, seen before", path, attrs, got)
			}
			seen[got], last = true, got
			if read := versionOf(t, a.get(self).data(t, http.StatusOK)); read != last {
				t.Errorf("read version-id %s, want %s", read, last)
			}
		}
		// A refused update changes nothing, its version included.
		wantInvalid(t, a.do(http.MethodPatch, self, body("vars", map[string]any{"category": "yaml"}, nil)), "/data/attributes/category", "must be terraform or env")
		if read := versionOf(t, a.get(self).data(t, http.StatusOK)); read != last {
			t.Errorf("a refused update changed version-id to %s", read)
		}
		if other := versionOf(t, a.createVariable(path, map[string]any{"key": "x", "value": "two", "category": "env"})); seen[other] {
			t.Error("two variables share a version-id")
		}
	}
}

// A description is at most 512 characters (go-tfe's tests send 516 and
// 539 and expect an error): longer is 422 at the description, on create
// and update, of workspace and variable set variables alike.
func TestVariable_descriptionIsAtMost512Characters(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	vs := a.varsetID("acme", "shared")
	longest := strings.Repeat("é", 512)
	for _, path := range []string{workspaceVarsPath(ws), varsetVarsPath(vs)} {
		r := a.do(http.MethodPost, path, body("vars", map[string]any{"key": "k", "category": "env", "description": longest + "x"}, nil))
		wantInvalid(t, r, "/data/attributes/description", "description is too long (maximum is 512 characters, got 513)")
		if list := a.get(path).list(t); len(list) != 0 {
			t.Fatalf("a refused create stored %v", ids(list))
		}
		d := a.createVariable(path, map[string]any{"key": "k", "category": "env", "description": longest})
		wantAttrs(t, d, map[string]any{"description": longest})
		self := path + "/" + wantID(t, d["id"], "var")
		wantInvalid(t, a.do(http.MethodPatch, self, body("vars", map[string]any{"description": longest + longest}, nil)), "/data/attributes/description", "maximum is 512 characters")
		wantAttrs(t, a.get(self).data(t, http.StatusOK), map[string]any{"description": longest})
	}
}

// An update changes the members it gives; data.id is not needed. Delete
// answers 204. A variable is found under its own parent only.
func TestVariable_updateAndDelete(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws, other := a.workspaceID("acme", "web"), a.workspaceID("acme", "api")
	d := a.createVariable(workspaceVarsPath(ws), map[string]any{"key": "region", "value": "eu", "description": "where", "category": "terraform"})
	id := wantID(t, d["id"], "var")
	self := workspaceVarsPath(ws) + "/" + id
	d = a.do(http.MethodPatch, self, body("vars", map[string]any{"value": "us", "hcl": true}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"key": "region", "value": "us", "description": "where", "category": "terraform", "hcl": true})
	d = a.do(http.MethodPatch, self, map[string]any{"data": map[string]any{"id": id, "type": "vars", "attributes": map[string]any{"key": "zone", "description": nil}}}).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"key": "zone", "value": "us", "description": ""})
	wantInvalid(t, a.do(http.MethodPatch, self, body("vars", map[string]any{"value": "x", "category": "both"}, nil)), "/data/attributes/category", "must be terraform or env")
	wantAttrs(t, a.get(self).data(t, http.StatusOK), map[string]any{"value": "us"})

	for _, method := range []string{http.MethodGet, http.MethodPatch, http.MethodDelete} {
		wantNotFound(t, a.do(method, workspaceVarsPath(other)+"/"+id, body("vars", map[string]any{"value": "x"}, nil)))
	}
	if r := a.do(http.MethodDelete, self, nil); r.Status != http.StatusNoContent || r.Body != "" {
		t.Fatalf("delete: %d %s", r.Status, r.Body)
	}
	wantNotFound(t, a.get(self))
	wantNotFound(t, a.do(http.MethodDelete, self, nil))
	if list := a.get(workspaceVarsPath(ws)).list(t); len(list) != 0 {
		t.Errorf("list after delete: %v", ids(list))
	}
}

func TestVariable_listPages(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	for i := range 23 {
		a.createVariable(workspaceVarsPath(ws), map[string]any{"key": fmt.Sprintf("k%02d", 22-i), "category": "env"})
	}
	r := a.get(workspaceVarsPath(ws))
	list := r.list(t)
	if len(list) != 20 || attrs(t, list[0])["key"] != "k00" || attrs(t, list[19])["key"] != "k19" {
		t.Errorf("first page: %d variables", len(list))
	}
	if p := r.pagination(t); p["total-count"] != 23.0 || p["next-page"] != 2.0 {
		t.Errorf("pagination %v", p)
	}
	// The variable endpoints have no includes; an empty include is none.
	a.get(workspaceVarsPath(ws) + "?include=").list(t)
	emutest.WantAPIError(t, a.get(workspaceVarsPath(ws)+"?include=configurable"), http.StatusBadRequest, "bad request", "Invalid include parameter")
	emutest.WantAPIError(t, a.get(workspaceVarsPath(ws)+"/"+wantID(t, list[0]["id"], "var")+"?include=workspace"), http.StatusBadRequest, "bad request", "Invalid include parameter")
	if list := a.get(workspaceVarsPath(ws) + "?page[number]=2").list(t); len(list) != 3 || attrs(t, list[2])["key"] != "k22" {
		t.Errorf("second page %v", ids(list))
	}
}

// Who does not see the workspace or the set does not see its variables.
func TestVariable_visibility(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	vs := a.varsetID("acme", "shared")
	aliceToken, _ := a.server.MintUserToken("alice")
	alice := a.as(aliceToken)
	for _, path := range []string{workspaceVarsPath(ws), varsetVarsPath(vs)} {
		id := wantID(t, a.createVariable(path, map[string]any{"key": "k", "category": "env"})["id"], "var")
		for _, r := range []response{
			alice.get(path), alice.get(path + "/" + id),
			alice.do(http.MethodPost, path, body("vars", map[string]any{"key": "j", "category": "env"}, nil)),
			alice.do(http.MethodPatch, path+"/"+id, body("vars", map[string]any{"value": "x"}, nil)),
			alice.do(http.MethodDelete, path+"/"+id, nil),
		} {
			wantNotFound(t, r)
		}
	}
	// A team token whose access lets it see the workspace manages them.
	devs := a.createTeam("acme", "devs")
	a.createTeamWorkspace(devs, ws, map[string]any{"access": "write"})
	tok, _ := a.server.MintTeamToken("acme", devs)
	a.as(tok).createVariable(workspaceVarsPath(ws), map[string]any{"key": "by-team", "category": "env"})
}

// A deleted workspace takes its variables.
func TestVariable_goesWithItsWorkspace(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	id := wantID(t, a.createVariable(workspaceVarsPath(ws), map[string]any{"key": "k", "category": "env"})["id"], "var")
	if r := a.do(http.MethodDelete, workspacePath(ws), nil); r.Status != http.StatusNoContent {
		t.Fatalf("delete: %d %s", r.Status, r.Body)
	}
	data, err := a.server.MarshalState()
	if err != nil || strings.Contains(string(data), id) {
		t.Errorf("the state keeps variable %s of a deleted workspace (%v)", id, err)
	}
}

// Bodies may come chunked, without Content-Length.
func TestVariable_chunkedBodies(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	vs := a.varsetID("acme", "shared")
	for _, path := range []string{workspaceVarsPath(ws), varsetVarsPath(vs)} {
		d := sendChunked(t, http.MethodPost, a.url+path, root, body("vars", map[string]any{"key": "k", "value": "v", "category": "env"}, nil)).data(t, http.StatusCreated)
		d = sendChunked(t, http.MethodPatch, a.url+path+"/"+wantID(t, d["id"], "var"), root, body("vars", map[string]any{"value": "w"}, nil)).data(t, http.StatusOK)
		wantAttrs(t, d, map[string]any{"key": "k", "value": "w"})
	}
}

func init() {
	// A workspace's variable and a set's.
	addStateFixture("vars", func(a *api) roundTrip {
		ws := a.workspaceID("acme", "state-variables")
		vs := wantID(a.t, a.createVarset("acme", map[string]any{"name": "state-variables"}, nil)["id"], "varset")
		a.createVariable(workspaceVarsPath(ws), map[string]any{"key": "k", "value": "v", "category": "env", "sensitive": true})
		a.createVariable(varsetVarsPath(vs), map[string]any{"key": "k", "value": "v", "category": "terraform", "hcl": true})
		return roundTrip{paths: []string{workspaceVarsPath(ws), varsetVarsPath(vs), workspacePath(ws) + "/all-vars"}}
	})
}
