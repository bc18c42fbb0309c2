package platform_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

func projectPath(id string) string { return "/api/v2/projects/" + id }

func TestProject_createAnswersEveryDefault(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	d := a.create(orgsPath+"/acme/projects", "projects", map[string]any{"name": "web"}, nil)
	id := wantID(t, d["id"], "prj")
	if d["type"] != "projects" {
		t.Errorf("type %v", d["type"])
	}
	wantAttrs(t, d, map[string]any{
		"name":                           "web",
		"description":                    nil,
		"auto-destroy-activity-duration": nil,
		"default-execution-mode":         "remote",
		"setting-overwrites":             map[string]any{"default-execution-mode": false, "default-agent-pool": false},
	})
	if relID(t, d, "organization", "organizations") != "acme" || relID(t, d, "default-agent-pool", "agent-pools") != "" {
		t.Errorf("relationships %v", d["relationships"])
	}
	a.wantStored(d, projectPath(id))
}

func TestProject_createTakesEveryAttribute(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	name40 := strings.Repeat("n", 38) + "-_"
	d := a.create(orgsPath+"/acme/projects", "projects", map[string]any{
		"name": name40, "description": strings.Repeat("d", 256), "auto-destroy-activity-duration": "9999h",
	}, map[string]any{"tag-bindings": bindings("env", "prod", "team", "")})
	wantAttrs(t, d, map[string]any{"name": name40, "description": strings.Repeat("d", 256), "auto-destroy-activity-duration": "9999h"})
	list := a.get(projectPath(wantID(t, d["id"], "prj")) + "/tag-bindings").list(t)
	if len(list) != 2 || attrs(t, list[0])["key"] != "env" || attrs(t, list[0])["value"] != "prod" || attrs(t, list[1])["value"] != "" {
		t.Errorf("tag bindings %v", list)
	}
	for _, name := range []string{"abc", "My Project 2", "a_b-c", "x y"} {
		a.create(orgsPath+"/acme/projects", "projects", map[string]any{"name": name}, nil)
	}
}

func TestProject_validation(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	named := func(extra map[string]any) map[string]any {
		return merged(map[string]any{"name": "web"}, extra)
	}
	// The API's words, which clients match.
	const nameRule = "Name may only contain letters, numbers, spaces, -, and _"
	const durationRule = "Auto destroy activity duration has an incorrect format, we expect up to 4 numeric digits and 1 unit ('d' or 'h')"
	a.wantCreatesRefused(orgsPath+"/acme/projects", "projects", []refusedCreate{
		{map[string]any{}, nil, attrAt("name"), "name is required"},
		{named(map[string]any{"name": "ab"}), nil, attrAt("name"), "Name is too short (minimum is 3 characters)"},
		{named(map[string]any{"name": strings.Repeat("n", 41)}), nil, attrAt("name"), "Name is too long (maximum is 40 characters)"},
		{named(map[string]any{"name": " web"}), nil, attrAt("name"), "cannot start or end with a space"},
		{named(map[string]any{"name": "! / nope"}), nil, attrAt("name"), nameRule},
		{named(map[string]any{"name": "web "}), nil, attrAt("name"), nameRule},
		{named(map[string]any{"name": "web.app"}), nil, attrAt("name"), nameRule},
		{named(map[string]any{"description": strings.Repeat("d", 257)}), nil, attrAt("description"), "at most 256 characters, not 257"},
		{named(map[string]any{"auto-destroy-activity-duration": "14"}), nil, attrAt("auto-destroy-activity-duration"), durationRule},
		{named(map[string]any{"auto-destroy-activity-duration": "12345d"}), nil, attrAt("auto-destroy-activity-duration"), durationRule},
		{named(map[string]any{"auto-destroy-activity-duration": "20m"}), nil, attrAt("auto-destroy-activity-duration"), durationRule},
		{named(nil), map[string]any{"tag-bindings": bindings("", "x")}, "/data/relationships/tag-bindings/data/0/attributes/key", "key is required"},
		{named(nil), map[string]any{"tag-bindings": bindings("a", "1", strings.Repeat("k", 129), "x")}, "/data/relationships/tag-bindings/data/1/attributes/key", "at most 128"},
		{named(nil), map[string]any{"tag-bindings": bindings("a", strings.Repeat("v", 257))}, "/data/relationships/tag-bindings/data/0/attributes/value", "at most 256"},
		{named(nil), map[string]any{"tag-bindings": bindings("a", "1", "a", "2")}, "/data/relationships/tag-bindings/data/1/attributes/key", `key "a" is given twice`},
		{named(map[string]any{"default-execution-mode": "agent"}), nil, attrAt("default-agent-pool-id"), "required when default-execution-mode is agent: it must be specified when using 'agent' execution mode"},
	})
	if list := a.get(orgsPath + "/acme/projects").list(t); len(list) != 1 {
		t.Fatalf("refused creates stored projects: %v", ids(list))
	}
}

