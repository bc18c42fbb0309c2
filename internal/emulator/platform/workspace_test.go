package platform_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

func workspacePath(id string) string { return "/api/v2/workspaces/" + id }

// createWorkspace creates a workspace of org with attrs and rels and
// returns its answer.
func (a *api) createWorkspace(org string, attrs, rels map[string]any) map[string]any {
	a.t.Helper()
	return a.create(orgsPath+"/"+org+"/workspaces", "workspaces", attrs, rels)
}

func (a *api) workspaceID(org, name string) string {
	a.t.Helper()
	return wantID(a.t, a.createWorkspace(org, map[string]any{"name": name}, nil)["id"], "ws")
}

func TestWorkspace_createAnswersEveryDefault(t *testing.T) {
	a := newAPI(t, platform.Options{})
	defaultProject := a.createOrg("acme")
	d := a.createWorkspace("acme", map[string]any{"name": "web"}, nil)
	id := wantID(t, d["id"], "ws")
	if d["type"] != "workspaces" {
		t.Errorf("type %v", d["type"])
	}
	wantAttrs(t, d, map[string]any{
		"name":                           "web",
		"allow-destroy-plan":             true,
		"assessments-enabled":            false,
		"auto-apply":                     false,
		"auto-apply-run-trigger":         false,
		"auto-destroy-at":                nil,
		"auto-destroy-activity-duration": nil,
		"inherits-project-auto-destroy":  true,
		"description":                    nil,
		"execution-mode":                 "remote",
		"operations":                     true,
		"file-triggers-enabled":          true,
		"global-remote-state":            false,
		"project-remote-state":           false,
		"queue-all-runs":                 false,
		"source-name":                    nil,
		"source-url":                     nil,
		"speculative-enabled":            true,
		"structured-run-output-enabled":  true,
		"terraform-version":              platform.DefaultTerraformVersion,
		"trigger-prefixes":               []string{},
		"trigger-patterns":               []string{},
		"working-directory":              "",
		"vcs-repo":                       nil,
		"setting-overwrites":             map[string]any{"execution-mode": false, "agent-pool": false},
		"hyok-enabled":                   false,
		"tag-names":                      []string{},
		"resource-count":                 0,
		"apply-duration-average":         nil,
		"plan-duration-average":          nil,
		"policy-check-failures":          nil,
		"run-failures":                   nil,
		"workspace-kpis-runs-count":      nil,
		"locked":                         false,
		"environment":                    "default",
		"source":                         "tfe-api",
		"actions":                        map[string]any{"is-destroyable": true},
	})
	if perms := emutest.Object(t, attrs(t, d)["permissions"]); perms["can-force-delete"] != true || perms["can-update"] != true {
		t.Errorf("permissions %v", perms)
	}
	for _, at := range []string{"created-at", "updated-at"} {
		if v, _ := attrs(t, d)[at].(string); !strings.HasSuffix(v, "Z") {
			t.Errorf("%s %q", at, v)
		}
	}
	// A workspace created without a project lands in the default project.
	if relID(t, d, "project", "projects") != defaultProject || relID(t, d, "organization", "organizations") != "acme" ||
		relID(t, d, "agent-pool", "agent-pools") != "" || relID(t, d, "current-run", "runs") != "" {
		t.Errorf("relationships %v", d["relationships"])
	}
	if links := emutest.Object(t, d["links"]); links["self"] != "/api/v2/organizations/acme/workspaces/web" || links["self-html"] != "/app/acme/workspaces/web" {
		t.Errorf("links %v", links)
	}
	// Read by ID and by organization and name answer alike.
	for _, path := range []string{workspacePath(id), orgsPath + "/acme/workspaces/web"} {
		if got := a.get(path).data(t, http.StatusOK); !emutest.EqualJSON(t, got, d) {
			t.Errorf("%s: %v\nwant %v", path, got, d)
		}
	}
	wantNotFound(t, a.get(orgsPath+"/acme/workspaces/WEB"))
	wantNotFound(t, a.get(workspacePath("ws-1111111111111111")))
}

func TestWorkspace_createTakesEveryAttribute(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	prj := a.createProject("acme", "web")
	set := map[string]any{
		"name":                           "web-prod_1",
		"allow-destroy-plan":             false,
		"assessments-enabled":            true,
		"auto-apply":                     true,
		"auto-apply-run-trigger":         true,
		"auto-destroy-at":                "2030-01-31T19:00:00+01:00",
		"auto-destroy-activity-duration": "14d",
		"inherits-project-auto-destroy":  false,
		"description":                    "the site",
		"execution-mode":                 "local",
		"file-triggers-enabled":          false,
		"global-remote-state":            true,
		"project-remote-state":           true,
		"queue-all-runs":                 true,
		"source-name":                    "cli",
		"source-url":                     "https://example.com/source",
		"speculative-enabled":            false,
		"structured-run-output-enabled":  false,
		"terraform-version":              "~> 1.9.0",
		"trigger-patterns":               []string{"modules/**/*"},
		"working-directory":              "infra",
		"hyok-enabled":                   true,
		"vcs-repo": map[string]any{
			"identifier": "octo/site", "branch": "main", "ingress-submodules": true,
			"codehost-app-installation-id": "ghain-AAAAAAAAAAAAAAAA",
		},
	}
	d := a.createWorkspace("acme", set, map[string]any{
		"project":      rel("projects", prj),
		"tag-bindings": bindings("env", "prod"),
		"tags":         map[string]any{"data": []any{map[string]any{"type": "tags", "attributes": map[string]any{"name": "Frontend"}}}},
	})
	want := map[string]any{}
	for k, v := range set {
		want[k] = v
	}
	want["auto-destroy-at"] = "2030-01-31T18:00:00.000Z"
	want["operations"] = false
	want["setting-overwrites"] = map[string]any{"execution-mode": true, "agent-pool": true}
	want["tag-names"] = []string{"frontend"}
	want["vcs-repo"] = map[string]any{
		"identifier": "octo/site", "display-identifier": "octo/site", "branch": "main", "ingress-submodules": true,
		"oauth-token-id": nil, "codehost-app-installation-id": "ghain-AAAAAAAAAAAAAAAA", "tags-regex": nil,
		"repository-http-url": "https://github.com/octo/site", "service-provider": "github_app", "webhook-url": nil,
	}
	want["vcs-repo-identifier"] = "octo/site"
	wantAttrs(t, d, want)
	if relID(t, d, "project", "projects") != prj {
		t.Errorf("project %v, want %s", relData(t, d, "project"), prj)
	}
	id := wantID(t, d["id"], "ws")
	if list := a.get(workspacePath(id) + "/tag-bindings").list(t); len(list) != 1 || attrs(t, list[0])["key"] != "env" {
		t.Errorf("tag bindings %v", list)
	}
	if tags, _ := relData(t, d, "tags").([]any); len(tags) != 1 {
		t.Errorf("tags relationship %v", tags)
	}
}

