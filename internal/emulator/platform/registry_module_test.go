package platform_test

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// registryModulesPath is acme's modules.
const registryModulesPath = orgsPath + "/acme/registry-modules"

// registryModulePath is the path of a module of acme by its names.
func registryModulePath(registry, namespace, name, provider string) string {
	return registryModulesPath + "/" + registry + "/" + namespace + "/" + name + "/" + provider
}

// createModule creates a module of no repository of acme and returns its
// answer.
func (a *api) createModule(attrs map[string]any) map[string]any {
	a.t.Helper()
	return a.create(registryModulesPath, "registry-modules", attrs, nil)
}

// createVCSModule creates a module of a repository of acme, through an
// OAuth token, and returns its answer.
func (a *api) createVCSModule(token string, repo map[string]any, attrs map[string]any) map[string]any {
	a.t.Helper()
	r := merged(map[string]any{"identifier": "acme/terraform-aws-network", "display-identifier": "acme/terraform-aws-network", "oauth-token-id": token}, repo)
	return a.create(registryModulesPath+"/vcs", "registry-modules", merged(map[string]any{"vcs-repo": r}, attrs), nil)
}

// A module of no repository is created in the private registry by
// default, read by its names, by its ID and by the deprecated path,
// listed, and deleted.
func TestRegistryModule_lifecycle(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	d := a.createModule(map[string]any{"name": "network", "provider": "aws"})
	id := wantID(t, d["id"], "mod")
	wantAttrs(t, d, map[string]any{
		"name": "network", "provider": "aws", "namespace": "acme", "registry-name": "private", "no-code": false,
		"status": "pending", "version-statuses": []any{}, "publishing-mechanism": nil, "vcs-repo": nil,
		"test-config": map[string]any{"tests-enabled": false},
		"permissions": map[string]any{"can-delete": true, "can-resync": true, "can-retry": true},
	})
	if relID(t, d, "organization", "organizations") != "acme" || relCount(t, d, "no-code-modules") != 0 {
		t.Errorf("relationships of %v", d)
	}
	path := registryModulePath("private", "acme", "network", "aws")
	a.wantStored(d, path)
	for _, read := range []string{"/api/v2/registry-modules/" + id, "/api/v2/registry-modules/show/acme/network/aws", registryModulePath("private", "ACME", "network", "aws")} {
		if got := a.get(read).data(t, http.StatusOK); !emutest.EqualJSON(t, got, d) {
			t.Errorf("read %s: %v, want %v", read, got, d)
		}
	}
	public := wantID(t, a.createModule(map[string]any{"name": "vpc", "provider": "aws", "registry-name": "public", "namespace": "terraform-aws-modules"})["id"], "mod")
	gcp := wantID(t, a.createModule(map[string]any{"name": "network", "provider": "google", "no-code": true})["id"], "mod")
	for query, want := range map[string]string{
		"":                                     id + "," + public + "," + gcp,
		"?q=NET":                               id + "," + gcp,
		"?filter[provider]=aws":                id + "," + public,
		"?filter[registry_name]=public":        public,
		"?filter[organization_name]=acme&q=vp": public,
		"?filter[organization_name]=other":     "",
	} {
		if got := strings.Join(ids(a.get(registryModulesPath+query).list(t)), ","); got != want {
			t.Errorf("list%s: %s, want %s", query, got, want)
		}
	}
	r := a.get(registryModulesPath + "?include=no-code-modules")
	if inc := r.included(t); len(inc) != 1 || inc[0]["type"] != "no-code-modules" {
		t.Errorf("included %v", inc)
	}

	// A delete by name takes every provider's module of the name.
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, registryModulesPath+"/private/acme/network", nil), http.StatusNoContent)
	if got := ids(a.get(registryModulesPath).list(t)); len(got) != 1 || got[0] != public {
		t.Errorf("modules after the delete by name %v", got)
	}
	a.wantDeletes(registryModulePath("public", "terraform-aws-modules", "vpc", "aws"))
}