// Names are unique within an organization, in any case: 409.
func TestProject_nameIsUniqueInItsOrganization(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	web := a.createProject("acme", "web")
	for _, name := range []string{"web", "WEB", "Default Project"} {
		wantConflictAt(t, a.do(http.MethodPost, orgsPath+"/acme/projects", body("projects", map[string]any{"name": name}, nil)), attrAt("name"), fmt.Sprintf("name %q has already been taken", name))
	}
	a.createProject("other", "web")
	api := a.createProject("acme", "api")
	wantConflict(t, a.do(http.MethodPatch, projectPath(api), body("projects", map[string]any{"name": "Web"}, nil)), "already been taken by project "+web)
	// Its own name, in another case, is no conflict.
	a.do(http.MethodPatch, projectPath(web), body("projects", map[string]any{"name": "Web"}, nil)).data(t, http.StatusOK)
}

func TestProject_updateIsPartial(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	id := a.createProject("acme", "web")
	d := a.do(http.MethodPatch, projectPath(id), body("projects", map[string]any{"description": "the site", "auto-destroy-activity-duration": "14d"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"name": "web", "description": "the site", "auto-destroy-activity-duration": "14d"})
	d = a.do(http.MethodPatch, projectPath(id), body("projects", map[string]any{"name": "site"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"name": "site", "description": "the site", "auto-destroy-activity-duration": "14d"})
	// null unsets.
	d = a.do(http.MethodPatch, projectPath(id), body("projects", map[string]any{"description": nil, "auto-destroy-activity-duration": nil}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"name": "site", "description": nil, "auto-destroy-activity-duration": nil})
	wantInvalid(t, a.do(http.MethodPatch, projectPath(id), body("projects", map[string]any{"description": "x", "name": "no"}, nil)), "/data/attributes/name", "Name is too short (minimum is 3 characters)")
	wantAttrs(t, a.get(projectPath(id)).data(t, http.StatusOK), map[string]any{"name": "site", "description": nil})
	wantNotFound(t, a.do(http.MethodPatch, projectPath("prj-1111111111111111"), body("projects", map[string]any{"name": "xyz"}, nil)))
}

func TestProject_listFiltersSortsAndPages(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	a.createProject("other", "elsewhere")
	for i := range 24 {
		a.createProject("acme", fmt.Sprintf("p%02d", i))
	}
	r := a.get(orgsPath + "/acme/projects")
	if list := r.list(t); len(list) != 20 || attrs(t, list[0])["name"] != "Default Project" || attrs(t, list[1])["name"] != "p00" {
		t.Errorf("first page: %d items, first %v", len(list), attrs(t, list[0])["name"])
	}
	if p := r.pagination(t); p["total-count"] != 25.0 || p["total-pages"] != 2.0 || p["page-size"] != 20.0 {
		t.Errorf("pagination %v", p)
	}
	a.wantNames(orgsPath+"/acme/projects?", map[string]string{
		"filter[names]=p01,p03,nope":      "p01,p03",
		"q=P2":                            "p20,p21,p22,p23",
		"q=2&sort=-name":                  "p23,p22,p21,p20,p12,p02",
		"q=2&sort=name":                   "p02,p12,p20,p21,p22,p23",
		"filter[names]=elsewhere":         "",
		"page[size]=3&page[number]=9":     "p23",
		"filter[names]=Default%20Project": "Default Project",
	})
	emutest.WantAPIError(t, a.get(orgsPath+"/acme/projects?sort=created-at"), http.StatusBadRequest, "bad request", "Invalid sort parameter")
	wantNotFound(t, a.get(orgsPath+"/nope/projects"))
}

func TestProject_deleteRefusesTheDefaultProject(t *testing.T) {
	a := newAPI(t, platform.Options{})
	def := a.createOrg("acme")
	id := a.createProject("acme", "web")
	wantConflict(t, a.do(http.MethodDelete, projectPath(def), nil), "default project")
	a.wantDeletes(projectPath(id))
}

// Tag bindings are written at both paths clients use: PATCH
// .../tag-bindings adds or updates and answers the list, POST
// .../relationships/tag-bindings adds or updates, PATCH there replaces.
func TestProject_tagBindingsAtBothPaths(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	id := a.createProject("acme", "web")
	base := projectPath(id)
	kv := func(list []map[string]any) string {
		var out []string
		for _, b := range list {
			if b["type"] != "tag-bindings" {
				t.Fatalf("binding type %v", b["type"])
			}
			wantID(t, b["id"], "tb")
			out = append(out, fmt.Sprintf("%v=%v", attrs(t, b)["key"], attrs(t, b)["value"]))
		}
		return strings.Join(out, ",")
	}

	list := a.do(http.MethodPatch, base+"/tag-bindings", bindings("env", "dev", "team", "web")).list(t)
	if got := kv(list); got != "env=dev,team=web" {
		t.Fatalf("PATCH tag-bindings answered %s", got)
	}
	envID := list[0]["id"]
	list = a.do(http.MethodPatch, base+"/tag-bindings", bindings("env", "prod")).list(t)
	if got := kv(list); got != "env=prod,team=web" || list[0]["id"] != envID {
		t.Fatalf("PATCH tag-bindings of a known key: %s (id %v, was %v)", got, list[0]["id"], envID)
	}
	if r := a.do(http.MethodPost, base+"/relationships/tag-bindings", bindings("cost", "42")); r.Status != http.StatusNoContent || r.Body != "" {
		t.Fatalf("POST relationships/tag-bindings: %d %s", r.Status, r.Body)
	}
	for _, path := range []string{base + "/tag-bindings", base + "/relationships/tag-bindings"} {
		if got := kv(a.get(path).list(t)); got != "env=prod,team=web,cost=42" {
			t.Errorf("GET %s: %s", path, got)
		}
	}
	if r := a.do(http.MethodPatch, base+"/relationships/tag-bindings", bindings("team", "api", "tier", "1")); r.Status != http.StatusNoContent {
		t.Fatalf("PATCH relationships/tag-bindings: %d %s", r.Status, r.Body)
	}
	if got := kv(a.get(base + "/tag-bindings").list(t)); got != "team=api,tier=1" {
		t.Errorf("after a replace: %s", got)
	}
	// The project's effective bindings are its own.
	eff := a.get(base + "/effective-tag-bindings").list(t)
	if len(eff) != 2 || eff[0]["type"] != "effective-tag-bindings" || attrs(t, eff[0])["key"] != "team" || relData(t, eff[0], "inherited-from") != nil {
		t.Errorf("effective bindings %v", eff)
	}
	if id, _ := eff[0]["id"].(string); len(id) != 16 {
		t.Errorf("effective binding ID %q, want 16 base58 characters", id)
	}
	// An update's tag-bindings relationship replaces them too.
	a.do(http.MethodPatch, base, body("projects", nil, map[string]any{"tag-bindings": bindings("only", "one")})).data(t, http.StatusOK)
	if got := kv(a.get(base + "/tag-bindings").list(t)); got != "only=one" {
		t.Errorf("after an update with tag-bindings: %s", got)
	}
	wantInvalid(t, a.do(http.MethodPatch, base+"/tag-bindings", bindings("", "x")), "/data/0/attributes/key", "key is required")
	wantNotFound(t, a.get(projectPath("prj-1111111111111111")+"/tag-bindings"))
}

func TestProject_includesEffectiveTagBindings(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	id := a.createProject("acme", "web")
	a.do(http.MethodPatch, projectPath(id)+"/tag-bindings", bindings("env", "prod")).list(t)
	for _, path := range []string{projectPath(id) + "?include=effective_tag_bindings", orgsPath + "/acme/projects?filter[names]=web&include=effective-tag-bindings"} {
		r := a.get(path)
		inc := r.included(t)
		if len(inc) != 1 || inc[0]["type"] != "effective-tag-bindings" || attrs(t, inc[0])["value"] != "prod" {
			t.Fatalf("%s: included %v", path, inc)
		}
		var res map[string]any
		if strings.Contains(path, "?include") && strings.HasPrefix(path, "/api/v2/projects") {
			res = r.data(t, http.StatusOK)
		} else {
			res = r.list(t)[0]
		}
		refs, _ := relData(t, res, "effective-tag-bindings").([]any)
		if len(refs) != 1 || emutest.Object(t, refs[0])["id"] != inc[0]["id"] {
			t.Errorf("%s: relationship data %v", path, refs)
		}
	}
	emutest.WantAPIError(t, a.get(projectPath(id)+"?include=workspaces"), http.StatusBadRequest, "bad request", "Invalid include parameter")
}

// A project inherits the organization's execution defaults unless it sets
// its own; setting-overwrites false goes back to inheriting.
func TestProject_executionDefaults(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	id := a.createProject("acme", "web")
	pool := a.createPool("acme", "runners")
	a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"default-execution-mode": "agent", "default-agent-pool-id": pool}, nil)).data(t, http.StatusOK)
	d := a.get(projectPath(id)).data(t, http.StatusOK)
	if attrs(t, d)["default-execution-mode"] != "agent" || relID(t, d, "default-agent-pool", "agent-pools") != pool {
		t.Fatalf("inherited: %v %v", attrs(t, d)["default-execution-mode"], relData(t, d, "default-agent-pool"))
	}
	d = a.do(http.MethodPatch, projectPath(id), body("projects", map[string]any{"default-execution-mode": "local"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"default-execution-mode": "local", "setting-overwrites": map[string]any{"default-execution-mode": true, "default-agent-pool": true}})
	if relID(t, d, "default-agent-pool", "agent-pools") != "" {
		t.Errorf("local mode with a pool %v", relData(t, d, "default-agent-pool"))
	}
	d = a.do(http.MethodPatch, projectPath(id), body("projects", map[string]any{"setting-overwrites": map[string]any{"default-execution-mode": false, "default-agent-pool": false}}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"default-execution-mode": "agent", "setting-overwrites": map[string]any{"default-execution-mode": false, "default-agent-pool": false}})
	if relID(t, d, "default-agent-pool", "agent-pools") != pool {
		t.Errorf("back to inheriting: pool %v", relData(t, d, "default-agent-pool"))
	}
}