func TestWorkspace_validation(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	otherProject := a.createProject("other", "theirs")
	otherToken := a.createOAuthToken("other")
	named := func(extra map[string]any) map[string]any {
		return merged(map[string]any{"name": "web"}, extra)
	}
	repo := func(extra map[string]any) map[string]any {
		return merged(map[string]any{"identifier": "octo/site", "oauth-token-id": "ot-AAAAAAAAAAAAAAAA"}, extra)
	}
	a.wantCreatesRefused(orgsPath+"/acme/workspaces", "workspaces", []refusedCreate{
		{map[string]any{}, nil, attrAt("name"), "name is required"},
		{named(map[string]any{"name": "a b"}), nil, attrAt("name"), "must be 1 to 90 letters, numbers, - or _"},
		{named(map[string]any{"name": "a.b"}), nil, attrAt("name"), "1 to 90"},
		{named(map[string]any{"name": strings.Repeat("w", 91)}), nil, attrAt("name"), "1 to 90"},
		{named(map[string]any{"auto-apply": "sometimes"}), nil, attrAt("auto-apply"), "must be true or false"},
		{named(map[string]any{"auto-destroy-at": "tomorrow"}), nil, attrAt("auto-destroy-at"), "ISO 8601"},
		{named(map[string]any{"auto-destroy-activity-duration": "3 days"}), nil, attrAt("auto-destroy-activity-duration"), "Auto destroy activity duration has an incorrect format, we expect up to 4 numeric digits and 1 unit ('d' or 'h')"},
		{named(map[string]any{"terraform-version": "newest"}), nil, attrAt("terraform-version"), "a version such as 1.9.5"},
		{named(map[string]any{"execution-mode": "cloud"}), nil, attrAt("execution-mode"), "must be remote, local or agent"},
		{named(map[string]any{"execution-mode": "agent"}), nil, attrAt("agent-pool-id"), "agent-pool-id is required when execution-mode is agent"},
		{named(map[string]any{"agent-pool-id": "apool-AAAAAAAAAAAAAAAA"}), nil, attrAt("agent-pool-id"), "can only be set when execution-mode is agent, not remote: it must not be specified unless using 'agent' execution mode"},
		{named(map[string]any{"execution-mode": "remote", "operations": true}), nil, attrAt("operations"), "cannot both be given"},
		{named(map[string]any{"trigger-patterns": []string{"a"}, "trigger-prefixes": []string{"b"}}), nil, attrAt("trigger-patterns"), "cannot both be given"},
		{named(map[string]any{"trigger-patterns": "a"}), nil, attrAt("trigger-patterns"), "must be a list of strings"},
		{named(map[string]any{"vcs-repo": "octo/site"}), nil, attrAt("vcs-repo"), "must be an object"},
		{named(map[string]any{"vcs-repo": repo(map[string]any{"identifier": "site"})}), nil, attrAt("vcs-repo") + "/identifier", "owner and name"},
		{named(map[string]any{"vcs-repo": map[string]any{"identifier": "octo/site"}}), nil, attrAt("vcs-repo") + "/oauth-token-id", "one of oauth-token-id and codehost-app-installation-id is required"},
		{named(map[string]any{"vcs-repo": repo(nil)}), nil, attrAt("vcs-repo") + "/oauth-token-id", `invalid oauth-token-id "ot-AAAAAAAAAAAAAAAA": no OAuth token of this organization`},
		{named(map[string]any{"vcs-repo": repo(map[string]any{"oauth-token-id": otherToken})}), nil, attrAt("vcs-repo") + "/oauth-token-id", "no OAuth token of this organization"},
		{named(map[string]any{"vcs-repo": repo(map[string]any{"codehost-app-installation-id": "ghain-AAAAAAAAAAAAAAAA"})}), nil, attrAt("vcs-repo") + "/codehost-app-installation-id", "cannot both be given"},
		{named(map[string]any{"vcs-repo": repo(map[string]any{"tags-regex": "("})}), nil, attrAt("vcs-repo") + "/tags-regex", "invalid tags-regex"},
		{named(map[string]any{"vcs-repo": repo(map[string]any{"tags-regex": `^v\d+`}), "trigger-prefixes": []string{"x"}}), nil, attrAt("vcs-repo") + "/tags-regex", "cannot be set with trigger-patterns or trigger-prefixes"},
		{named(map[string]any{"vcs-repo": repo(map[string]any{"tags-regex": `^v\d+`}), "file-triggers-enabled": true}), nil, attrAt("file-triggers-enabled"), "cannot be true with vcs-repo.tags-regex"},
		{named(nil), map[string]any{"project": rel("projects", otherProject)}, "/data/relationships/project/data", "not a project of this organization"},
		{named(nil), map[string]any{"project": rel("projects", "prj-1111111111111111")}, "/data/relationships/project/data", "not a project of this organization"},
		{named(nil), map[string]any{"tags": map[string]any{"data": []any{map[string]any{"type": "tags", "attributes": map[string]any{"name": "-bad"}}}}}, "/data/relationships/tags/data/0/attributes/name", "invalid tag name"},
		{named(nil), map[string]any{"tag-bindings": bindings("", "v")}, "/data/relationships/tag-bindings/data/0/attributes/key", "key is required"},
	})
	if list := a.get(orgsPath + "/acme/workspaces").list(t); len(list) != 0 {
		t.Fatalf("refused creates stored %v", ids(list))
	}
	// The limits themselves are taken.
	a.createWorkspace("acme", map[string]any{"name": strings.Repeat("w", 90)}, nil)
	for i, v := range []string{"latest", "1.9.5", "1.10.0-beta1", "~> 1.9", ">= 1.0, < 2.0", "= 1.5.7"} {
		d := a.createWorkspace("acme", map[string]any{"name": fmt.Sprintf("tf%d", i), "terraform-version": v}, nil)
		wantAttrs(t, d, map[string]any{"terraform-version": v})
	}
}

func TestWorkspace_nameIsUniqueInItsOrganization(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	web := a.workspaceID("acme", "web")
	for _, name := range []string{"web", "Web"} {
		wantConflictAt(t, a.do(http.MethodPost, orgsPath+"/acme/workspaces", body("workspaces", map[string]any{"name": name}, nil)), attrAt("name"), "already been taken by workspace "+web)
	}
	a.workspaceID("other", "web")
	api := a.workspaceID("acme", "api")
	wantConflict(t, a.do(http.MethodPatch, workspacePath(api), body("workspaces", map[string]any{"name": "WEB"}, nil)), "already been taken")
}

// Updates by ID and by organization and name change what they are given;
// null unsets.
func TestWorkspace_updateByIDOrName(t *testing.T) {
	a := newAPI(t, platform.Options{})
	clk := newClock(a)
	a.createOrg("acme")
	token := a.createOAuthToken("acme")
	d := a.createWorkspace("acme", map[string]any{"name": "web", "description": "site", "auto-destroy-at": "2030-01-01T00:00:00Z",
		"vcs-repo": map[string]any{"identifier": "octo/site", "oauth-token-id": token}}, nil)
	id := wantID(t, d["id"], "ws")
	created := attrs(t, d)["updated-at"]
	clk.advance(time.Minute)
	d = a.do(http.MethodPatch, workspacePath(id), body("workspaces", map[string]any{"auto-apply": true, "working-directory": "infra"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"auto-apply": true, "working-directory": "infra", "description": "site", "auto-destroy-at": "2030-01-01T00:00:00.000Z"})
	if attrs(t, d)["updated-at"] == created || attrs(t, d)["created-at"] != created {
		t.Errorf("updated-at %v created-at %v after an update (was %v)", attrs(t, d)["updated-at"], attrs(t, d)["created-at"], created)
	}
	d = a.do(http.MethodPatch, orgsPath+"/acme/workspaces/web", body("workspaces", map[string]any{"name": "site", "description": nil, "auto-destroy-at": nil}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"name": "site", "description": nil, "auto-destroy-at": nil, "auto-apply": true})
	wantNotFound(t, a.get(orgsPath+"/acme/workspaces/web"))
	a.get(orgsPath+"/acme/workspaces/site").data(t, http.StatusOK)

	// vcs-repo members merge into the connection; null detaches it.
	d = a.do(http.MethodPatch, workspacePath(id), body("workspaces", map[string]any{"vcs-repo": map[string]any{"branch": "release"}}, nil)).data(t, http.StatusOK)
	if repo := emutest.Object(t, attrs(t, d)["vcs-repo"]); repo["branch"] != "release" || repo["identifier"] != "octo/site" || repo["oauth-token-id"] != token {
		t.Errorf("merged vcs-repo %v", repo)
	}
	d = a.do(http.MethodPatch, workspacePath(id), body("workspaces", map[string]any{"vcs-repo": map[string]any{"codehost-app-installation-id": "ghain-AAAAAAAAAAAAAAAA"}}, nil)).data(t, http.StatusOK)
	if repo := emutest.Object(t, attrs(t, d)["vcs-repo"]); repo["oauth-token-id"] != nil || repo["codehost-app-installation-id"] != "ghain-AAAAAAAAAAAAAAAA" || repo["service-provider"] != "github_app" {
		t.Errorf("vcs-repo moved to an app installation: %v", repo)
	}
	d = a.do(http.MethodPatch, workspacePath(id), body("workspaces", map[string]any{"vcs-repo": nil}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"vcs-repo": nil, "vcs-repo-identifier": nil})

	// A refused update changes nothing.
	wantInvalid(t, a.do(http.MethodPatch, workspacePath(id), body("workspaces", map[string]any{"auto-apply": false, "terraform-version": "x"}, nil)), "/data/attributes/terraform-version", "invalid terraform-version")
	wantAttrs(t, a.get(workspacePath(id)).data(t, http.StatusOK), map[string]any{"auto-apply": true})
	// Tags are given on create only: an update's tags relationship is ignored.
	d = a.do(http.MethodPatch, workspacePath(id), body("workspaces", nil, map[string]any{"tags": map[string]any{"data": []any{map[string]any{"type": "tags", "attributes": map[string]any{"name": "x"}}}}})).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"tag-names": []string{}})
}

// hyok-enabled, once on, stays on.
func TestWorkspace_hyokCannotBeTurnedOff(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	id := wantID(t, a.createWorkspace("acme", map[string]any{"name": "web", "hyok-enabled": true}, nil)["id"], "ws")
	wantInvalid(t, a.do(http.MethodPatch, workspacePath(id), body("workspaces", map[string]any{"hyok-enabled": false}, nil)), "/data/attributes/hyok-enabled", "cannot be turned off")
	a.do(http.MethodPatch, workspacePath(id), body("workspaces", map[string]any{"hyok-enabled": true}, nil)).data(t, http.StatusOK)
}