func TestRegistryModule_createRules(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.wantCreatesRefused(registryModulesPath, "registry-modules", []refusedCreate{
		{attrs: map[string]any{"provider": "aws"}, pointer: attrAt("name"), detail: "Name can't be blank"},
		{attrs: map[string]any{"name": "n"}, pointer: attrAt("provider"), detail: "Provider can't be blank"},
		{attrs: map[string]any{"name": "n", "provider": "a/b"}, pointer: attrAt("provider"), detail: "Provider is invalid"},
		{attrs: map[string]any{"name": "n", "provider": "aws", "registry-name": "PRIVATE"}, pointer: attrAt("registry-name"), detail: "Registry name is not included in the list"},
		{attrs: map[string]any{"name": "n", "provider": "aws", "registry-name": "public"}, pointer: attrAt("namespace"), detail: "Namespace can't be blank"},
		{attrs: map[string]any{"name": "n", "provider": "aws", "namespace": "other"}, pointer: attrAt("namespace"), detail: `must be its organization's name, "acme"`},
	})
	a.createModule(map[string]any{"name": "n", "provider": "aws", "namespace": "Acme"})
	wantConflictAt(t, a.do(http.MethodPost, registryModulesPath, body("registry-modules", map[string]any{"name": "n", "provider": "aws"}, nil)),
		attrAt("name"), "Name has already been taken")
	a.createModule(map[string]any{"name": "n", "provider": "google"})
	a.createModule(map[string]any{"name": "n", "provider": "aws", "registry-name": "public", "namespace": "hashicorp"})
}

