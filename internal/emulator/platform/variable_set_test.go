package platform_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

func varsetPath(id string) string { return "/api/v2/varsets/" + id }

// createVarset creates a variable set of org and returns its answer.
func (a *api) createVarset(org string, attrs, rels map[string]any) map[string]any {
	a.t.Helper()
	return a.create(orgsPath+"/"+org+"/varsets", "varsets", attrs, rels)
}

func (a *api) varsetID(org, name string) string {
	a.t.Helper()
	return wantID(a.t, a.createVarset(org, map[string]any{"name": name}, nil)["id"], "varset")
}

// refs is a to-many relationship of a request naming objects of typ.
func refs(typ string, ids ...string) map[string]any {
	list := []any{}
	for _, id := range ids {
		list = append(list, map[string]any{"type": typ, "id": id})
	}
	return map[string]any{"data": list}
}

// relIDs returns the IDs a to-many relationship names, after checking
// their type.
func relIDs(t *testing.T, res map[string]any, name, typ string) string {
	t.Helper()
	list, ok := relData(t, res, name).([]any)
	if !ok {
		t.Fatalf("relationship %s of %v is not a list", name, res)
	}
	var out []string
	for _, item := range list {
		m := emutest.Object(t, item)
		if m["type"] != typ {
			t.Fatalf("relationship %s names %v, want type %s", name, m, typ)
		}
		out = append(out, fmt.Sprint(m["id"]))
	}
	return strings.Join(out, ",")
}

// vars is a vars relationship of new variables, each key=category.
func vars(kc ...string) map[string]any {
	list := []any{}
	for _, item := range kc {
		key, category, _ := strings.Cut(item, "=")
		list = append(list, map[string]any{"type": "vars", "attributes": map[string]any{"key": key, "value": "v-" + key, "category": category}})
	}
	return map[string]any{"data": list}
}

func TestVariableSet_createAnswersEveryDefault(t *testing.T) {
	a := newAPI(t, platform.Options{})
	clk := newClock(a)
	a.createOrg("acme")
	d := a.createVarset("acme", map[string]any{"name": "shared"}, nil)
	id := wantID(t, d["id"], "varset")
	if d["type"] != "varsets" {
		t.Errorf("type %v", d["type"])
	}
	wantAttrs(t, d, map[string]any{
		"name": "shared", "description": "", "global": false, "priority": false,
		"var-count": 0, "workspace-count": 0, "project-count": 0,
		"created-at": "2025-06-01T12:00:00.000Z", "updated-at": "2025-06-01T12:00:00.000Z",
	})
	if relID(t, d, "organization", "organizations") != "acme" || relID(t, d, "parent", "organizations") != "acme" {
		t.Errorf("relationships %v", d["relationships"])
	}
	for _, name := range []string{"vars", "workspaces", "projects", "stacks"} {
		if !emutest.EqualJSON(t, relData(t, d, name), []any{}) {
			t.Errorf("relationship %s: %v", name, relData(t, d, name))
		}
	}
	clk.advance(1)
	a.wantStored(d, varsetPath(id))
}

func TestVariableSet_createTakesEveryMember(t *testing.T) {
	a := newAPI(t, platform.Options{})
	prj := a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	d := a.createVarset("acme", map[string]any{"name": "shared", "description": "for all", "priority": true, "global": false},
		map[string]any{"workspaces": refs("workspaces", ws, ws), "projects": refs("projects", prj), "vars": vars("region=terraform", "region=env")})
	wantAttrs(t, d, map[string]any{"description": "for all", "priority": true, "var-count": 2, "workspace-count": 1, "project-count": 1})
	if relIDs(t, d, "workspaces", "workspaces") != ws || relIDs(t, d, "projects", "projects") != prj {
		t.Errorf("relationships %v", d["relationships"])
	}
	list := a.get(varsetVarsPath(wantID(t, d["id"], "varset"))).list(t)
	if len(list) != 2 || relIDs(t, d, "vars", "vars") != strings.Join(ids(list), ",") {
		t.Fatalf("vars %v, relationship %v", ids(list), relIDs(t, d, "vars", "vars"))
	}
	wantAttrs(t, list[0], map[string]any{"key": "region", "category": "env", "value": "v-region"})
	versionOf(t, list[0])
}