// A workspace lives in a project, the default one unless told; a project
// that holds workspaces cannot be deleted.
func TestWorkspace_projectsHoldWorkspaces(t *testing.T) {
	a := newAPI(t, platform.Options{})
	def := a.createOrg("acme")
	web := a.createProject("acme", "web")
	id := a.workspaceID("acme", "site")
	if n := attrs(t, a.get(projectPath(def)).data(t, http.StatusOK))["workspace-count"]; n != 1.0 {
		t.Errorf("default project's workspace-count %v", n)
	}
	d := a.do(http.MethodPatch, workspacePath(id), body("workspaces", nil, map[string]any{"project": rel("projects", web)})).data(t, http.StatusOK)
	if relID(t, d, "project", "projects") != web {
		t.Fatalf("moved to %v, want %s", relData(t, d, "project"), web)
	}
	// null names no project: the workspace stays.
	d = a.do(http.MethodPatch, workspacePath(id), body("workspaces", nil, map[string]any{"project": rel("projects", "")})).data(t, http.StatusOK)
	if relID(t, d, "project", "projects") != web {
		t.Fatalf("a null project moved the workspace to %v", relData(t, d, "project"))
	}
	wantConflict(t, a.do(http.MethodDelete, projectPath(web), nil), "still holds 1 workspaces")
	wantAttrs(t, a.get(projectPath(web)).data(t, http.StatusOK), map[string]any{"workspace-count": 1})
	r := a.do(http.MethodPost, workspacePath(id)+"/actions/safe-delete", nil)
	if r.Status != http.StatusNoContent {
		t.Fatalf("safe delete: %d %s", r.Status, r.Body)
	}
	if r := a.do(http.MethodDelete, projectPath(web), nil); r.Status != http.StatusNoContent {
		t.Fatalf("delete of the emptied project: %d %s", r.Status, r.Body)
	}
}

// A workspace inherits its project's execution settings, which inherit the
// organization's, until it sets its own.
func TestWorkspace_executionModeAndAgentPool(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	pool, pool2 := a.createPool("acme", "one"), a.createPool("acme", "two")
	id := a.workspaceID("acme", "web")
	a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"default-execution-mode": "agent", "default-agent-pool-id": pool}, nil)).data(t, http.StatusOK)
	d := a.get(workspacePath(id)).data(t, http.StatusOK)
	if attrs(t, d)["execution-mode"] != "agent" || relID(t, d, "agent-pool", "agent-pools") != pool || attrs(t, d)["operations"] != true {
		t.Fatalf("inherited: %v %v", attrs(t, d)["execution-mode"], relData(t, d, "agent-pool"))
	}
	d = a.do(http.MethodPatch, workspacePath(id), body("workspaces", map[string]any{"operations": false}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"execution-mode": "local", "operations": false, "setting-overwrites": map[string]any{"execution-mode": true, "agent-pool": true}})
	if relID(t, d, "agent-pool", "agent-pools") != "" {
		t.Errorf("local with a pool: %v", relData(t, d, "agent-pool"))
	}
	d = a.do(http.MethodPatch, workspacePath(id), body("workspaces", map[string]any{"execution-mode": "agent", "agent-pool-id": pool2}, nil)).data(t, http.StatusOK)
	if attrs(t, d)["execution-mode"] != "agent" || relID(t, d, "agent-pool", "agent-pools") != pool2 {
		t.Errorf("own agent pool: %v %v", attrs(t, d)["execution-mode"], relData(t, d, "agent-pool"))
	}
	d = a.do(http.MethodPatch, workspacePath(id), body("workspaces", map[string]any{"setting-overwrites": map[string]any{"execution-mode": false, "agent-pool": false}}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"execution-mode": "agent", "setting-overwrites": map[string]any{"execution-mode": false, "agent-pool": false}})
	if relID(t, d, "agent-pool", "agent-pools") != pool {
		t.Errorf("back to inheriting: pool %v", relData(t, d, "agent-pool"))
	}
	// operations true keeps agent mode, and turns local into remote.
	wantAttrs(t, a.do(http.MethodPatch, workspacePath(id), body("workspaces", map[string]any{"operations": true}, nil)).data(t, http.StatusOK), map[string]any{"execution-mode": "agent"})
	a.do(http.MethodPatch, workspacePath(id), body("workspaces", map[string]any{"execution-mode": "local"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, a.do(http.MethodPatch, workspacePath(id), body("workspaces", map[string]any{"operations": true}, nil)).data(t, http.StatusOK), map[string]any{"execution-mode": "remote"})
	// An organization's new default reaches the workspaces that inherit it.
	other := a.workspaceID("acme", "api")
	a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"default-execution-mode": "local"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, a.get(workspacePath(other)).data(t, http.StatusOK), map[string]any{"execution-mode": "local"})
}

func TestWorkspace_flatTags(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	tagOf := func(name string) map[string]any {
		return map[string]any{"type": "tags", "attributes": map[string]any{"name": name}}
	}
	d := a.createWorkspace("acme", map[string]any{"name": "web"}, map[string]any{"tags": map[string]any{"data": []any{tagOf("Prod"), tagOf("app:web")}}})
	id := wantID(t, d["id"], "ws")
	wantAttrs(t, d, map[string]any{"tag-names": []string{"app:web", "prod"}})
	path := workspacePath(id) + "/relationships/tags"
	list := a.get(path).list(t)
	if len(list) != 2 || list[1]["type"] != "tags" || attrs(t, list[1])["name"] != "prod" || attrs(t, list[1])["instance-count"] != 1.0 {
		t.Fatalf("tags %v", list)
	}
	prodID := wantID(t, list[1]["id"], "tag")
	// Another workspace takes a tag by its ID; the count follows.
	api := a.workspaceID("acme", "api")
	if r := a.do(http.MethodPost, workspacePath(api)+"/relationships/tags", map[string]any{"data": []any{map[string]any{"type": "tags", "id": prodID}, tagOf("new")}}); r.Status != http.StatusNoContent {
		t.Fatalf("add tags: %d %s", r.Status, r.Body)
	}
	wantAttrs(t, a.get(workspacePath(api)).data(t, http.StatusOK), map[string]any{"tag-names": []string{"new", "prod"}})
	if got := attrs(t, a.get(path).list(t)[1])["instance-count"]; got != 2.0 {
		t.Errorf("instance-count %v, want 2", got)
	}
	if r := a.do(http.MethodDelete, path, map[string]any{"data": []any{map[string]any{"type": "tags", "id": prodID}, tagOf("absent")}}); r.Status != http.StatusNoContent {
		t.Fatalf("remove tags: %d %s", r.Status, r.Body)
	}
	wantAttrs(t, a.get(workspacePath(id)).data(t, http.StatusOK), map[string]any{"tag-names": []string{"app:web"}})
	// A tag of another organization is not this one's.
	otherWS := a.createWorkspace("other", map[string]any{"name": "x"}, map[string]any{"tags": map[string]any{"data": []any{tagOf("theirs")}}})
	theirs := wantID(t, a.get(workspacePath(wantID(t, otherWS["id"], "ws")) + "/relationships/tags").list(t)[0]["id"], "tag")
	wantInvalid(t, a.do(http.MethodPost, path, map[string]any{"data": []any{map[string]any{"type": "tags", "id": theirs}}}), "/data/0/id", "not a tag of this organization")
	wantInvalid(t, a.do(http.MethodPost, path, map[string]any{"data": []any{tagOf("no spaces")}}), "/data/0/attributes/name", "invalid tag name")
}