// A module of a repository takes its name and provider from the
// repository's, or those given; it publishes from a branch (its initial
// version at once) or from tags, which an update switches between.
func TestRegistryModule_ofARepository(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	token := a.createOAuthToken("acme")
	d := a.createVCSModule(token, nil, nil)
	wantAttrs(t, d, map[string]any{"name": "network", "provider": "aws", "publishing-mechanism": "git_tag", "status": "pending", "version-statuses": []any{}})
	repo, _ := attrs(t, d)["vcs-repo"].(map[string]any)
	if repo["identifier"] != "acme/terraform-aws-network" || repo["oauth-token-id"] != token || repo["tags"] != true || repo["branch"] != "" ||
		repo["ingress-submodules"] != true || repo["service-provider"] != "github" || repo["repository-http-url"] != "https://github.com/acme/terraform-aws-network" ||
		!regexp.MustCompile(`^`+regexp.QuoteMeta(a.url)+`/webhooks/vcs/[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$`).MatchString(fmt.Sprint(repo["webhook-url"])) {
		t.Errorf("vcs-repo %v", repo)
	}
	path := registryModulePath("private", "acme", "network", "aws")

	// A branch makes it branch-based; tags with an empty branch, tag-based.
	up := a.do(http.MethodPatch, path, body("registry-modules", map[string]any{"vcs-repo": map[string]any{"branch": "main", "source-directory": "modules/net"}}, nil)).data(t, http.StatusOK)
	wantAttrs(t, up, map[string]any{"publishing-mechanism": "branch"})
	if repo, _ := attrs(t, up)["vcs-repo"].(map[string]any); repo["branch"] != "main" || repo["tags"] != false || repo["source-directory"] != "modules/net" {
		t.Errorf("vcs-repo after a branch %v", repo)
	}
	wantInvalid(t, a.do(http.MethodPatch, path, body("registry-modules", map[string]any{"vcs-repo": map[string]any{"branch": "main", "tags": true}}, nil)),
		"/data/attributes/vcs-repo/branch", "branch must be empty when tags are enabled")
	up = a.do(http.MethodPatch, path, body("registry-modules", map[string]any{"vcs-repo": map[string]any{"branch": "", "tags": true}}, nil)).data(t, http.StatusOK)
	wantAttrs(t, up, map[string]any{"publishing-mechanism": "git_tag"})

	// A branch-based module with tests, explicit names and its initial
	// version, published at once.
	pool := wantID(t, a.create(orgsPath+"/acme/agent-pools", "agent-pools", map[string]any{"name": "runners"}, nil)["id"], "apool")
	d = a.createVCSModule(token, map[string]any{"branch": "main", "tag-prefix": "v"}, map[string]any{
		"name": "nested", "provider": "gcp", "initial-version": "1.2.0", "no-code": true,
		"test-config": map[string]any{"tests-enabled": true, "agent-execution-mode": "agent", "agent-pool-id": pool},
	})
	wantAttrs(t, d, map[string]any{
		"name": "nested", "provider": "gcp", "publishing-mechanism": "branch", "status": "setup_complete", "no-code": true,
		"version-statuses": []any{map[string]any{"version": "1.2.0", "status": "ok"}},
		"test-config":      map[string]any{"tests-enabled": true, "agent-execution-mode": "agent", "agent-pool-id": pool},
	})
	// The remote mode forgets the pool.
	up = a.do(http.MethodPatch, registryModulePath("private", "acme", "nested", "gcp"),
		body("registry-modules", map[string]any{"test-config": map[string]any{"agent-execution-mode": "remote"}}, nil)).data(t, http.StatusOK)
	wantAttrs(t, up, map[string]any{"test-config": map[string]any{"tests-enabled": true, "agent-execution-mode": "remote"}})

	vcs := registryModulesPath + "/vcs"
	repoOf := func(extra map[string]any) map[string]any {
		return merged(map[string]any{"identifier": "acme/modules", "display-identifier": "acme/modules", "oauth-token-id": token}, extra)
	}
	a.wantCreatesRefused(vcs, "registry-modules", []refusedCreate{
		{attrs: map[string]any{}, pointer: attrAt("vcs-repo"), detail: "vcs-repo is required"},
		{attrs: map[string]any{"vcs-repo": repoOf(nil)}, pointer: "/data/attributes/vcs-repo/identifier", detail: "Name is invalid"},
		{attrs: map[string]any{"vcs-repo": repoOf(map[string]any{"oauth-token-id": nil}), "name": "n", "provider": "p"},
			pointer: "/data/attributes/vcs-repo/oauth-token-id", detail: "one of oauth-token-id and codehost-app-installation-id is required"},
		{attrs: map[string]any{"vcs-repo": repoOf(map[string]any{"oauth-token-id": "ot-AAAAAAAAAAAAAAAA"}), "name": "n", "provider": "p"},
			pointer: "/data/attributes/vcs-repo/oauth-token-id", detail: "no OAuth token of this organization"},
		{attrs: map[string]any{"vcs-repo": repoOf(map[string]any{"display-identifier": ""}), "name": "n", "provider": "p"},
			pointer: "/data/attributes/vcs-repo/display-identifier", detail: "display-identifier is required"},
		{attrs: map[string]any{"vcs-repo": repoOf(map[string]any{"tags": true, "branch": "main"}), "name": "n", "provider": "p"},
			pointer: "/data/attributes/vcs-repo/branch", detail: "branch must be empty when tags are enabled"},
		{attrs: map[string]any{"vcs-repo": repoOf(nil), "name": "n", "provider": "p", "test-config": map[string]any{"tests-enabled": true}},
			pointer: "/data/attributes/test-config/tests-enabled", detail: "tests need a branch"},
		{attrs: map[string]any{"vcs-repo": repoOf(map[string]any{"branch": "main"}), "name": "n", "provider": "p", "initial-version": "one"},
			pointer: attrAt("initial-version"), detail: "no semantic version"},
		{attrs: map[string]any{"vcs-repo": repoOf(map[string]any{"branch": "main"}), "name": "n", "provider": "p",
			"test-config": map[string]any{"agent-execution-mode": "remote", "agent-pool-id": pool}},
			pointer: "/data/attributes/test-config/agent-pool-id", detail: "only taken with agent-execution-mode agent"},
		{attrs: map[string]any{"vcs-repo": repoOf(map[string]any{"organization-name": "other"}), "name": "n", "provider": "p"},
			pointer: "/data/attributes/vcs-repo/organization-name", detail: `is not the organization of the path`},
	})
	// A module of no repository takes no vcs-repo.
	a.createModule(map[string]any{"name": "plain", "provider": "aws"})
	wantInvalid(t, a.do(http.MethodPatch, registryModulePath("private", "acme", "plain", "aws"),
		body("registry-modules", map[string]any{"vcs-repo": map[string]any{"branch": "main"}}, nil)), attrAt("vcs-repo"), "the module has no repository")
}