func TestVariableSet_validation(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	elsewhere := a.workspaceID("other", "web")
	named := map[string]any{"name": "shared"}
	a.wantCreatesRefused(orgsPath+"/acme/varsets", "varsets", []refusedCreate{
		{map[string]any{}, nil, attrAt("name"), "name is required"},
		{map[string]any{"name": " "}, nil, attrAt("name"), "name must not be blank"},
		{map[string]any{"name": "shared", "global": "always"}, nil, attrAt("global"), "must be true or false"},
		{named, map[string]any{"workspaces": refs("workspaces", "ws-1111111111111111")}, "/data/relationships/workspaces/data/0/id", "not a workspace of this organization"},
		{named, map[string]any{"workspaces": refs("workspaces", elsewhere)}, "/data/relationships/workspaces/data/0/id", "not a workspace of this organization"},
		{named, map[string]any{"projects": refs("projects", "prj-1111111111111111")}, "/data/relationships/projects/data/0/id", "not a project of this organization"},
		{named, map[string]any{"vars": vars("a=terraform", "b=cloud")}, "/data/relationships/vars/data/1/attributes/category", "must be terraform or env"},
		{named, map[string]any{"vars": vars("a=terraform", "a=terraform")}, "/data/relationships/vars/data/1/attributes/key", `variable "a" of category terraform is given twice`},
		{named, map[string]any{"parent": rel("organizations", "other")}, "/data/relationships/parent/data", "its own organization"},
		{named, map[string]any{"parent": rel("projects", "prj-1111111111111111")}, "/data/relationships/parent/data", "is not a project of organization"},
	})
	if list := a.get(orgsPath + "/acme/varsets").list(t); len(list) != 0 {
		t.Fatalf("refused creates stored sets: %v", ids(list))
	}
	wantNotFound(t, a.do(http.MethodPost, orgsPath+"/nope/varsets", body("varsets", named, nil)))
}

// Names are unique within an organization, in any case: 409.
func TestVariableSet_nameIsUniqueInItsOrganization(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	shared := a.varsetID("acme", "shared")
	r := a.do(http.MethodPost, orgsPath+"/acme/varsets", body("varsets", map[string]any{"name": "SHARED"}, nil))
	wantConflict(t, r, `name "SHARED" has already been taken by variable set `+shared)
	a.varsetID("other", "shared")
	creds := a.varsetID("acme", "creds")
	wantConflict(t, a.do(http.MethodPatch, varsetPath(creds), body("varsets", map[string]any{"name": "Shared"}, nil)), "already been taken by variable set "+shared)
}

// PUT and PATCH both update, partially; given workspaces and projects
// replace the assignments (empty clears them); vars add variables.
func TestVariableSet_update(t *testing.T) {
	a := newAPI(t, platform.Options{})
	prj := a.createOrg("acme")
	web, api := a.workspaceID("acme", "web"), a.workspaceID("acme", "api")
	id := wantID(t, a.createVarset("acme", map[string]any{"name": "shared", "description": "d"}, map[string]any{"workspaces": refs("workspaces", web), "vars": vars("a=env")})["id"], "varset")
	d := a.do(http.MethodPut, varsetPath(id), body("varsets", map[string]any{"priority": true}, map[string]any{"workspaces": refs("workspaces", api, web)})).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"name": "shared", "description": "d", "priority": true, "var-count": 1})
	if relIDs(t, d, "workspaces", "workspaces") != api+","+web {
		t.Errorf("workspaces %v", relIDs(t, d, "workspaces", "workspaces"))
	}
	d = a.do(http.MethodPatch, varsetPath(id), body("varsets", map[string]any{"name": "renamed", "description": nil},
		map[string]any{"workspaces": refs("workspaces"), "projects": refs("projects", prj), "vars": vars("b=env")})).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"name": "renamed", "description": "", "priority": true, "var-count": 2, "workspace-count": 0, "project-count": 1})
	wantInvalid(t, a.do(http.MethodPatch, varsetPath(id), body("varsets", nil, map[string]any{"vars": vars("a=env")})),
		"/data/relationships/vars/data/0/attributes/key", `key "a" has already been taken`)
	wantInvalid(t, a.do(http.MethodPatch, varsetPath(id), body("varsets", map[string]any{"name": "x"}, map[string]any{"projects": refs("projects", "prj-1111111111111111")})),
		"/data/relationships/projects/data/0/id", "not a project")
	wantAttrs(t, a.get(varsetPath(id)).data(t, http.StatusOK), map[string]any{"name": "renamed", "project-count": 1})
	wantNotFound(t, a.do(http.MethodPatch, varsetPath("varset-1111111111111111"), body("varsets", map[string]any{"name": "x"}, nil)))
}