// A workspace's effective tag bindings are its project's and its own, its
// own winning.
func TestWorkspace_tagBindingsAndEffective(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	prj := a.createProject("acme", "web")
	a.do(http.MethodPatch, projectPath(prj)+"/tag-bindings", bindings("env", "dev", "team", "web")).list(t)
	id := wantID(t, a.createWorkspace("acme", map[string]any{"name": "site"}, map[string]any{"project": rel("projects", prj), "tag-bindings": bindings("env", "prod")})["id"], "ws")
	if r := a.do(http.MethodPost, workspacePath(id)+"/relationships/tag-bindings", bindings("tier", "1")); r.Status != http.StatusNoContent {
		t.Fatalf("add: %d %s", r.Status, r.Body)
	}
	eff := a.get(workspacePath(id) + "/effective-tag-bindings").list(t)
	var got []string
	for _, eb := range eff {
		got = append(got, fmt.Sprintf("%v=%v<%v", attrs(t, eb)["key"], attrs(t, eb)["value"], relID(t, eb, "inherited-from", "projects")))
	}
	if want := "team=web<" + prj + ",env=prod<,tier=1<"; strings.Join(got, ",") != want {
		t.Errorf("effective %s, want %s", strings.Join(got, ","), want)
	}
	// Clients tell an inherited binding by its link inherited-from.
	for i, eb := range eff {
		links, _ := eb["links"].(map[string]any)
		if want := i == 0; (links["inherited-from"] == "/api/v2/projects/"+prj) != want || !want && eb["links"] != nil {
			t.Errorf("effective binding %d links %v", i, eb["links"])
		}
	}
	r := a.get(workspacePath(id) + "?include=effective_tag_bindings")
	if inc := r.included(t); len(inc) != 3 || inc[0]["type"] != "effective-tag-bindings" {
		t.Errorf("included %v", inc)
	}
	if refs, _ := relData(t, r.data(t, http.StatusOK), "effective-tag-bindings").([]any); len(refs) != 3 {
		t.Errorf("effective-tag-bindings data %v", refs)
	}
	emutest.WantAPIStatus(t, a.do(http.MethodPatch, workspacePath(id)+"/relationships/tag-bindings", bindings("only", "x")), http.StatusNoContent)
	if got := a.get(workspacePath(id) + "/tag-bindings").list(t); len(got) != 1 || attrs(t, got[0])["key"] != "only" {
		t.Errorf("after a replace: %v", got)
	}
}

func TestWorkspace_remoteStateConsumers(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	src := a.workspaceID("acme", "src")
	b, c, d := a.workspaceID("acme", "b"), a.workspaceID("acme", "c"), a.workspaceID("acme", "d")
	foreign := a.workspaceID("other", "x")
	path := workspacePath(src) + "/relationships/remote-state-consumers"
	refs := func(ids ...string) map[string]any {
		var l []any
		for _, id := range ids {
			l = append(l, map[string]any{"type": "workspaces", "id": id})
		}
		return map[string]any{"data": l}
	}
	consumers := func(query string) string {
		t.Helper()
		r := a.get(path + query)
		for _, ws := range r.list(t) {
			if ws["type"] != "workspaces" {
				t.Fatalf("consumer %v", ws)
			}
		}
		return strings.Join(ids(r.list(t)), ",")
	}
	for _, c := range []struct {
		method string
		ids    []string
		want   string
	}{
		{http.MethodPost, []string{c, b}, b + "," + c},
		{http.MethodPost, []string{b, d}, b + "," + c + "," + d},
		{http.MethodDelete, []string{c}, b + "," + d},
		{http.MethodPatch, []string{c}, c},
	} {
		if r := a.do(c.method, path, refs(c.ids...)); r.Status != http.StatusNoContent {
			t.Fatalf("%s: %d %s", c.method, r.Status, r.Body)
		}
		if got := consumers(""); got != c.want {
			t.Errorf("after %s %v: %s, want %s", c.method, c.ids, got, c.want)
		}
	}
	wantInvalid(t, a.do(http.MethodPost, path, refs(b, foreign)), "/data/1/id", "not a workspace of this organization")
	wantInvalid(t, a.do(http.MethodPost, path, refs(src)), "/data/0/id", "of itself")
	// With global remote state every other workspace reads it, unless only
	// the configured ones are asked for.
	a.do(http.MethodPatch, workspacePath(src), body("workspaces", map[string]any{"global-remote-state": true}, nil)).data(t, http.StatusOK)
	if got := consumers(""); got != b+","+c+","+d {
		t.Errorf("global: %s", got)
	}
	if got := consumers("?show_only_configured=true"); got != c {
		t.Errorf("global, only configured: %s", got)
	}
	// A deleted workspace stops being a consumer.
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, workspacePath(c), nil), http.StatusNoContent)
	if got := consumers("?show_only_configured=true"); got != "" {
		t.Errorf("after the consumer's delete: %s", got)
	}
	if p := a.get(path + "?page[size]=1").pagination(t); p["total-count"] != 2.0 || p["next-page"] != 2.0 {
		t.Errorf("consumers' pagination %v", p)
	}
}

// Safe delete refuses a workspace that manages resources (409), even where
// the organization allows force delete; force delete of one is for owners,
// or for anyone where the organization allows it (403 otherwise).
func TestWorkspace_safeAndForceDelete(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	devs := a.createTeam("acme", "devs")
	teamToken, _ := a.server.MintTeamToken("acme", devs)
	team := a.as(teamToken)
	id := a.workspaceID("acme", "web")
	a.createTeamWorkspace(devs, id, map[string]any{"access": "admin"})
	if err := a.server.SetResourceCount(id, 3); err != nil {
		t.Fatal(err)
	}
	wantAttrs(t, a.get(workspacePath(id)).data(t, http.StatusOK), map[string]any{"resource-count": 3})
	for _, path := range []string{workspacePath(id), orgsPath + "/acme/workspaces/web"} {
		r := a.do(http.MethodPost, path+"/actions/safe-delete", nil)
		wantConflict(t, r, "has 3 resources under management and cannot be safely deleted")
		// Clients tell this refusal from a locked workspace or a state
		// still processing by its words.
		if strings.Contains(r.Body, "locked") || strings.Contains(r.Body, "being processed") {
			t.Errorf("409 %s reads as another refusal", r.Body)
		}
	}
	a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"allow-force-delete-workspaces": true}, nil)).data(t, http.StatusOK)
	wantConflict(t, a.do(http.MethodPost, workspacePath(id)+"/actions/safe-delete", nil), "cannot be safely deleted")
	a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"allow-force-delete-workspaces": false}, nil)).data(t, http.StatusOK)

	// A team may not force-delete it while the organization does not
	// allow it, and its permissions say so.
	if perms := emutest.Object(t, attrs(t, team.get(workspacePath(id)).data(t, http.StatusOK))["permissions"]); perms["can-force-delete"] != false {
		t.Errorf("team's can-force-delete %v", perms["can-force-delete"])
	}
	emutest.WantAPIError(t, team.do(http.MethodDelete, workspacePath(id), nil), http.StatusForbidden, "forbidden", "allow-force-delete-workspaces")
	a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"allow-force-delete-workspaces": true}, nil)).data(t, http.StatusOK)
	if perms := emutest.Object(t, attrs(t, team.get(workspacePath(id)).data(t, http.StatusOK))["permissions"]); perms["can-force-delete"] != true {
		t.Errorf("team's can-force-delete once allowed: %v", perms["can-force-delete"])
	}
	if r := team.do(http.MethodDelete, workspacePath(id), nil); r.Status != http.StatusNoContent {
		t.Fatalf("team's force delete once allowed: %d %s", r.Status, r.Body)
	}
	wantNotFound(t, a.get(workspacePath(id)))

	// Owners force-delete whatever the organization allows; a workspace
	// without resources is safely deleted by anyone who may delete it.
	a.do(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"allow-force-delete-workspaces": false}, nil)).data(t, http.StatusOK)
	owned := a.workspaceID("acme", "owned")
	_ = a.server.SetResourceCount(owned, 1)
	if r := a.do(http.MethodDelete, orgsPath+"/acme/workspaces/owned", nil); r.Status != http.StatusNoContent {
		t.Fatalf("owner's force delete by name: %d %s", r.Status, r.Body)
	}
	empty := a.workspaceID("acme", "empty")
	a.createTeamWorkspace(devs, empty, map[string]any{"access": "admin"})
	if r := team.do(http.MethodPost, orgsPath+"/acme/workspaces/empty/actions/safe-delete", nil); r.Status != http.StatusNoContent {
		t.Fatalf("team's safe delete of an empty workspace: %d %s", r.Status, r.Body)
	}
	wantNotFound(t, a.get(workspacePath(empty)))

	if err := a.server.SetResourceCount("ws-1111111111111111", 1); err == nil {
		t.Error("SetResourceCount of a missing workspace succeeded")
	}
	if err := a.server.SetResourceCount(a.workspaceID("acme", "x"), -1); err == nil {
		t.Error("a negative resource count was taken")
	}
}

func TestWorkspace_resourceCountOverTheAdminRoute(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	id := a.workspaceID("acme", "web")
	put := func(id, body string) response {
		return sendJSON(t, http.MethodPut, a.url+"/_emulator/platform/workspaces/"+id+"/resource-count", body)
	}
	if r := put(id, `{"resource-count":2}`); r.Status != http.StatusNoContent {
		t.Fatalf("PUT resource-count: %d %s", r.Status, r.Body)
	}
	wantAttrs(t, a.get(workspacePath(id)).data(t, http.StatusOK), map[string]any{"resource-count": 2})
	for _, c := range []struct{ id, body, want string }{
		{id, `{}`, "invalid request body"},
		{id, `{"resource-count":-1}`, "must not be negative"},
		{"ws-1111111111111111", `{"resource-count":1}`, "no such workspace"},
	} {
		if r := put(c.id, c.body); r.Status != http.StatusBadRequest || !strings.Contains(r.Body, c.want) {
			t.Errorf("PUT %s %s: %d %q, want 400 with %q", c.id, c.body, r.Status, r.Body, c.want)
		}
	}
}