// Modules of one monorepo share their names when their source
// directories differ; the same source directory is a duplicate, at a
// create and at an update. The paths by names reach the oldest, and a
// delete that names the provider deletes that one alone.
func TestRegistryModule_monorepo(t *testing.T) {
	a := newAPI(t, platform.Options{})
	clock := newClock(a)
	a.createOrg("acme")
	token := a.createOAuthToken("acme")
	src := wantID(t, a.createVCSModule(token, map[string]any{"source-directory": "src", "tag-prefix": "v"}, nil)["id"], "mod")
	clock.advance(time.Second)
	root := a.createVCSModule(token, map[string]any{"tag-prefix": "v"}, nil)
	rootID := wantID(t, root["id"], "mod")
	wantAttrs(t, root, map[string]any{"name": "network", "provider": "aws", "namespace": "acme"})
	if repo, _ := attrs(t, root)["vcs-repo"].(map[string]any); repo["source-directory"] != "" || repo["tag-prefix"] != "v" {
		t.Errorf("vcs-repo of the root's module %v", repo)
	}
	clock.advance(time.Second)
	other := wantID(t, a.createVCSModule(token, map[string]any{"identifier": "acme/modules", "display-identifier": "acme/modules", "source-directory": "aws/network"},
		map[string]any{"name": "network", "provider": "aws"})["id"], "mod")

	// The same source directory, of any repository, is a duplicate; a
	// module of no repository has none, as the root's module.
	vcs := registryModulesPath + "/vcs"
	repo := map[string]any{"identifier": "acme/other", "display-identifier": "acme/other", "oauth-token-id": token, "source-directory": "src"}
	wantConflictAt(t, a.do(http.MethodPost, vcs, body("registry-modules", map[string]any{"vcs-repo": repo, "name": "network", "provider": "aws"}, nil)),
		attrAt("name"), `Name has already been taken: the organization has the private module acme/network/aws (`+src+`), of the source directory "src"`)
	wantConflictAt(t, a.do(http.MethodPost, registryModulesPath, body("registry-modules", map[string]any{"name": "network", "provider": "aws"}, nil)),
		attrAt("name"), "Name has already been taken: the organization has the private module acme/network/aws ("+rootID+")")
	if got := strings.Join(ids(a.get(registryModulesPath).list(t)), ","); got != src+","+rootID+","+other {
		t.Errorf("list %s, want the three, oldest first", got)
	}

	// The paths by names reach the oldest; the others, their IDs.
	path := registryModulePath("private", "acme", "network", "aws")
	for _, read := range []string{path, "/api/v2/registry-modules/show/acme/network/aws"} {
		if got := a.get(read).data(t, http.StatusOK)["id"]; got != src {
			t.Errorf("read %s: %v, want the oldest, %s", read, got, src)
		}
	}
	if got := a.get("/api/v2/registry-modules/"+rootID).data(t, http.StatusOK); !emutest.EqualJSON(t, got, root) {
		t.Errorf("read by ID %v, want %v", got, root)
	}
	wantConflictAt(t, a.do(http.MethodPatch, path, body("registry-modules", map[string]any{"vcs-repo": map[string]any{"source-directory": ""}}, nil)),
		"/data/attributes/vcs-repo/source-directory", "Name has already been taken: the organization has the private module acme/network/aws ("+rootID+")")
	up := a.do(http.MethodPatch, path, body("registry-modules", map[string]any{"vcs-repo": map[string]any{"source-directory": "modules/network"}}, nil)).data(t, http.StatusOK)
	if repo, _ := attrs(t, up)["vcs-repo"].(map[string]any); up["id"] != src || repo["source-directory"] != "modules/network" {
		t.Errorf("update by names %v", up)
	}

	// A delete that names the provider deletes the oldest alone; the next
	// then has the path.
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, path, nil), http.StatusNoContent)
	wantNotFound(t, a.get("/api/v2/registry-modules/"+src))
	if got := a.get(path).data(t, http.StatusOK)["id"]; got != rootID {
		t.Errorf("read after the delete: %v, want %s", got, rootID)
	}
	// A delete by name deletes every module of the name.
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, registryModulesPath+"/private/acme/network", nil), http.StatusNoContent)
	if got := ids(a.get(registryModulesPath).list(t)); len(got) != 0 {
		t.Errorf("modules after the delete by name %v", got)
	}
}