// A project may own a set: the parent relationship names it, cannot
// change, and keeps the set from being global; the set is assigned to that
// project and its workspaces only.
func TestVariableSet_projectParent(t *testing.T) {
	a := newAPI(t, platform.Options{})
	def := a.createOrg("acme")
	web := a.createProject("acme", "web")
	inside := wantID(t, a.createWorkspace("acme", map[string]any{"name": "inside"}, map[string]any{"project": rel("projects", web)})["id"], "ws")
	outside := a.workspaceID("acme", "outside")
	d := a.createVarset("acme", map[string]any{"name": "web vars"}, map[string]any{"parent": rel("projects", web), "projects": refs("projects", web), "workspaces": refs("workspaces", inside)})
	id := wantID(t, d["id"], "varset")
	if relID(t, d, "parent", "projects") != web || relID(t, d, "organization", "organizations") != "acme" {
		t.Errorf("relationships %v", d["relationships"])
	}
	wantInvalid(t, a.do(http.MethodPost, orgsPath+"/acme/varsets", body("varsets", map[string]any{"name": "g", "global": true}, map[string]any{"parent": rel("projects", web)})),
		"/data/attributes/global", "owned by a project cannot be global")
	wantInvalid(t, a.do(http.MethodPatch, varsetPath(id), body("varsets", map[string]any{"global": true}, nil)), "/data/attributes/global", "cannot be global")
	wantInvalid(t, a.do(http.MethodPatch, varsetPath(id), body("varsets", nil, map[string]any{"parent": rel("organizations", "acme")})), "/data/relationships/parent/data", "cannot change")
	a.do(http.MethodPatch, varsetPath(id), body("varsets", nil, map[string]any{"parent": rel("projects", web)})).data(t, http.StatusOK)
	wantInvalid(t, a.do(http.MethodPost, varsetPath(id)+"/relationships/workspaces", refs("workspaces", outside)), "/data/0/id", "is not in project "+web)
	wantInvalid(t, a.do(http.MethodPost, varsetPath(id)+"/relationships/projects", refs("projects", def)), "/data/0/id", "assigned to that project only")
	// The organization is a parent by name; its set cannot move to a project.
	org := a.createVarset("acme", map[string]any{"name": "org vars"}, map[string]any{"parent": rel("organizations", "acme")})
	if relID(t, org, "parent", "organizations") != "acme" {
		t.Errorf("relationships %v", org["relationships"])
	}
	wantInvalid(t, a.do(http.MethodPatch, varsetPath(wantID(t, org["id"], "varset")), body("varsets", nil, map[string]any{"parent": rel("projects", web)})), "/data/relationships/parent/data", "cannot change")
}

// The organization, as a parent, is matched by its name in any case, as
// the platform matches it in paths: the set is the organization's, and the
// answer names it as it is kept. Another organization is still refused.
func TestVariableSet_parentOrganizationInAnyCase(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	d := a.createVarset("acme", map[string]any{"name": "org vars"}, map[string]any{"parent": rel("organizations", "ACME")})
	if relID(t, d, "parent", "organizations") != "acme" || relID(t, d, "organization", "organizations") != "acme" {
		t.Errorf("relationships %v, want the parent and organization acme", d["relationships"])
	}
	id := wantID(t, d["id"], "varset")
	a.do(http.MethodPatch, varsetPath(id), body("varsets", map[string]any{"name": "renamed"}, map[string]any{"parent": rel("organizations", "aCmE")})).data(t, http.StatusOK)
	wantInvalid(t, a.do(http.MethodPost, orgsPath+"/acme/varsets", body("varsets", map[string]any{"name": "x"}, map[string]any{"parent": rel("organizations", "OTHER")})),
		"/data/relationships/parent/data", "its own organization")
}