func TestWorkspace_performanceAttributes(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	id := a.workspaceID("acme", "web")
	if err := a.server.SetPerformance(id, platform.Performance{
		ApplyDurationAverage: 158 * time.Second, PlanDurationAverage: 20500 * time.Millisecond,
		PolicyCheckFailures: 1, RunFailures: 2, RunsCount: 9,
	}); err != nil {
		t.Fatal(err)
	}
	wantAttrs(t, a.get(workspacePath(id)).data(t, http.StatusOK), map[string]any{
		"apply-duration-average": 158000, "plan-duration-average": 20500,
		"policy-check-failures": 1, "run-failures": 2, "workspace-kpis-runs-count": 9,
	})
	if err := a.server.SetPerformance("ws-1111111111111111", platform.Performance{}); err == nil {
		t.Error("SetPerformance of a missing workspace succeeded")
	}
}

func TestWorkspace_listSearchesFiltersAndPages(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	prj := a.createProject("acme", "web")
	tags := func(names ...string) map[string]any {
		var l []any
		for _, n := range names {
			l = append(l, map[string]any{"type": "tags", "attributes": map[string]any{"name": n}})
		}
		return map[string]any{"data": l}
	}
	a.createWorkspace("acme", map[string]any{"name": "web-prod"}, map[string]any{"tags": tags("prod", "web"), "project": rel("projects", prj), "tag-bindings": bindings("env", "prod")})
	a.createWorkspace("acme", map[string]any{"name": "web-dev"}, map[string]any{"tags": tags("dev", "web"), "project": rel("projects", prj), "tag-bindings": bindings("env", "dev")})
	a.createWorkspace("acme", map[string]any{"name": "api-prod"}, map[string]any{"tags": tags("prod"), "tag-bindings": bindings("env", "prod", "team", "api")})
	for i := range 117 {
		a.workspaceID("acme", fmt.Sprintf("bulk-%03d", i))
	}
	a.wantNames(orgsPath+"/acme/workspaces?", map[string]string{
		"search[name]=PROD":                                        "api-prod,web-prod",
		"search[wildcard-name]=web-*":                              "web-dev,web-prod",
		"search[wildcard-name]=*-prod":                             "api-prod,web-prod",
		"search[wildcard-name]=*b-d*":                              "web-dev",
		"search[tags]=prod":                                        "api-prod,web-prod",
		"search[tags]=prod,web":                                    "web-prod",
		"search[tags]=web&search[exclude-tags]=dev":                "web-prod",
		"search[exclude-tags]=web&search[name]=prod":               "api-prod",
		"filter[project][id]=" + prj:                               "web-dev,web-prod",
		"filter[project][id]=" + prj + "&sort=-name":               "web-prod,web-dev",
		"filter[tagged][0][key]=env&filter[tagged][0][value]=prod": "api-prod,web-prod",
		"filter[tagged][0][key]=team":                              "api-prod",
		// Clients send an empty value for a filter by key alone.
		"filter[tagged][0][key]=env&filter[tagged][0][value]=":   "api-prod,web-dev,web-prod",
		"filter[tagged][0][key]=env&filter[tagged][1][key]=team": "api-prod",
		"filter[current-run][status]=applied":                    "",
		"search[name]=bulk-11&sort=current-run.created-at":       "bulk-110,bulk-111,bulk-112,bulk-113,bulk-114,bulk-115,bulk-116",
	})
	// 120 workspaces are two pages of the largest size.
	r := a.get(orgsPath + "/acme/workspaces?page[size]=100")
	if len(r.list(t)) != 100 {
		t.Fatalf("page of 100 holds %d", len(r.list(t)))
	}
	p := r.pagination(t)
	if p["total-count"] != 120.0 || p["total-pages"] != 2.0 || p["next-page"] != 2.0 || p["page-size"] != 100.0 {
		t.Errorf("pagination %v", p)
	}
	next, _ := emutest.Object(t, emutest.JSON(t, r)["links"])["next"].(string)
	if !strings.HasPrefix(next, a.url+"/api/v2/organizations/acme/workspaces?") || !strings.Contains(next, "page%5Bnumber%5D=2") {
		t.Fatalf("links.next %q", next)
	}
	if list := a.get(strings.TrimPrefix(next, a.url)).list(t); len(list) != 20 {
		t.Errorf("second page holds %d", len(list))
	}
	emutest.WantAPIError(t, a.get(orgsPath+"/acme/workspaces?sort=size"), http.StatusBadRequest, "bad request", "Invalid sort parameter")
}

// include= as clients send it: empty, with underscores or hyphens, and
// includes of what the emulator does not hold.
func TestWorkspace_includes(t *testing.T) {
	a := newAPI(t, platform.Options{})
	def := a.createOrg("acme")
	a.workspaceID("acme", "a")
	id := a.workspaceID("acme", "b")
	for _, query := range []string{"include=", "include=current_run,current-state-version,readme,outputs,locked_by,current_run.plan"} {
		r := a.get(workspacePath(id) + "?" + query)
		if inc := r.included(t); len(inc) != 0 {
			t.Errorf("%s: included %v", query, inc)
		}
		r.data(t, http.StatusOK)
	}
	r := a.get(orgsPath + "/acme/workspaces?include=organization,project")
	var got []string
	for _, inc := range r.included(t) {
		got = append(got, fmt.Sprint(inc["type"], "/", inc["id"]))
	}
	if want := "organizations/acme,projects/" + def; strings.Join(got, ",") != want {
		t.Errorf("included %v, want each once: %s", got, want)
	}
	emutest.WantAPIError(t, a.get(workspacePath(id)+"?include=teams"), http.StatusBadRequest, "bad request", "Invalid include parameter")
}

func TestWorkspace_visibility(t *testing.T) {
	a := newAPI(t, platform.Options{})
	bobToken, _ := a.server.MintUserToken("bob")
	bob := a.as(bobToken)
	a.createOrg("acme")
	id := a.workspaceID("acme", "web")
	for _, r := range []response{
		bob.get(workspacePath(id)),
		bob.get(orgsPath + "/acme/workspaces/web"),
		bob.get(orgsPath + "/acme/workspaces"),
		bob.do(http.MethodPost, orgsPath+"/acme/workspaces", body("workspaces", map[string]any{"name": "x"}, nil)),
		bob.do(http.MethodPatch, workspacePath(id), body("workspaces", map[string]any{"auto-apply": true}, nil)),
		bob.do(http.MethodDelete, workspacePath(id), nil),
		bob.do(http.MethodPost, workspacePath(id)+"/actions/safe-delete", nil),
		bob.get(workspacePath(id) + "/relationships/tags"),
		bob.get(workspacePath(id) + "/relationships/remote-state-consumers"),
		bob.get(workspacePath(id) + "/tag-bindings"),
		bob.get(workspacePath(id) + "/effective-tag-bindings"),
	} {
		wantNotFound(t, r)
	}
	a.get(workspacePath(id)).data(t, http.StatusOK)
}

// Every write takes a chunked body, without Content-Length, as some
// clients send them.
func TestChunkedBodies_everyWrite(t *testing.T) {
	a := newAPI(t, platform.Options{})
	chunked := func(method, path string, body map[string]any) response {
		t.Helper()
		return sendChunked(t, method, a.url+path, root, body)
	}
	chunked(http.MethodPost, orgsPath, body("organizations", map[string]any{"name": "acme", "email": "a@b"}, nil)).data(t, http.StatusCreated)
	chunked(http.MethodPatch, orgsPath+"/acme", body("organizations", map[string]any{"email": "c@d"}, nil)).data(t, http.StatusOK)
	prj := wantID(t, chunked(http.MethodPost, orgsPath+"/acme/projects", body("projects", map[string]any{"name": "web"}, nil)).data(t, http.StatusCreated)["id"], "prj")
	chunked(http.MethodPatch, projectPath(prj), body("projects", map[string]any{"description": "d"}, nil)).data(t, http.StatusOK)
	chunked(http.MethodPatch, projectPath(prj)+"/tag-bindings", bindings("k", "v")).list(t)
	ws := wantID(t, chunked(http.MethodPost, orgsPath+"/acme/workspaces", body("workspaces", map[string]any{"name": "site"}, nil)).data(t, http.StatusCreated)["id"], "ws")
	wantAttrs(t, chunked(http.MethodPatch, workspacePath(ws), body("workspaces", map[string]any{"auto-apply": true}, nil)).data(t, http.StatusOK), map[string]any{"auto-apply": true})
	other := a.workspaceID("acme", "other")
	if r := chunked(http.MethodPost, workspacePath(ws)+"/relationships/remote-state-consumers", map[string]any{"data": []any{map[string]any{"type": "workspaces", "id": other}}}); r.Status != http.StatusNoContent {
		t.Fatalf("chunked consumers: %d %s", r.Status, r.Body)
	}
}