func TestProject_visibility(t *testing.T) {
	a := newAPI(t, platform.Options{})
	aliceToken, _ := a.server.MintUserToken("alice")
	alice := a.as(aliceToken)
	a.createOrg("acme")
	id := a.createProject("acme", "web")
	for _, r := range []response{
		alice.get(projectPath(id)),
		alice.get(orgsPath + "/acme/projects"),
		alice.do(http.MethodPost, orgsPath+"/acme/projects", body("projects", map[string]any{"name": "mine"}, nil)),
		alice.do(http.MethodPatch, projectPath(id), body("projects", map[string]any{"name": "mine"}, nil)),
		alice.do(http.MethodDelete, projectPath(id), nil),
		alice.get(projectPath(id) + "/tag-bindings"),
		alice.do(http.MethodPatch, projectPath(id)+"/tag-bindings", bindings("a", "b")),
		alice.get(projectPath(id) + "/effective-tag-bindings"),
	} {
		wantNotFound(t, r)
	}
	team, _ := a.server.MintTeamToken("acme", a.createTeam("acme", "devs"))
	a.as(team).do(http.MethodPatch, projectPath(id), body("projects", map[string]any{"name": "by team"}, nil)).data(t, http.StatusOK)
}

// filter[tagged][i][key] and [value] keep the projects that have every
// key given, with its value when one is given (empty, as clients send it
// for a key alone, is any value).
func TestProject_listFiltersByTagBindings(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	for name, b := range map[string]map[string]any{
		"one": bindings("key1", "value1", "key2", "value2a"),
		"two": bindings("key2", "value2b", "key3", "value3"),
	} {
		a.create(orgsPath+"/acme/projects", "projects", map[string]any{"name": name}, map[string]any{"tag-bindings": b})
	}
	a.wantNames(orgsPath+"/acme/projects?", map[string]string{
		"filter[tagged][0][key]=key1&filter[tagged][0][value]=":                                           "one",
		"filter[tagged][0][key]=key2&filter[tagged][0][value]=":                                           "one,two",
		"filter[tagged][0][key]=key2&filter[tagged][0][value]=value2b":                                    "two",
		"filter[tagged][0][key]=key2&filter[tagged][1][key]=key3":                                         "two",
		"filter[tagged][0][key]=key1&filter[tagged][1][key]=key3":                                         "",
		"filter[tagged][0][key]=nope":                                                                     "",
		"q=o&filter[tagged][0][key]=key2&filter[tagged][0][value]=value2a&include=effective_tag_bindings": "one",
	})
	if list := a.get(orgsPath + "/acme/projects").list(t); len(list) != 3 {
		t.Errorf("without a filter: %v", ids(list))
	}
}