// Global sets apply everywhere: they are assigned to nothing, and two
// global sets of an organization cannot share a variable (key and
// category): 422.
func TestVariableSet_globalSets(t *testing.T) {
	a := newAPI(t, platform.Options{})
	prj := a.createOrg("acme")
	a.createOrg("other")
	ws := a.workspaceID("acme", "web")
	first := a.createVarset("acme", map[string]any{"name": "first", "global": true}, map[string]any{"vars": vars("region=terraform")})
	firstID := wantID(t, first["id"], "varset")
	a.createVarset("other", map[string]any{"name": "first", "global": true}, map[string]any{"vars": vars("region=terraform")})
	wantInvalid(t, a.do(http.MethodPost, orgsPath+"/acme/varsets", body("varsets", map[string]any{"name": "second", "global": "true"}, map[string]any{"vars": vars("x=env", "region=terraform")})),
		"/data/attributes/global", `variable "region" of category terraform is in global variable set `+firstID+" too")
	second := wantID(t, a.createVarset("acme", map[string]any{"name": "second", "global": true}, map[string]any{"vars": vars("region=env")})["id"], "varset")
	wantInvalid(t, a.do(http.MethodPost, varsetVarsPath(second), body("vars", map[string]any{"key": "region", "category": "terraform"}, nil)),
		"/data/attributes/key", "is in global variable set "+firstID+" too")
	env := wantID(t, a.get(varsetVarsPath(second)).list(t)[0]["id"], "var")
	wantInvalid(t, a.do(http.MethodPatch, varsetVarsPath(second)+"/"+env, body("vars", map[string]any{"category": "terraform"}, nil)), "/data/attributes/key", "too")

	// A set that is not global may share them, until it becomes global.
	third := wantID(t, a.createVarset("acme", map[string]any{"name": "third"}, map[string]any{"vars": vars("region=terraform"), "workspaces": refs("workspaces", ws), "projects": refs("projects", prj)})["id"], "varset")
	wantInvalid(t, a.do(http.MethodPatch, varsetPath(third), body("varsets", map[string]any{"global": true}, nil)), "/data/attributes/global", "in global variable set "+firstID)
	// Becoming global drops the assignments; a global set takes none.
	a.do(http.MethodDelete, varsetVarsPath(third)+"/"+wantID(t, a.get(varsetVarsPath(third)).list(t)[0]["id"], "var"), nil)
	d := a.do(http.MethodPatch, varsetPath(third), body("varsets", map[string]any{"global": true}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"global": true, "workspace-count": 0, "project-count": 0})
	wantInvalid(t, a.do(http.MethodPatch, varsetPath(third), body("varsets", nil, map[string]any{"workspaces": refs("workspaces", ws)})), "/data/attributes/global", "cannot be assigned")
	for _, kind := range []string{"workspaces", "projects"} {
		wantInvalid(t, a.do(http.MethodPost, varsetPath(third)+"/relationships/"+kind, refs(kind, ws)), "/data", "is global")
	}
}

// POST adds, DELETE removes the workspaces or projects the body names;
// both answer 204 and change nothing for what is already so.
func TestVariableSet_assignments(t *testing.T) {
	a := newAPI(t, platform.Options{})
	prj := a.createOrg("acme")
	web, api := a.workspaceID("acme", "web"), a.workspaceID("acme", "api")
	id := a.varsetID("acme", "shared")
	send := func(method, kind string, doc map[string]any) {
		t.Helper()
		if r := a.do(method, varsetPath(id)+"/relationships/"+kind, doc); r.Status != http.StatusNoContent || r.Body != "" {
			t.Fatalf("%s %s: %d %s", method, kind, r.Status, r.Body)
		}
	}
	send(http.MethodPost, "workspaces", refs("workspaces", web))
	send(http.MethodPost, "workspaces", refs("workspaces", api, web))
	send(http.MethodPost, "projects", refs("projects", prj))
	d := a.get(varsetPath(id)).data(t, http.StatusOK)
	if relIDs(t, d, "workspaces", "workspaces") != web+","+api || relIDs(t, d, "projects", "projects") != prj {
		t.Errorf("assignments %v", d["relationships"])
	}
	send(http.MethodDelete, "workspaces", refs("workspaces", web, web))
	send(http.MethodDelete, "projects", refs("projects", prj))
	send(http.MethodDelete, "projects", refs("projects", prj))
	d = a.get(varsetPath(id)).data(t, http.StatusOK)
	if relIDs(t, d, "workspaces", "workspaces") != api || relIDs(t, d, "projects", "projects") != "" {
		t.Errorf("assignments %v", d["relationships"])
	}
	wantInvalid(t, a.do(http.MethodPost, varsetPath(id)+"/relationships/workspaces", refs("workspaces", web, "ws-1111111111111111")), "/data/1/id", "not a workspace of this organization")
	wantInvalid(t, a.do(http.MethodPost, varsetPath(id)+"/relationships/projects", refs("projects", web)), "/data/0/id", "not a project of this organization")
	wantNotFound(t, a.do(http.MethodPost, varsetPath("varset-1111111111111111")+"/relationships/workspaces", refs("workspaces", web)))
}