// Lock, unlock and force-unlock: who holds the lock is the locked-by
// relationship; a second lock, an unlock by another or of an unlocked
// workspace, and a safe delete of a locked one are 409, in the words
// clients match ("is locked by User", "is locked by Team", "locked").
func TestWorkspace_lockUnlockAndForceUnlock(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	id := a.workspaceID("acme", "web")
	team := a.createTeam("acme", "ops")
	a.createTeamWorkspace(team, id, map[string]any{"access": "write"})
	teamToken, err := a.server.MintTeamToken("acme", team)
	if err != nil {
		t.Fatal(err)
	}
	asTeam := a.as(teamToken)
	action := func(a *api, name string) response {
		return a.do(http.MethodPost, workspacePath(id)+"/actions/"+name, nil)
	}
	wantLock := func(res map[string]any, typ, holder string) {
		t.Helper()
		if attrs(t, res)["locked"] != (holder != "") {
			t.Errorf("locked = %v, want holder %q", attrs(t, res)["locked"], holder)
		}
		if typ == "" {
			if d := relData(t, res, "locked-by"); d != nil {
				t.Errorf("locked-by = %v, want null", d)
			}
			return
		}
		if got := relID(t, res, "locked-by", typ); got != holder {
			t.Errorf("locked-by %s = %q, want %q", typ, got, holder)
		}
	}
	wantLock(a.get(workspacePath(id)).data(t, http.StatusOK), "", "")

	wantLock(action(a, "lock").data(t, http.StatusOK), "users", "user-Emu1atorRootUser")
	wantLock(a.get(workspacePath(id)).data(t, http.StatusOK), "users", "user-Emu1atorRootUser")
	wantConflict(t, action(a, "lock"), "is already locked")
	wantConflict(t, action(asTeam, "unlock"), "is locked by User")
	r := a.do(http.MethodPost, workspacePath(id)+"/actions/safe-delete", nil)
	wantConflict(t, r, "Workspace is currently locked. Workspace must be unlocked before it can be safely deleted")
	wantLock(action(a, "unlock").data(t, http.StatusOK), "", "")
	wantConflict(t, action(a, "unlock"), "is already unlocked")
	wantConflict(t, action(a, "force-unlock"), "is already unlocked")

	// A team's lock is the team's: another unlocks it only by force.
	wantLock(action(asTeam, "lock").data(t, http.StatusOK), "teams", team)
	r = action(a, "unlock")
	wantConflict(t, r, `is locked by Team "ops"`)
	wantLock(a.get(workspacePath(id)).data(t, http.StatusOK), "teams", team)
	wantLock(action(a, "force-unlock").data(t, http.StatusOK), "", "")
	wantLock(action(asTeam, "lock").data(t, http.StatusOK), "teams", team)
	wantLock(action(asTeam, "unlock").data(t, http.StatusOK), "", "")

	orgToken, err := a.server.MintOrganizationToken("acme")
	if err != nil {
		t.Fatal(err)
	}
	emutest.WantAPIError(t, action(a.as(orgToken), "lock"), http.StatusForbidden, "forbidden", "an organization token cannot lock a workspace")
	wantLock(a.get(workspacePath(id)).data(t, http.StatusOK), "", "")
	for _, name := range []string{"lock", "unlock", "force-unlock"} {
		wantNotFound(t, a.do(http.MethodPost, workspacePath("ws-1111111111111111")+"/actions/"+name, nil))
	}
	if r := a.do(http.MethodPost, workspacePath(id)+"/actions/safe-delete", nil); r.Status != http.StatusNoContent {
		t.Fatalf("safe delete once unlocked: %d %s", r.Status, r.Body)
	}
}

// trigger-patterns and trigger-prefixes replace each other; only a
// request that gives both non-empty is refused, and changes nothing.
func TestWorkspace_triggerPatternsAndPrefixesReplaceEachOther(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	d := a.createWorkspace("acme", map[string]any{"name": "web", "trigger-prefixes": []string{"/a/", "/b/"}}, nil)
	id := wantID(t, d["id"], "ws")
	update := func(attrs map[string]any) response {
		return a.do(http.MethodPatch, workspacePath(id), body("workspaces", attrs, nil))
	}
	for _, c := range []struct {
		attrs              map[string]any
		prefixes, patterns []string
	}{
		{map[string]any{"trigger-patterns": []string{"/m/**/*"}}, []string{}, []string{"/m/**/*"}},
		{map[string]any{"trigger-prefixes": []string{"/p/"}}, []string{"/p/"}, []string{}},
		{map[string]any{"trigger-prefixes": []string{}, "trigger-patterns": []string{"/n/**/*"}}, []string{}, []string{"/n/**/*"}},
		{map[string]any{"trigger-prefixes": []string{"/q/"}, "trigger-patterns": []string{}}, []string{"/q/"}, []string{}},
		{map[string]any{"description": "other members keep them"}, []string{"/q/"}, []string{}},
		{map[string]any{"trigger-prefixes": []string{}}, []string{}, []string{}},
	} {
		want := map[string]any{"trigger-prefixes": c.prefixes, "trigger-patterns": c.patterns}
		wantAttrs(t, update(c.attrs).data(t, http.StatusOK), want)
		wantAttrs(t, a.get(workspacePath(id)).data(t, http.StatusOK), want)
	}
	update(map[string]any{"trigger-patterns": []string{"/kept/**"}}).data(t, http.StatusOK)
	wantInvalid(t, update(map[string]any{"trigger-prefixes": []string{"/x/"}, "trigger-patterns": []string{"/y/**"}}), "/data/attributes/trigger-patterns", "cannot both be given")
	wantAttrs(t, a.get(workspacePath(id)).data(t, http.StatusOK), map[string]any{"trigger-prefixes": []string{}, "trigger-patterns": []string{"/kept/**"}})
}

// A workspace that inherits its project's auto-destroy settings (the
// default) and has no duration of its own answers its project's; its own,
// or inherits-project-auto-destroy false, wins.
func TestWorkspace_inheritsItsProjectsActivityDuration(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	prj := wantID(t, a.create(orgsPath+"/acme/projects", "projects", map[string]any{"name": "temp", "auto-destroy-activity-duration": "3d"}, nil)["id"], "prj")
	inProject := map[string]any{"project": rel("projects", prj)}
	inherits := a.createWorkspace("acme", map[string]any{"name": "inherits"}, inProject)
	wantAttrs(t, inherits, map[string]any{"auto-destroy-activity-duration": "3d", "inherits-project-auto-destroy": true})
	own := a.createWorkspace("acme", map[string]any{"name": "own", "auto-destroy-activity-duration": "12h"}, inProject)
	wantAttrs(t, own, map[string]any{"auto-destroy-activity-duration": "12h"})
	alone := a.createWorkspace("acme", map[string]any{"name": "alone", "inherits-project-auto-destroy": false}, inProject)
	wantAttrs(t, alone, map[string]any{"auto-destroy-activity-duration": nil, "inherits-project-auto-destroy": false})
	elsewhere := a.createWorkspace("acme", map[string]any{"name": "elsewhere"}, nil)
	wantAttrs(t, elsewhere, map[string]any{"auto-destroy-activity-duration": nil})

	// The project's duration reaches the workspaces that inherit it.
	a.do(http.MethodPatch, projectPath(prj), body("projects", map[string]any{"auto-destroy-activity-duration": "7d"}, nil)).data(t, http.StatusOK)
	for id, want := range map[any]any{inherits["id"]: "7d", own["id"]: "12h", alone["id"]: nil} {
		wantAttrs(t, a.get(workspacePath(fmt.Sprint(id))).data(t, http.StatusOK), map[string]any{"auto-destroy-activity-duration": want})
	}
	// Going back to inheriting shows the project's again.
	d := a.do(http.MethodPatch, workspacePath(fmt.Sprint(alone["id"])), body("workspaces", map[string]any{"inherits-project-auto-destroy": true}, nil)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"auto-destroy-activity-duration": "7d"})
}

