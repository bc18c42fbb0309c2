package platform_test

import (
	"net/http"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

func policySetsPath(org string) string { return orgsPath + "/" + org + "/policy-sets" }
func policySetPath(id string) string   { return "/api/v2/policy-sets/" + id }

// createPolicySet creates a set of acme with attrs and rels and returns
// its ID.
func (a *api) createPolicySet(attrs, rels map[string]any) string {
	a.t.Helper()
	return wantID(a.t, a.create(policySetsPath("acme"), "policy-sets", attrs, rels)["id"], "polset")
}

func TestPolicySet_createReadUpdateDelete(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	pol := a.createPolicy("acme", "deny", "opa")
	ws, prj := a.workspaceID("acme", "web"), a.createProject("acme", "apps")
	excluded, excludedPrj := a.workspaceID("acme", "sandbox"), a.createProject("acme", "labs")
	d := a.create(policySetsPath("acme"), "policy-sets", map[string]any{
		"name": "baseline", "description": "what every run meets", "kind": "opa", "overridable": true, "policy-update-patterns": []any{"*.rego"},
	}, map[string]any{
		"policies": refs("policies", pol), "workspaces": refs("workspaces", ws), "projects": refs("projects", prj),
		"workspace-exclusions": refs("workspaces", excluded), "project-exclusions": refs("projects", excludedPrj),
	})
	id := wantID(t, d["id"], "polset")
	wantAttrs(t, d, map[string]any{
		"name": "baseline", "description": "what every run meets", "kind": "opa", "global": false, "overridable": true,
		"agent-enabled": true, "policy-tool-version": "latest", "policies-path": nil, "policy-update-patterns": []any{"*.rego"},
		"vcs-repo": nil, "policy-count": 1, "workspace-count": 1, "project-count": 1, "tag-selectors": []any{}, "tag-selector-matching-logic": nil,
	})
	for rel, want := range map[string][2]string{
		"policies": {"policies", pol}, "workspaces": {"workspaces", ws}, "projects": {"projects", prj},
		"workspace-exclusions": {"workspaces", excluded}, "project-exclusions": {"projects", excludedPrj},
	} {
		if got := toManyIDs(t, d, rel, want[0]); !slices.Equal(got, []string{want[1]}) {
			t.Errorf("%s %v, want %s", rel, got, want[1])
		}
	}
	if relID(t, d, "newest-version", "policy-set-versions") != "" || relID(t, d, "organization", "organizations") != "acme" {
		t.Errorf("set %v", d)
	}
	a.wantStored(d, policySetPath(id))
	wantAttrs(t, a.get(policyPath(pol)).data(t, http.StatusOK), map[string]any{"policy-set-count": 1})

	// include= gives the members whole, with underscores or hyphens.
	r := a.get(policySetPath(id) + "?include=policies,workspaces,workspace_exclusions,projects,project-exclusions")
	r.data(t, http.StatusOK)
	if got := ids(r.included(t)); !slices.Equal(got, []string{pol, ws, excluded, prj, excludedPrj}) {
		t.Errorf("included %v", got)
	}
	emutest.WantAPIError(t, a.get(policySetPath(id)+"?include=runs"), http.StatusBadRequest, "bad request", "include parameter")

	// An update's workspaces replace the set's.
	other := a.workspaceID("acme", "api")
	u := a.do(http.MethodPatch, policySetPath(id), body("policy-sets", map[string]any{"name": "baseline-2", "description": ""},
		map[string]any{"workspaces": refs("workspaces", other)})).data(t, http.StatusOK)
	wantAttrs(t, u, map[string]any{"name": "baseline-2", "description": nil, "workspace-count": 1})
	if got := toManyIDs(t, u, "workspaces", "workspaces"); !slices.Equal(got, []string{other}) {
		t.Errorf("workspaces after the update %v, want %s", got, other)
	}
	wantInvalid(t, a.do(http.MethodPatch, policySetPath(id), body("policy-sets", map[string]any{"kind": "sentinel"}, nil)), attrAt("kind"), "kind cannot be changed")
	a.wantDeletes(policySetPath(id))
	wantAttrs(t, a.get(policyPath(pol)).data(t, http.StatusOK), map[string]any{"policy-set-count": 0})
}

// A Sentinel set evaluates in the agent only with agent-enabled: without
// it, overridable is null and policy-tool-version "", whatever was given;
// with it, the version is latest unless given, and a version given must be
// one of the site's.
func TestPolicySet_agentAndToolVersion(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createEngineVersion("sentinel-versions", "0.30.0")
	plain := a.create(policySetsPath("acme"), "policy-sets", map[string]any{"name": "a", "overridable": true, "policy-tool-version": "0.30.0"}, nil)
	wantAttrs(t, plain, map[string]any{"kind": "sentinel", "agent-enabled": false, "overridable": nil, "policy-tool-version": ""})

	agent := a.create(policySetsPath("acme"), "policy-sets", map[string]any{"name": "b", "agent-enabled": true, "overridable": true}, nil)
	wantAttrs(t, agent, map[string]any{"agent-enabled": true, "overridable": true, "policy-tool-version": "latest"})
	id := wantID(t, agent["id"], "polset")
	pinned := a.do(http.MethodPatch, policySetPath(id), body("policy-sets", map[string]any{"policy-tool-version": "0.30.0"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, pinned, map[string]any{"policy-tool-version": "0.30.0"})
	versions := a.get(enginePath("sentinel-versions") + "?filter[version]=0.30.0").list(t)
	wantAttrs(t, versions[0], map[string]any{"usage": 1})
	off := a.do(http.MethodPatch, policySetPath(id), body("policy-sets", map[string]any{"agent-enabled": false}, nil)).data(t, http.StatusOK)
	wantAttrs(t, off, map[string]any{"agent-enabled": false, "overridable": nil, "policy-tool-version": ""})

	wantInvalid(t, a.do(http.MethodPost, policySetsPath("acme"), body("policy-sets", map[string]any{"name": "c", "agent-enabled": true, "policy-tool-version": "9.9.9"}, nil)),
		attrAt("policy-tool-version"), `the site has no sentinel version "9.9.9"`)
	// An OPA set takes the OPA versions, and is always in the agent.
	wantInvalid(t, a.do(http.MethodPost, policySetsPath("acme"), body("policy-sets", map[string]any{"name": "c", "kind": "opa", "policy-tool-version": "0.30.0"}, nil)),
		attrAt("policy-tool-version"), `the site has no opa version "0.30.0"`)
	opa := a.create(policySetsPath("acme"), "policy-sets", map[string]any{"name": "c", "kind": "opa", "agent-enabled": false, "policy-tool-version": "0.59.0"}, nil)
	wantAttrs(t, opa, map[string]any{"agent-enabled": true, "policy-tool-version": "0.59.0", "overridable": false})
}

func TestPolicySet_createRules(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	opaPolicy, foreignPolicy := a.createPolicy("acme", "deny", "opa"), a.createPolicy("other", "deny", "sentinel")
	ws, foreignWS := a.workspaceID("acme", "web"), a.workspaceID("other", "web")
	a.createPolicySet(map[string]any{"name": "taken"}, nil)
	rels := func(name string, ids ...string) map[string]any {
		typ := map[string]string{"policies": "policies", "workspaces": "workspaces", "projects": "projects"}[name]
		return map[string]any{name: refs(typ, ids...)}
	}
	a.wantCreatesRefused(policySetsPath("acme"), "policy-sets", []refusedCreate{
		{attrs: map[string]any{}, pointer: attrAt("name"), detail: "name is required"},
		{attrs: map[string]any{"name": "a b"}, pointer: attrAt("name"), detail: "letters, numbers, - and _ only"},
		{attrs: map[string]any{"name": "p", "kind": "rego"}, pointer: attrAt("kind"), detail: `invalid kind "rego"`},
		{attrs: map[string]any{"name": "p"}, rels: rels("policies", opaPolicy), pointer: "/data/relationships/policies/data/0/id",
			detail: "is a opa policy: a sentinel policy set holds sentinel policies only"},
		{attrs: map[string]any{"name": "p"}, rels: rels("policies", foreignPolicy), pointer: "/data/relationships/policies/data/0/id", detail: "not a policy of this organization"},
		{attrs: map[string]any{"name": "p"}, rels: rels("workspaces", foreignWS), pointer: "/data/relationships/workspaces/data/0/id", detail: "not a workspace of this organization"},
		{attrs: map[string]any{"name": "p", "global": true}, rels: rels("workspaces", ws), pointer: "/data/relationships/workspaces/data", detail: "a global policy set applies to every workspace"},
		{attrs: map[string]any{"name": "p", "policies-path": "policies"}, pointer: attrAt("policies-path"), detail: "policies-path needs vcs-repo"},
		{attrs: map[string]any{"name": "p", "tag-selector-matching-logic": "some"}, pointer: attrAt("tag-selector-matching-logic"), detail: "must be any or all"},
	})
	wantConflictAt(t, a.do(http.MethodPost, policySetsPath("acme"), body("policy-sets", map[string]any{"name": "TAKEN"}, nil)), attrAt("name"), "Name has already been taken")
	// Names are unique in their organization alone.
	a.create(policySetsPath("other"), "policy-sets", map[string]any{"name": "taken"}, nil)
	if got := ids(a.get(policySetsPath("other")).list(t)); len(got) != 1 {
		t.Errorf("other's sets %v, want its one", got)
	}
	// A set made global keeps no workspace: it is refused while it has
	// some.
	id := a.createPolicySet(map[string]any{"name": "scoped"}, rels("workspaces", ws))
	wantInvalid(t, a.do(http.MethodPatch, policySetPath(id), body("policy-sets", map[string]any{"global": true}, nil)),
		"/data/relationships/workspaces/data", "a global policy set applies to every workspace: it takes none (it has 1)")
}

// A set backed by a repository answers what the workspaces' connections
// answer, and a webhook URL on the emulator's address; it takes no
// policies one by one, nor versions.
func TestPolicySet_vcsBacked(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	token := a.createOAuthToken("acme")
	repo := map[string]any{"identifier": "acme/policies", "branch": "main", "ingress-submodules": true, "oauth-token-id": token}
	d := a.create(policySetsPath("acme"), "policy-sets", map[string]any{"name": "vcs", "policies-path": "sets/base", "vcs-repo": repo}, nil)
	id := wantID(t, d["id"], "polset")
	got := emutest.Object(t, attrs(t, d)["vcs-repo"])
	webhook, _ := got["webhook-url"].(string)
	if !regexp.MustCompile(`^` + regexp.QuoteMeta(a.url) + `/webhooks/vcs/[a-f0-9]{8}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{4}-[a-f0-9]{12}$`).MatchString(webhook) {
		t.Errorf("webhook-url %q", webhook)
	}
	delete(got, "webhook-url")
	want := map[string]any{
		"identifier": "acme/policies", "display-identifier": "acme/policies", "branch": "main", "ingress-submodules": true,
		"oauth-token-id": token, "codehost-app-installation-id": nil, "repository-http-url": "https://github.com/acme/policies", "service-provider": "github",
	}
	if !emutest.EqualJSON(t, got, want) {
		t.Errorf("vcs-repo %v, want %v", got, want)
	}
	wantAttrs(t, d, map[string]any{"policies-path": "sets/base"})

	pol := a.createPolicy("acme", "deny", "sentinel")
	wantInvalid(t, a.do(http.MethodPost, policySetPath(id)+"/relationships/policies", refs("policies", pol)),
		"/data/0/id", "a VCS-backed policy set takes its policies from its repository")
	emutest.WantAPIError(t, a.do(http.MethodPost, policySetPath(id)+"/versions", nil), http.StatusUnprocessableEntity, "invalid attribute", "is VCS-backed")
	a.wantCreatesRefused(policySetsPath("acme"), "policy-sets", []refusedCreate{
		{attrs: map[string]any{"name": "p", "vcs-repo": map[string]any{"identifier": "acme/p"}}, pointer: attrAt("vcs-repo") + "/oauth-token-id", detail: "one of oauth-token-id"},
		{attrs: map[string]any{"name": "p", "vcs-repo": map[string]any{"identifier": "acme/p", "oauth-token-id": "ot-AAAAAAAAAAAAAAAA"}}, pointer: attrAt("vcs-repo") + "/oauth-token-id", detail: "no OAuth token of this organization"},
		{attrs: map[string]any{"name": "p", "vcs-repo": map[string]any{"identifier": "p", "oauth-token-id": token}}, pointer: attrAt("vcs-repo") + "/identifier", detail: "owner and name"},
	})
	// Through an app installation, the GitHub app.
	app := a.create(policySetsPath("acme"), "policy-sets", map[string]any{"name": "app", "vcs-repo": map[string]any{
		"identifier": "acme/policies", "codehost-app-installation-id": "ghain-AAAAAAAAAAAAAAAA",
	}}, nil)
	if got := emutest.Object(t, attrs(t, app)["vcs-repo"]); got["service-provider"] != "github_app" || got["oauth-token-id"] != nil {
		t.Errorf("vcs-repo through an app %v", got)
	}
}

// The relationship endpoints add and remove members; each kind of member
// is checked as a create checks it; a global set takes no workspace.
func TestPolicySet_relationshipEndpoints(t *testing.T) {
	a := newAPI(t, platform.Options{})
	clk := newClock(a)
	a.createOrg("acme")
	a.createOrg("other")
	set := a.createPolicySet(map[string]any{"name": "s"}, nil)
	pol, ws, prj := a.createPolicy("acme", "p", "sentinel"), a.workspaceID("acme", "web"), a.createProject("acme", "apps")
	before := attrs(t, a.get(policySetPath(set)).data(t, http.StatusOK))["updated-at"]
	clk.advance(60_000_000_000)
	for rel, member := range map[string][2]string{
		"policies": {"policies", pol}, "workspaces": {"workspaces", ws}, "projects": {"projects", prj},
		"workspace-exclusions": {"workspaces", ws}, "project-exclusions": {"projects", prj},
	} {
		path := policySetPath(set) + "/relationships/" + rel
		emutest.WantAPIStatus(t, a.do(http.MethodPost, path, refs(member[0], member[1])), http.StatusNoContent)
		emutest.WantAPIStatus(t, a.do(http.MethodPost, path, refs(member[0], member[1])), http.StatusNoContent)
		d := a.get(policySetPath(set)).data(t, http.StatusOK)
		if got := toManyIDs(t, d, rel, member[0]); !slices.Equal(got, []string{member[1]}) {
			t.Errorf("%s after adding twice: %v", rel, got)
		}
		emutest.WantAPIStatus(t, a.do(http.MethodDelete, path, refs(member[0], member[1])), http.StatusNoContent)
		if got := toManyIDs(t, a.get(policySetPath(set)).data(t, http.StatusOK), rel, member[0]); len(got) != 0 {
			t.Errorf("%s after the removal: %v", rel, got)
		}
		wantInvalid(t, a.do(http.MethodPost, path, refs(member[0])), "/data", "at least one member is required")
	}
	if after := attrs(t, a.get(policySetPath(set)).data(t, http.StatusOK))["updated-at"]; after == before {
		t.Errorf("updated-at %v did not change", after)
	}
	wantInvalid(t, a.do(http.MethodPost, policySetPath(set)+"/relationships/projects", refs("projects", a.createProject("other", "elsewhere"))),
		"/data/0/id", "not a project of this organization")
	global := a.createPolicySet(map[string]any{"name": "g", "global": true}, nil)
	wantInvalid(t, a.do(http.MethodPost, policySetPath(global)+"/relationships/workspaces", refs("workspaces", ws)),
		"/data", "a global policy set applies to every workspace: it takes none")
	emutest.WantAPIStatus(t, a.do(http.MethodPost, policySetPath(global)+"/relationships/workspace-exclusions", refs("workspaces", ws)), http.StatusNoContent)
	wantNotFound(t, a.do(http.MethodPost, policySetPath("polset-AAAAAAAAAAAAAAAA")+"/relationships/workspaces", refs("workspaces", ws)))
}

// A deleted policy, workspace or project leaves the sets it is in.
func TestPolicySet_deletedMembersLeave(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	pol, ws, prj := a.createPolicy("acme", "p", "sentinel"), a.workspaceID("acme", "web"), a.createProject("acme", "apps")
	set := a.createPolicySet(map[string]any{"name": "s"}, map[string]any{
		"policies": refs("policies", pol), "workspaces": refs("workspaces", ws), "projects": refs("projects", prj),
		"workspace-exclusions": refs("workspaces", ws), "project-exclusions": refs("projects", prj),
	})
	for _, path := range []string{policyPath(pol), workspacePath(ws), "/api/v2/projects/" + prj} {
		emutest.WantAPIStatus(t, a.do(http.MethodDelete, path, nil), http.StatusNoContent)
	}
	wantAttrs(t, a.get(policySetPath(set)).data(t, http.StatusOK), map[string]any{"policy-count": 0, "workspace-count": 0, "project-count": 0})
}

// A policy joins the sets its create names, of its kind and organization.
func TestPolicySet_policyJoinsSetsOnCreate(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	set, opaSet := a.createPolicySet(map[string]any{"name": "s"}, nil), a.createPolicySet(map[string]any{"name": "o", "kind": "opa"}, nil)
	d := a.create(policiesPath("acme"), "policies", map[string]any{"name": "p", "enforcement-level": "advisory"}, map[string]any{"policy-sets": refs("policy-sets", set)})
	wantAttrs(t, d, map[string]any{"policy-set-count": 1})
	wantInvalid(t, a.do(http.MethodPost, policiesPath("acme"), body("policies", map[string]any{"name": "q", "enforcement-level": "advisory"},
		map[string]any{"policy-sets": refs("policy-sets", opaSet)})), "/data/relationships/policy-sets/data/0/id", "a opa policy set holds opa policies only")
}

func TestPolicySet_tagSelectors(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	set := a.createPolicySet(map[string]any{"name": "s", "tag-selectors": []any{map[string]any{"tag-key": "env", "tag-value": "prod", "is-exclude": false}}}, nil)
	sel := map[string]any{"data": []any{map[string]any{"tag-key": "team", "tag-value": nil, "is-exclude": true}}}
	emutest.WantAPIStatus(t, a.do(http.MethodPost, policySetPath(set)+"/tag-selectors", sel), http.StatusNoContent)
	wantAttrs(t, a.get(policySetPath(set)).data(t, http.StatusOK), map[string]any{"tag-selectors": []any{
		map[string]any{"tag-key": "env", "tag-value": "prod", "is-exclude": false},
		map[string]any{"tag-key": "team", "tag-value": nil, "is-exclude": true},
	}})
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, policySetPath(set)+"/tag-selectors", sel), http.StatusNoContent)
	wantAttrs(t, a.get(policySetPath(set)).data(t, http.StatusOK), map[string]any{"tag-selectors": []any{
		map[string]any{"tag-key": "env", "tag-value": "prod", "is-exclude": false},
	}})
	wantInvalid(t, a.do(http.MethodPost, policySetPath(set)+"/tag-selectors", map[string]any{"data": []any{}}), "/data", "at least one")
}

func TestPolicySet_listFilters(t *testing.T) {
	a := newAPI(t, platform.Options{})
	clk := newClock(a)
	a.createOrg("acme")
	a.createPolicySet(map[string]any{"name": "Base"}, nil)
	clk.advance(1)
	a.createPolicySet(map[string]any{"name": "opa-base", "kind": "opa"}, nil)
	clk.advance(1)
	versioned := a.createPolicySet(map[string]any{"name": "other"}, nil)
	a.do(http.MethodPost, policySetPath(versioned)+"/versions", nil).data(t, http.StatusCreated)
	a.wantNames(policySetsPath("acme"), map[string]string{
		"":                         "Base,opa-base,other",
		"?search[name]=BASE":       "Base,opa-base",
		"?filter[kind]=opa":        "opa-base",
		"?filter[versioned]=true":  "other",
		"?filter[versioned]=false": "Base,opa-base",
	})
}

// Sets are read by whoever sees the organization, and managed by its
// owners and the teams with manage-policies; the rest is 404.
func TestPolicySet_whoManagesSets(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	set := a.createPolicySet(map[string]any{"name": "s"}, nil)
	plainToken, _ := a.server.MintTeamToken("acme", a.createTeam("acme", "plain"))
	plain := a.as(plainToken)
	plain.get(policySetPath(set)).data(t, http.StatusOK)
	wantNotFound(t, plain.do(http.MethodPost, policySetsPath("acme"), body("policy-sets", map[string]any{"name": "n"}, nil)))
	wantNotFound(t, plain.do(http.MethodPatch, policySetPath(set), body("policy-sets", map[string]any{"description": "d"}, nil)))
	wantNotFound(t, plain.do(http.MethodPost, policySetPath(set)+"/relationships/workspaces", refs("workspaces", a.workspaceID("acme", "w"))))
	wantNotFound(t, plain.do(http.MethodDelete, policySetPath(set), nil))
}

func init() {
	const stateSet = `{"id":"polset-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","name":"s","kind":"sentinel",` +
		`"policies":[],"workspaces":["ws-AAAAAAAAAAAAAAAA"],"projects":[],"workspace-exclusions":[],"project-exclusions":[],` +
		`"created-at":"2025-01-01T00:00:00Z","updated-at":"2025-01-01T00:00:00Z"}`
	refuseStates(stateInOrg("workspaces", stateWorkspace, "policy-sets", stateSet),
		stateInOrg("workspaces", stateWorkspace, "policy-sets", strings.Replace(stateSet, `"name":"s"`, `"name":"a b"`, 1)),
		stateInOrg("workspaces", stateWorkspace, "policy-sets", strings.Replace(stateSet, `"sentinel"`, `"rego"`, 1)),
		stateInOrg("workspaces", stateWorkspace, "policy-sets", strings.Replace(stateSet, `"kind"`, `"global":true,"kind"`, 1)),
		stateInOrg("workspaces", stateWorkspace, "policy-sets", strings.Replace(stateSet, `"ws-AAAAAAAAAAAAAAAA"`, `"ws-BBBBBBBBBBBBBBBB"`, 1)),
		stateInOrg("workspaces", stateWorkspace, "policy-sets", strings.Replace(stateSet, `"policies":[]`, `"policies":["pol-AAAAAAAAAAAAAAAA"]`, 1)),
		stateInOrg("workspaces", stateWorkspace, "policy-sets", strings.Replace(stateSet, "org-AAAAAAAAAAAAAAAA", "org-BBBBBBBBBBBBBBBB", 1)),
	)
	// A set of every kind of member, pinned to a version of its engine,
	// with a version of its own.
	addStateFixture("policy-sets", func(a *api) roundTrip {
		pol, ws, prj := a.createPolicy("acme", "state-set-policy", "sentinel"), a.workspaceID("acme", "state-set"), a.createProject("acme", "state-set")
		set := a.createPolicySet(map[string]any{
			"name": "state-set", "agent-enabled": true, "overridable": true, "policy-tool-version": "0.22.1", "policy-update-patterns": []any{"*.sentinel"},
			"tag-selectors": []any{map[string]any{"tag-key": "env", "tag-value": nil, "is-exclude": true}}, "tag-selector-matching-logic": "all",
		}, map[string]any{
			"policies": refs("policies", pol), "workspaces": refs("workspaces", ws), "projects": refs("projects", prj),
			"workspace-exclusions": refs("workspaces", a.workspaceID("acme", "state-set-out")), "project-exclusions": refs("projects", a.createProject("acme", "state-set-out")),
		})
		token := a.createOAuthToken("acme")
		vcs := a.createPolicySet(map[string]any{"name": "state-set-vcs", "vcs-repo": map[string]any{"identifier": "acme/p", "oauth-token-id": token}}, nil)
		return roundTrip{paths: []string{policySetPath(set), policySetPath(vcs), policySetsPath("acme") + "?include=policies,workspaces,projects"}}
	})
}