// Lists: an organization's sets (q searches names), a project's (global
// and assigned to it), a workspace's (global, assigned to it or to its
// project); by name, by pages.
func TestVariableSet_lists(t *testing.T) {
	a := newAPI(t, platform.Options{})
	def := a.createOrg("acme")
	web := a.createProject("acme", "web")
	a.createOrg("other")
	a.createVarset("other", map[string]any{"name": "foreign", "global": true}, nil)
	inWeb := wantID(t, a.createWorkspace("acme", map[string]any{"name": "in-web"}, map[string]any{"project": rel("projects", web)})["id"], "ws")
	inDef := a.workspaceID("acme", "in-default")
	a.createVarset("acme", map[string]any{"name": "Global", "global": true}, nil)
	a.createVarset("acme", map[string]any{"name": "to web"}, map[string]any{"projects": refs("projects", web)})
	a.createVarset("acme", map[string]any{"name": "to in-web"}, map[string]any{"workspaces": refs("workspaces", inWeb)})
	a.createVarset("acme", map[string]any{"name": "to default"}, map[string]any{"projects": refs("projects", def), "workspaces": refs("workspaces", inDef)})
	a.createVarset("acme", map[string]any{"name": "unused"}, nil)
	a.wantNames("", map[string]string{
		orgsPath + "/acme/varsets":                             "Global,to default,to in-web,to web,unused",
		orgsPath + "/acme/varsets?q=TO":                        "to default,to in-web,to web",
		orgsPath + "/acme/varsets?page[size]=2&page[number]=3": "unused",
		projectPath(web) + "/varsets":                          "Global,to web",
		projectPath(def) + "/varsets":                          "Global,to default",
		workspacePath(inWeb) + "/varsets":                      "Global,to in-web,to web",
		workspacePath(inDef) + "/varsets":                      "Global,to default",
		workspacePath(inDef) + "/varsets?q=glo":                "Global",
	})
	for _, path := range []string{orgsPath + "/nope/varsets", projectPath("prj-1111111111111111") + "/varsets", workspacePath("ws-1111111111111111") + "/varsets"} {
		wantNotFound(t, a.get(path))
	}
}

// include= may be empty, use hyphens or underscores, and name stacks, a
// feature the emulator does not hold, which adds nothing.
func TestVariableSet_includes(t *testing.T) {
	a := newAPI(t, platform.Options{})
	prj := a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	id := wantID(t, a.createVarset("acme", map[string]any{"name": "shared"}, map[string]any{"workspaces": refs("workspaces", ws), "projects": refs("projects", prj), "vars": vars("a=env")})["id"], "varset")
	included := func(path string) string {
		var out []string
		for _, res := range a.get(path).included(t) {
			out = append(out, fmt.Sprint(res["type"]))
		}
		return strings.Join(out, ",")
	}
	for query, want := range map[string]string{
		"":                         "",
		"include=":                 "",
		"include=stacks":           "",
		"include=vars":             "vars",
		"include=workspaces,vars":  "workspaces,vars",
		"include=projects,stacks,": "projects",
	} {
		for _, path := range []string{varsetPath(id), orgsPath + "/acme/varsets", workspacePath(ws) + "/varsets", projectPath(prj) + "/varsets"} {
			if got := included(path + "?" + query); got != want {
				t.Errorf("%s?%s includes %s, want %s", path, query, got, want)
			}
		}
	}
	emutest.WantAPIError(t, a.get(varsetPath(id)+"?include=organization"), http.StatusBadRequest, "bad request", "Invalid include parameter")
}