// A project or a workspace has at most 10 tag bindings of its own: a
// write that would leave more is 422 and changes nothing.
func TestWorkspace_atMostTenTagBindings(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	prj := a.createProject("acme", "web")
	id := a.workspaceID("acme", "site")
	kv := func(from, n int) map[string]any {
		var l []string
		for i := from; i < from+n; i++ {
			l = append(l, fmt.Sprintf("k%02d", i), "v")
		}
		return bindings(l...)
	}
	const rule = "Tag bindings cannot exceed 10 bindings per resource"
	for _, base := range []string{workspacePath(id), projectPath(prj)} {
		if got := a.do(http.MethodPatch, base+"/tag-bindings", kv(0, 8)).list(t); len(got) != 8 {
			t.Fatalf("%s: 8 bindings answered %d", base, len(got))
		}
		wantInvalid(t, a.do(http.MethodPatch, base+"/tag-bindings", kv(8, 3)), "/data", rule)
		wantInvalid(t, a.do(http.MethodPost, base+"/relationships/tag-bindings", kv(8, 3)), "/data", rule)
		wantInvalid(t, a.do(http.MethodPatch, base+"/relationships/tag-bindings", kv(0, 11)), "/data", rule)
		// Keys it has count once: updating 8 and adding 2 leaves 10.
		if got := a.do(http.MethodPatch, base+"/tag-bindings", kv(0, 10)).list(t); len(got) != 10 {
			t.Fatalf("%s: 10 bindings answered %d", base, len(got))
		}
		wantInvalid(t, a.do(http.MethodPatch, base, body("x", nil, map[string]any{"tag-bindings": kv(0, 11)})), "/data/relationships/tag-bindings/data", rule)
		if got := a.get(base + "/tag-bindings").list(t); len(got) != 10 {
			t.Errorf("%s: refused writes left %d bindings", base, len(got))
		}
	}
	wantInvalid(t, a.do(http.MethodPost, orgsPath+"/acme/workspaces", body("workspaces", map[string]any{"name": "many"}, map[string]any{"tag-bindings": kv(0, 11)})), "/data/relationships/tag-bindings/data", rule)
	wantInvalid(t, a.do(http.MethodPost, orgsPath+"/acme/projects", body("projects", map[string]any{"name": "many"}, map[string]any{"tag-bindings": kv(0, 11)})), "/data/relationships/tag-bindings/data", rule)
}

// The vars relationship lists the workspace's own variables, and
// include=vars includes them; all-vars lists what a run gets, its own and
// its variable sets', one for each key and category by precedence.
func TestWorkspace_varsAndAllVars(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	prj := a.createProject("acme", "web")
	id := wantID(t, a.createWorkspace("acme", map[string]any{"name": "site"}, map[string]any{"project": rel("projects", prj)})["id"], "ws")
	if refs := relData(t, a.get(workspacePath(id)).data(t, http.StatusOK), "vars"); !emutest.EqualJSON(t, refs, []any{}) {
		t.Fatalf("vars of a workspace without variables: %v", refs)
	}
	newVar := func(path, key, value, category string) string {
		t.Helper()
		d := a.create(path, "vars", map[string]any{"key": key, "value": value, "category": category}, nil)
		return wantID(t, d["id"], "var")
	}
	newSet := func(name string, attrs map[string]any, rels map[string]any) string {
		t.Helper()
		attrs["name"] = name
		d := a.create(orgsPath+"/acme/varsets", "varsets", attrs, rels)
		return wantID(t, d["id"], "varset")
	}
	wsVars := workspacePath(id) + "/vars"
	own1, own2 := newVar(wsVars, "a", "ws", "terraform"), newVar(wsVars, "b", "ws", "terraform")
	ownEnv := newVar(wsVars, "a", "ws-env", "env")
	r := a.get(workspacePath(id) + "?include=vars")
	var refs []string
	varRefs, _ := relData(t, r.data(t, http.StatusOK), "vars").([]any)
	for _, ref := range varRefs {
		refs = append(refs, fmt.Sprint(emutest.Object(t, ref)["type"], ":", emutest.Object(t, ref)["id"]))
	}
	if want := []string{"vars:" + ownEnv, "vars:" + own1, "vars:" + own2}; strings.Join(refs, ",") != strings.Join(want, ",") {
		t.Errorf("vars relationship %v, want %v", refs, want)
	}
	if inc := r.included(t); len(inc) != 3 || inc[0]["type"] != "vars" || attrs(t, inc[0])["key"] != "a" {
		t.Errorf("include=vars: %v", inc)
	}

	assigned := map[string]any{"workspaces": map[string]any{"data": []any{map[string]any{"type": "workspaces", "id": id}}}}
	toProject := map[string]any{"projects": map[string]any{"data": []any{map[string]any{"type": "projects", "id": prj}}}}
	global := newSet("global", map[string]any{"global": true}, nil)
	byProject := newSet("by-project", map[string]any{}, toProject)
	zeta := newSet("zeta", map[string]any{}, assigned)
	alpha := newSet("alpha", map[string]any{}, assigned)
	priority := newSet("priority", map[string]any{"priority": true}, toProject)
	setVars := func(set string) string { return "/api/v2/varsets/" + set + "/relationships/vars" }
	newVar(setVars(global), "a", "global", "terraform")          // the workspace's own wins
	gOnly := newVar(setVars(global), "g", "global", "terraform") // nothing else has g
	newVar(setVars(global), "c", "global", "terraform")          // a project's set wins
	pC := newVar(setVars(byProject), "c", "project", "terraform")
	newVar(setVars(byProject), "d", "project", "terraform") // a workspace's set wins
	newVar(setVars(zeta), "d", "zeta", "terraform")         // alpha's name comes first
	alphaD := newVar(setVars(alpha), "d", "alpha", "terraform")
	prioB := newVar(setVars(priority), "b", "priority", "terraform") // over the workspace's own

	got := map[string]string{}
	for _, v := range a.get(workspacePath(id) + "/all-vars").list(t) {
		got[fmt.Sprint(v["id"])] = fmt.Sprintf("%v/%v=%v", attrs(t, v)["key"], attrs(t, v)["category"], attrs(t, v)["value"])
	}
	want := map[string]string{
		own1: "a/terraform=ws", ownEnv: "a/env=ws-env", prioB: "b/terraform=priority", pC: "c/terraform=project",
		alphaD: "d/terraform=alpha", gOnly: "g/terraform=global",
	}
	if !emutest.EqualJSON(t, got, want) {
		t.Errorf("all-vars %v, want %v", got, want)
	}
	if p := a.get(workspacePath(id) + "/all-vars?page[size]=2").pagination(t); p["total-count"] != 6.0 || p["total-pages"] != 3.0 {
		t.Errorf("all-vars pagination %v", p)
	}
	emutest.WantAPIError(t, a.get(workspacePath(id)+"/all-vars?include=vars"), http.StatusBadRequest, "bad request", "Invalid include parameter")
	wantNotFound(t, a.get(workspacePath("ws-1111111111111111")+"/all-vars"))
}

func init() {
	refuseStates(stateInOrg("workspaces", stateWorkspace),
		stateInOrg("workspaces", strings.Replace(stateWorkspace, `"prj-AAAAAAAAAAAAAAAA"`, `"prj-BBBBBBBBBBBBBBBB"`, 1)),
		stateInOrg("workspaces", strings.Replace(stateWorkspace, `"tags":[]`, `"tags":["tag-AAAAAAAAAAAAAAAA"]`, 1)),
		stateInOrg("workspaces", strings.Replace(stateWorkspace, `"remote-state-consumers":[]`, `"remote-state-consumers":["ws-BBBBBBBBBBBBBBBB"]`, 1)),
		stateInOrg("workspaces", strings.Replace(stateWorkspace, `"name":"web"`, `"name":"a b"`, 1)),
		stateInOrg("workspaces", strings.Replace(stateWorkspace, `"tags":[]`, `"tags":[],"tag-bindings":[{"id":"tb-AAAAAAAAAAAAAAAA","key":""}]`, 1)),
		stateInOrg("workspaces", strings.Replace(stateWorkspace, `"tags":[]`, `"tags":[],"vcs-repo":{"identifier":"o/r"}`, 1)),
	)
	// A workspace with settings beyond the defaults, in a project, with a
	// repository, tag bindings, a consumer of its state, a lock, resources
	// and performance.
	addStateFixture("workspaces", func(a *api) roundTrip {
		prj := a.createProject("acme", "state-workspaces")
		consumer := a.workspaceID("acme", "state-consumer")
		ws := wantID(a.t, a.createWorkspace("acme", map[string]any{
			"name": "state-web", "auto-destroy-at": "2030-01-01T00:00:00Z", "execution-mode": "remote", "trigger-prefixes": []string{"modules"},
			"vcs-repo": map[string]any{"identifier": "octo/site", "oauth-token-id": a.createOAuthToken("acme"), "branch": "main"},
		}, map[string]any{"project": rel("projects", prj), "tag-bindings": bindings("tier", "1")})["id"], "ws")
		emutest.WantAPIStatus(a.t, a.do(http.MethodPost, workspacePath(ws)+"/relationships/remote-state-consumers", refs("workspaces", consumer)), http.StatusNoContent)
		a.do(http.MethodPost, workspacePath(ws)+"/actions/lock", nil).data(a.t, http.StatusOK)
		if err := a.server.SetResourceCount(ws, 4); err != nil {
			a.t.Fatal(err)
		}
		if err := a.server.SetPerformance(ws, platform.Performance{RunsCount: 3}); err != nil {
			a.t.Fatal(err)
		}
		return roundTrip{paths: []string{
			workspacePath(ws), workspacePath(ws) + "/relationships/remote-state-consumers", workspacePath(ws) + "/effective-tag-bindings",
			orgsPath + "/acme/workspaces",
		}}
	})
}