// The deprecated create takes the organization from the OAuth token, and
// a code-host app installation under either name.
func TestRegistryModule_deprecatedCreateAndInstallations(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	token := a.createOAuthToken("acme")
	d := a.create("/api/v2/registry-modules", "registry-modules", map[string]any{"vcs-repo": map[string]any{
		"identifier": "acme/terraform-aws-dns", "display-identifier": "acme/terraform-aws-dns", "oauth-token-id": token,
	}}, nil)
	wantAttrs(t, d, map[string]any{"name": "dns", "namespace": "acme"})
	d = a.createVCSModule("", map[string]any{"github-app-installation-id": "ghain-AAAAAAAAAAAAAAAA", "identifier": "acme/terraform-aws-app", "display-identifier": "acme/terraform-aws-app"}, nil)
	if repo, _ := attrs(t, d)["vcs-repo"].(map[string]any); repo["codehost-app-installation-id"] != "ghain-AAAAAAAAAAAAAAAA" || repo["service-provider"] != "github_app" {
		t.Errorf("vcs-repo %v", repo)
	}
	// Commits: none for a module of a repository, 404 for one without.
	if r := a.get(registryModulePath("private", "acme", "app", "aws") + "/commits"); len(r.list(t)) != 0 {
		t.Errorf("commits %s", r.Body)
	}
	a.createModule(map[string]any{"name": "plain", "provider": "aws"})
	wantNotFound(t, a.get(registryModulePath("private", "acme", "plain", "aws")+"/commits"))
	// The deprecated delete by name takes the public module of the name.
	a.createModule(map[string]any{"name": "vpc", "provider": "aws", "registry-name": "public", "namespace": "hashicorp"})
	emutest.WantAPIStatus(t, a.do(http.MethodPost, "/api/v2/registry-modules/actions/delete/acme/vpc", nil), http.StatusNoContent)
	wantNotFound(t, a.get(registryModulePath("public", "hashicorp", "vpc", "aws")))
	wantNotFound(t, a.do(http.MethodPost, "/api/v2/registry-modules/actions/delete/acme/vpc", nil))
	emutest.WantAPIStatus(t, a.do(http.MethodPost, "/api/v2/registry-modules/actions/delete/acme/plain/aws", nil), http.StatusNoContent)
}

// A module's update takes no-code and its tag bindings, which replace its
// own.
func TestRegistryModule_noCodeAndTagBindings(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	id := wantID(t, a.createModule(map[string]any{"name": "vault", "provider": "aws", "registry-name": "public", "namespace": "hashicorp"})["id"], "mod")
	path := registryModulePath("public", "hashicorp", "vault", "aws")
	d := a.do(http.MethodPatch, path, body("registry-modules", map[string]any{"no-code": true}, map[string]any{"tag-bindings": bindings("env", "prod")})).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"no-code": true})
	if relCount(t, d, "no-code-modules") != 1 {
		t.Errorf("no-code-modules of %v", d)
	}
	if list := a.get("/api/v2/registry-modules/" + id + "/tag-bindings").list(t); len(list) != 1 || attrs(t, list[0])["key"] != "env" {
		t.Errorf("bindings %v", list)
	}
	d = a.do(http.MethodPatch, path, body("registry-modules", map[string]any{"no-code": false}, map[string]any{"tag-bindings": bindings()})).data(t, http.StatusOK)
	if wantAttrs(t, d, map[string]any{"no-code": false}); relCount(t, d, "no-code-modules") != 0 || len(a.get("/api/v2/registry-modules/"+id+"/tag-bindings").list(t)) != 0 {
		t.Errorf("after an update without: %v", d)
	}
}