// Deleting a set deletes its variables; a deleted workspace or project
// leaves the sets' assignments, and a project takes the sets it owns.
func TestVariableSet_deletes(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	web := a.createProject("acme", "web")
	ws := a.workspaceID("acme", "api")
	shared := a.createVarset("acme", map[string]any{"name": "shared"}, map[string]any{"workspaces": refs("workspaces", ws), "projects": refs("projects", web), "vars": vars("a=env")})
	owned := a.createVarset("acme", map[string]any{"name": "owned"}, map[string]any{"parent": rel("projects", web), "vars": vars("b=env")})
	doomed := a.createVarset("acme", map[string]any{"name": "doomed"}, map[string]any{"vars": vars("c=env")})
	varOf := func(d map[string]any) string { return relIDs(t, d, "vars", "vars") }
	for _, path := range []string{workspacePath(ws), projectPath(web), varsetPath(wantID(t, doomed["id"], "varset"))} {
		if r := a.do(http.MethodDelete, path, nil); r.Status != http.StatusNoContent {
			t.Fatalf("delete %s: %d %s", path, r.Status, r.Body)
		}
	}
	d := a.get(varsetPath(wantID(t, shared["id"], "varset"))).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"workspace-count": 0, "project-count": 0, "var-count": 1})
	wantNotFound(t, a.get(varsetPath(wantID(t, owned["id"], "varset"))))
	wantNotFound(t, a.get(varsetPath(wantID(t, doomed["id"], "varset"))))
	data, err := a.server.MarshalState()
	if err != nil {
		t.Fatal(err)
	}
	for _, gone := range []string{varOf(owned), varOf(doomed)} {
		if strings.Contains(string(data), gone) {
			t.Errorf("the state keeps variable %s of a deleted set", gone)
		}
	}
	// Deleting the organization deletes the rest.
	if r := a.do(http.MethodDelete, orgsPath+"/acme", nil); r.Status != http.StatusNoContent {
		t.Fatalf("delete: %d %s", r.Status, r.Body)
	}
	if data, _ := a.server.MarshalState(); strings.Contains(string(data), varOf(shared)) || strings.Contains(string(data), "varset-") {
		t.Errorf("the state keeps the sets of a deleted organization: %s", data)
	}
}

// Bodies may come chunked, without Content-Length.
func TestVariableSet_chunkedBodies(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	d := sendChunked(t, http.MethodPost, a.url+orgsPath+"/acme/varsets", root, body("varsets", map[string]any{"name": "shared"}, map[string]any{"vars": vars("a=env")})).data(t, http.StatusCreated)
	id := wantID(t, d["id"], "varset")
	d = sendChunked(t, http.MethodPut, a.url+varsetPath(id), root, body("varsets", map[string]any{"priority": true}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"priority": true, "var-count": 1})
	if r := sendChunked(t, http.MethodPost, a.url+varsetPath(id)+"/relationships/workspaces", root, refs("workspaces", ws)); r.Status != http.StatusNoContent {
		t.Fatalf("assign: %d %s", r.Status, r.Body)
	}
}

// Variable sets and variables come back from the state file as they were
// answered.
func TestVariableSet_stateRoundTrip(t *testing.T) {
	a := newAPI(t, platform.Options{})
	prj := a.createOrg("acme")
	web := a.createProject("acme", "web")
	ws := a.workspaceID("acme", "api")
	shared := wantID(t, a.createVarset("acme", map[string]any{"name": "shared", "description": "d", "priority": true},
		map[string]any{"workspaces": refs("workspaces", ws), "projects": refs("projects", prj), "vars": vars("a=env", "b=terraform")})["id"], "varset")
	owned := wantID(t, a.createVarset("acme", map[string]any{"name": "owned"}, map[string]any{"parent": rel("projects", web)})["id"], "varset")
	global := wantID(t, a.createVarset("acme", map[string]any{"name": "global", "global": true}, nil)["id"], "varset")
	secret := wantID(t, a.createVariable(workspaceVarsPath(ws), map[string]any{"key": "pw", "value": "s3cret", "category": "terraform", "sensitive": true, "hcl": true, "description": "x"})["id"], "var")

	paths := []string{
		varsetPath(shared) + "?include=vars,workspaces,projects", varsetPath(owned), varsetPath(global), orgsPath + "/acme/varsets",
		workspacePath(ws) + "/varsets", varsetVarsPath(shared), workspaceVarsPath(ws), workspaceVarsPath(ws) + "/" + secret,
	}
	b, data := a.reload(paths...)
	// The file holds the sensitive value, which the API never answers: the
	// same file again says that it was kept.
	if !strings.Contains(string(data), `"s3cret"`) {
		t.Error("the state file does not hold the sensitive value")
	}
	b.wantState(data)
}