// A project's settings are what its workspaces inherit while their own
// setting-overwrites are false; a project that overwrites nothing passes
// the organization's defaults on. The incumbent provider's project
// settings send both overwrites with the mode and a pool ID, "" but in
// agent mode.
func TestProject_settingsAreWhatItsWorkspacesInherit(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	prj := a.createProject("acme", "web")
	pool := a.createPool("acme", "runners")
	ws := wantID(t, a.createWorkspace("acme", map[string]any{"name": "site"}, map[string]any{"project": rel("projects", prj)})["id"], "ws")
	other := a.workspaceID("acme", "elsewhere")
	settings := func(mode, poolID string, overwrite bool) map[string]any {
		return body("projects", map[string]any{
			"default-execution-mode": mode, "default-agent-pool-id": poolID,
			"setting-overwrites": map[string]any{"default-execution-mode": overwrite, "default-agent-pool": overwrite},
		}, nil)
	}
	execution := func(id string) (string, string) {
		d := a.get(workspacePath(id)).data(t, http.StatusOK)
		mode, _ := attrs(t, d)["execution-mode"].(string)
		return mode, relID(t, d, "agent-pool", "agent-pools")
	}

	d := a.do(http.MethodPatch, projectPath(prj), settings("agent", pool, true)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"default-execution-mode": "agent", "setting-overwrites": map[string]any{"default-execution-mode": true, "default-agent-pool": true}})
	if relID(t, d, "default-agent-pool", "agent-pools") != pool {
		t.Errorf("default-agent-pool %v", relData(t, d, "default-agent-pool"))
	}
	if mode, p := execution(ws); mode != "agent" || p != pool {
		t.Errorf("the project's workspace runs %s on %q, want agent on %s", mode, p, pool)
	}
	wantAttrs(t, a.get(workspacePath(ws)).data(t, http.StatusOK), map[string]any{"setting-overwrites": map[string]any{"execution-mode": false, "agent-pool": false}})
	if mode, _ := execution(other); mode != "remote" {
		t.Errorf("a workspace of another project runs %s, want the organization's remote", mode)
	}

	// A workspace's own settings win over its project's.
	a.do(http.MethodPatch, workspacePath(ws), body("workspaces", map[string]any{"execution-mode": "local"}, nil)).data(t, http.StatusOK)
	a.do(http.MethodPatch, projectPath(prj), settings("remote", "", true)).data(t, http.StatusOK)
	if mode, _ := execution(ws); mode != "local" {
		t.Errorf("the workspace's own mode gave way: %s", mode)
	}
	a.do(http.MethodPatch, workspacePath(ws), body("workspaces", map[string]any{"setting-overwrites": map[string]any{"execution-mode": false, "agent-pool": false}}, nil)).data(t, http.StatusOK)
	if mode, p := execution(ws); mode != "remote" || p != "" {
		t.Errorf("back to the project's: %s on %q", mode, p)
	}

	// Unset, the project passes the organization's defaults on.
	a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"default-execution-mode": "local"}, nil)).data(t, http.StatusOK)
	d = a.do(http.MethodPatch, projectPath(prj), body("projects", map[string]any{
		"setting-overwrites": map[string]any{"default-execution-mode": false, "default-agent-pool": false},
	}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"default-execution-mode": "local"})
	if mode, _ := execution(ws); mode != "local" {
		t.Errorf("the workspace runs %s, want the organization's local through its project", mode)
	}

	// The API's words for a pool without agent mode and agent mode
	// without a pool.
	wantInvalid(t, a.do(http.MethodPatch, projectPath(prj), settings("remote", pool, true)), "/data/attributes/default-agent-pool-id", "must not be specified unless using 'agent' execution mode")
	wantInvalid(t, a.do(http.MethodPatch, projectPath(prj), settings("agent", "", true)), "/data/attributes/default-agent-pool-id", "must be specified when using 'agent' execution mode")
}

func init() {
	refuseStates(stateInOrg(),
		stateFile("projects", stateProject),
		stateFile("organizations", stateOrg, "projects", strings.Replace(stateProject, `}`, `,"tag-bindings":[{"id":"x","key":"k"}]}`, 1)),
	)
	addStateFixture("projects", func(a *api) roundTrip {
		prj := a.createProject("acme", "state-project")
		a.do(http.MethodPatch, projectPath(prj), body("projects", map[string]any{"description": "d", "default-execution-mode": "local"},
			map[string]any{"tag-bindings": bindings("env", "prod")})).data(a.t, http.StatusOK)
		return roundTrip{paths: []string{
			projectPath(prj), projectPath(prj) + "/tag-bindings", projectPath(prj) + "/effective-tag-bindings", orgsPath + "/acme/projects",
		}}
	})
}