// Whoever sees the organization reads its modules; the owners and the
// teams with manage-modules change them; the rest is 404.
func TestRegistryModule_whoManagesModules(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createModule(map[string]any{"name": "network", "provider": "aws"})
	path := registryModulePath("private", "acme", "network", "aws")
	module := map[string]any{"name": "new", "provider": "aws"}

	bob, _ := a.server.MintUserToken("bob")
	wantNotFound(t, a.as(bob).get(path))
	plainToken, _ := a.server.MintTeamToken("acme", a.createTeam("acme", "plain"))
	plain := a.as(plainToken)
	wantAttrs(t, plain.get(path).data(t, http.StatusOK), map[string]any{"permissions": map[string]any{"can-delete": false, "can-resync": false, "can-retry": false}})
	wantNotFound(t, plain.do(http.MethodPost, registryModulesPath, body("registry-modules", module, nil)))
	wantNotFound(t, plain.do(http.MethodPatch, path, body("registry-modules", map[string]any{"no-code": true}, nil)))
	wantNotFound(t, plain.do(http.MethodDelete, path, nil))

	team := a.createTeam("acme", "modules")
	a.do(http.MethodPatch, "/api/v2/teams/"+team, body("teams", map[string]any{"organization-access": map[string]any{"manage-modules": true}}, nil)).data(t, http.StatusOK)
	token, _ := a.server.MintTeamToken("acme", team)
	a.as(token).createModule(module)
	emutest.WantAPIStatus(t, a.as(token).do(http.MethodDelete, path, nil), http.StatusNoContent)
}

func init() {
	// A module of no repository, and a branch-based one of a repository
	// with its tests on an agent pool.
	addStateFixture("registry-modules", func(a *api) roundTrip {
		a.createModule(map[string]any{"name": "state-plain", "provider": "aws", "no-code": true})
		token := a.createOAuthToken("acme")
		pool := wantID(a.t, a.create(orgsPath+"/acme/agent-pools", "agent-pools", map[string]any{"name": "state-module-runners"}, nil)["id"], "apool")
		d := a.createVCSModule(token, map[string]any{"identifier": "acme/terraform-aws-state", "branch": "main"},
			map[string]any{"test-config": map[string]any{"tests-enabled": true, "agent-execution-mode": "agent", "agent-pool-id": pool}})
		return roundTrip{paths: []string{
			registryModulePath("private", "acme", "state-plain", "aws"), "/api/v2/registry-modules/" + wantID(a.t, d["id"], "mod"), registryModulesPath,
		}}
	})
	// Modules: of an organization in the file, of a known registry, with a
	// name and provider, a public one with a namespace of its own; a
	// repository's with its connection and webhook; a pool of its own
	// organization in the agent mode.
	const stateModule = `{"id":"mod-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","registry-name":"private","name":"network","provider":"aws",` +
		`"vcs-repo":{"identifier":"acme/net","display-identifier":"acme/net","oauth-token-id":"ot-AAAAAAAAAAAAAAAA","branch":"main","webhook":"0b7a4c1e-7d2f-4a8e-9c3b-5e6f7a8b9c0d"},` +
		`"test-config":{"tests-enabled":true}}`
	refuseStates(stateInOrg("registry-modules", stateModule),
		stateInOrg("registry-modules", strings.Replace(stateModule, "org-AAAAAAAAAAAAAAAA", "org-BBBBBBBBBBBBBBBB", 1)),
		stateInOrg("registry-modules", strings.Replace(stateModule, `"private"`, `"mine"`, 1)),
		stateInOrg("registry-modules", strings.Replace(stateModule, `"aws"`, `""`, 1)),
		stateInOrg("registry-modules", strings.Replace(stateModule, `"private"`, `"public"`, 1)),
		stateInOrg("registry-modules", strings.Replace(stateModule, `"private"`, `"private","namespace":"acme"`, 1)),
		stateInOrg("registry-modules", strings.Replace(stateModule, `"webhook":"0b7a4c1e-7d2f-4a8e-9c3b-5e6f7a8b9c0d"`, `"webhook":"x"`, 1)),
		stateInOrg("registry-modules", strings.Replace(stateModule, `,"branch":"main"`, ``, 1)),
		stateInOrg("registry-modules", strings.Replace(stateModule, `"tests-enabled":true`, `"tests-enabled":true,"agent-execution-mode":"agent","agent-pool-id":"apool-AAAAAAAAAAAAAAAA"`, 1)),
	)
}