func init() {
	// Variable sets, of an organization in the file, with a name, each name
	// once, assigned to its own workspaces and projects, owned by one of its
	// projects or by it, and not global when a project owns them; their
	// variables, of a set in the file, of a category, with a version.
	const set = `{"id":"varset-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","name":"shared","global":false,"priority":false,"workspaces":[],"projects":["prj-AAAAAAAAAAAAAAAA"]}`
	const v = `{"id":"var-AAAAAAAAAAAAAAAA","varset":"varset-AAAAAAAAAAAAAAAA","key":"k","value":"","category":"env","hcl":false,"sensitive":false,"version-id":"abc"}`
	refuseStates(stateInOrgs("varsets", set, "vars", v),
		stateInOrgs("varsets", strings.Replace(set, `"shared"`, `""`, 1)),
		stateInOrgs("varsets", strings.Replace(set, `"org-AAAAAAAAAAAAAAAA"`, `"org-CCCCCCCCCCCCCCCC"`, 1)),
		stateInOrgs("varsets", strings.Replace(set, `"prj-AAAAAAAAAAAAAAAA"`, `"prj-BBBBBBBBBBBBBBBB"`, 1)),
		stateInOrgs("varsets", strings.Replace(set, `"workspaces":[]`, `"workspaces":["ws-AAAAAAAAAAAAAAAA"]`, 1)),
		stateInOrgs("varsets", strings.Replace(set, `"name"`, `"parent-project":"prj-BBBBBBBBBBBBBBBB","name"`, 1)),
		stateInOrgs("varsets", strings.Replace(set, `"global":false`, `"parent-project":"prj-AAAAAAAAAAAAAAAA","global":true`, 1)),
		stateInOrgs("varsets", set+","+strings.Replace(set, "varset-AAAA", "varset-BBBB", 1)),
		stateFile("organizations", stateOrg, "projects", stateProject+`,{"id":"prj-CCCCCCCCCCCCCCCC","organization":"org-AAAAAAAAAAAAAAAA","name":"web"}`,
			"varsets", strings.Replace(set, `"name"`, `"parent-project":"prj-CCCCCCCCCCCCCCCC","name"`, 1)),
		stateInOrgs("vars", v),
		stateInOrgs("varsets", set, "vars", strings.Replace(v, `"env"`, `"secret"`, 1)),
		stateInOrgs("varsets", set, "vars", strings.Replace(v, `"abc"`, `""`, 1)),
		stateInOrgs("varsets", set, "vars", strings.Replace(v, `"varset"`, `"workspace":"ws-AAAAAAAAAAAAAAAA","varset"`, 1)),
	)
	// A set assigned to a workspace and a project, and a set a project owns.
	addStateFixture("varsets", func(a *api) roundTrip {
		ws, prj := a.workspaceID("acme", "state-varset-user"), a.createProject("acme", "state-varset-project")
		vs := wantID(a.t, a.createVarset("acme", map[string]any{"name": "state-shared", "priority": true},
			map[string]any{"workspaces": refs("workspaces", ws), "projects": refs("projects", prj)})["id"], "varset")
		a.createVarset("acme", map[string]any{"name": "state-owned"}, map[string]any{"parent": rel("projects", prj)})
		return roundTrip{paths: []string{varsetPath(vs), orgsPath + "/acme/varsets", projectPath(prj) + "/varsets", workspacePath(ws) + "/varsets"}}
	})
}