// A team's token may do with a workspace what its team's access allows:
// see it with any access, lock it with workspace-locking, change and
// delete it as its administrator; what it may not is 404, and its lists
// leave out what it may not see.
func TestWorkspace_teamTokenMayWhatItsAccessAllows(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	a.workspaceID("acme", "api")
	newTeamToken := func(name string, orgAccess map[string]any) (string, *api) {
		t.Helper()
		attrs := map[string]any{"name": name}
		if orgAccess != nil {
			attrs["organization-access"] = orgAccess
		}
		id := wantID(t, a.create(orgsPath+"/acme/teams", "teams", attrs, nil)["id"], "team")
		token, err := a.server.MintTeamToken("acme", id)
		if err != nil {
			t.Fatal(err)
		}
		return id, a.as(token)
	}
	rename := func(as *api, name string) response {
		return as.do(http.MethodPatch, workspacePath(ws), body("workspaces", map[string]any{"name": name}, nil))
	}
	lockAndUnlock := func(as *api) {
		t.Helper()
		as.do(http.MethodPost, workspacePath(ws)+"/actions/lock", nil).data(t, http.StatusOK)
		as.do(http.MethodPost, workspacePath(ws)+"/actions/unlock", nil).data(t, http.StatusOK)
	}

	// No access: nothing.
	_, none := newTeamToken("none", nil)
	wantNotFound(t, none.get(workspacePath(ws)))
	wantNotFound(t, none.get(orgsPath+"/acme/workspaces/web"))
	wantNotFound(t, rename(none, "x"))
	wantNotFound(t, none.do(http.MethodPost, workspacePath(ws)+"/actions/lock", nil))
	wantNotFound(t, none.do(http.MethodPost, orgsPath+"/acme/workspaces", body("workspaces", map[string]any{"name": "new"}, nil)))
	if got := none.names(orgsPath + "/acme/workspaces"); got != "" {
		t.Errorf("a team without access lists %q", got)
	}

	// Read access: sees it alone, and changes nothing.
	readers, read := newTeamToken("readers", nil)
	a.createTeamWorkspace(readers, ws, map[string]any{"access": "read"})
	read.get(workspacePath(ws)).data(t, http.StatusOK)
	if got := read.names(orgsPath + "/acme/workspaces"); got != "web" {
		t.Errorf("a team with read access lists %q", got)
	}
	wantNotFound(t, rename(read, "x"))
	wantNotFound(t, read.do(http.MethodPost, workspacePath(ws)+"/actions/lock", nil))
	wantNotFound(t, read.do(http.MethodPost, workspacePath(ws)+"/actions/safe-delete", nil))

	// Write access locks it, but does not change it.
	writers, write := newTeamToken("writers", nil)
	a.createTeamWorkspace(writers, ws, map[string]any{"access": "write"})
	lockAndUnlock(write)
	wantNotFound(t, rename(write, "x"))

	// Admin access changes it.
	admins, admin := newTeamToken("admins", nil)
	a.createTeamWorkspace(admins, ws, map[string]any{"access": "admin"})
	wantAttrs(t, rename(admin, "web-1").data(t, http.StatusOK), map[string]any{"name": "web-1"})

	// Project access: maintain changes the project's workspaces and
	// creates them; write only locks them.
	prj := relID(t, a.get(workspacePath(ws)).data(t, http.StatusOK), "project", "projects")
	maintainers, maintain := newTeamToken("maintainers", nil)
	a.createTeamProject(maintainers, prj, map[string]any{"access": "maintain"})
	wantAttrs(t, rename(maintain, "web-2").data(t, http.StatusOK), map[string]any{"name": "web-2"})
	maintain.create(orgsPath+"/acme/workspaces", "workspaces", map[string]any{"name": "by-maintainers"}, nil)
	projectWriters, projectWrite := newTeamToken("project-writers", nil)
	a.createTeamProject(projectWriters, prj, map[string]any{"access": "write"})
	lockAndUnlock(projectWrite)
	wantNotFound(t, rename(projectWrite, "x"))
	wantNotFound(t, projectWrite.do(http.MethodPost, orgsPath+"/acme/workspaces", body("workspaces", map[string]any{"name": "new"}, nil)))

	// Organization access: read-workspaces sees every workspace, and
	// changes none; manage-workspaces does everything.
	_, orgRead := newTeamToken("org-readers", map[string]any{"read-workspaces": true})
	if got := orgRead.names(orgsPath + "/acme/workspaces"); got != "api,by-maintainers,web-2" {
		t.Errorf("a team that reads every workspace lists %q", got)
	}
	wantNotFound(t, rename(orgRead, "x"))
	_, manage := newTeamToken("managers", map[string]any{"manage-workspaces": true})
	wantAttrs(t, rename(manage, "web-3").data(t, http.StatusOK), map[string]any{"name": "web-3"})
	emutest.WantAPIStatus(t, manage.do(http.MethodPost, workspacePath(ws)+"/actions/safe-delete", nil), http.StatusNoContent)
}

// A workspace that names an agent pool must be one the pool allows: an
// organization-scoped pool that does not exclude it, or a pool that
// allows it or its project; others are refused at the pool's pointer.
func TestWorkspace_agentPoolMustAllowTheWorkspace(t *testing.T) {
	a := newAPI(t, platform.Options{})
	defaultProject := a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	other := a.createProject("acme", "other")
	agent := func(pool string) map[string]any {
		return map[string]any{"execution-mode": "agent", "agent-pool-id": pool}
	}
	scoped := func(pool string, rels map[string]any) {
		t.Helper()
		a.do(http.MethodPatch, agentPoolPath(pool), body("agent-pools", map[string]any{"organization-scoped": false}, rels)).data(t, http.StatusOK)
	}
	refused := "the agent pool does not allow workspace"

	everyone := a.createPool("acme", "everyone")
	a.do(http.MethodPatch, workspacePath(ws), body("workspaces", agent(everyone), nil)).data(t, http.StatusOK)
	a.do(http.MethodPatch, agentPoolPath(everyone), body("agent-pools", nil, map[string]any{"excluded-workspaces": refs("workspaces", ws)})).data(t, http.StatusOK)
	wantInvalid(t, a.do(http.MethodPatch, workspacePath(ws), body("workspaces", agent(everyone), nil)), attrAt("agent-pool-id"), refused)

	byWorkspace := a.createPool("acme", "by-workspace")
	scoped(byWorkspace, nil)
	wantInvalid(t, a.do(http.MethodPatch, workspacePath(ws), body("workspaces", agent(byWorkspace), nil)), attrAt("agent-pool-id"), "by-workspace")
	scoped(byWorkspace, map[string]any{"allowed-workspaces": refs("workspaces", ws)})
	a.do(http.MethodPatch, workspacePath(ws), body("workspaces", agent(byWorkspace), nil)).data(t, http.StatusOK)

	byProject := a.createPool("acme", "by-project")
	scoped(byProject, map[string]any{"allowed-projects": refs("projects", defaultProject)})
	a.do(http.MethodPatch, workspacePath(ws), body("workspaces", agent(byProject), nil)).data(t, http.StatusOK)
	a.createWorkspace("acme", merged(map[string]any{"name": "new"}, agent(byProject)), nil)
	// Moved to another project, the workspace is out of the pool's scope.
	wantInvalid(t, a.do(http.MethodPatch, workspacePath(ws), body("workspaces", map[string]any{"execution-mode": "agent"},
		map[string]any{"agent-pool": rel("agent-pools", byProject), "project": rel("projects", other)})), "/data/relationships/agent-pool/data", refused)
	wantInvalid(t, a.do(http.MethodPost, orgsPath+"/acme/workspaces", body("workspaces", merged(map[string]any{"name": "elsewhere"}, agent(byProject)),
		map[string]any{"project": rel("projects", other)})), attrAt("agent-pool-id"), refused)
}
