package platform_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

func policiesPath(org string) string { return orgsPath + "/" + org + "/policies" }
func policyPath(id string) string    { return "/api/v2/policies/" + id }

// createPolicy creates a policy of kind (sentinel or opa) at its kind's
// advisory level and returns its ID.
func (a *api) createPolicy(org, name, kind string) string {
	a.t.Helper()
	attrs := map[string]any{"name": name, "kind": kind, "enforcement-level": "advisory"}
	if kind == "opa" {
		attrs["query"] = "data.terraform.deny"
	}
	return wantID(a.t, a.create(policiesPath(org), "policies", attrs, nil)["id"], "pol")
}

// upload puts text as the policy's, as a raw body.
func (a *api) upload(id, text string) response {
	a.t.Helper()
	return response(emutest.Do(a.t, http.MethodPut, a.url+policyPath(id)+"/upload",
		map[string]string{"Authorization": "Bearer " + a.token, "Content-Type": "application/octet-stream"}, text))
}

func TestPolicy_createReadUpdateDelete(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	d := a.create(policiesPath("acme"), "policies", map[string]any{
		"name": "no-public-buckets", "description": "buckets stay private", "enforcement-level": "hard-mandatory",
	}, nil)
	id := wantID(t, d["id"], "pol")
	if d["type"] != "policies" || relID(t, d, "organization", "organizations") != "acme" {
		t.Errorf("policy %v", d)
	}
	wantAttrs(t, d, map[string]any{
		"name": "no-public-buckets", "description": "buckets stay private", "kind": "sentinel", "query": nil,
		"enforcement-level": "hard-mandatory", "enforce": []any{}, "policy-set-count": 0,
	})
	if attrs(t, d)["updated-at"] == nil {
		t.Errorf("no updated-at in %v", d)
	}
	a.wantStored(d, policyPath(id))

	u := a.do(http.MethodPatch, policyPath(id), body("policies", map[string]any{"description": "", "enforcement-level": "advisory"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, u, map[string]any{"name": "no-public-buckets", "description": nil, "enforcement-level": "advisory"})
	a.wantDeletes(policyPath(id))
}

// The deprecated enforce is still taken in place of enforcement-level:
// its first mode is the level.
func TestPolicy_deprecatedEnforce(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	enforce := func(path, mode string) []any { return []any{map[string]any{"path": path, "mode": mode}} }
	d := a.create(policiesPath("acme"), "policies", map[string]any{"name": "p", "enforce": enforce("p.sentinel", "soft-mandatory")}, nil)
	id := wantID(t, d["id"], "pol")
	wantAttrs(t, d, map[string]any{"enforcement-level": "soft-mandatory", "enforce": []any{}})
	u := a.do(http.MethodPatch, policyPath(id), body("policies", map[string]any{"enforce": enforce("p.sentinel", "advisory")}, nil)).data(t, http.StatusOK)
	wantAttrs(t, u, map[string]any{"enforcement-level": "advisory"})
	// Given both, enforcement-level wins.
	both := a.create(policiesPath("acme"), "policies", map[string]any{
		"name": "q", "enforcement-level": "hard-mandatory", "enforce": enforce("q.sentinel", "advisory"),
	}, nil)
	wantAttrs(t, both, map[string]any{"enforcement-level": "hard-mandatory"})
	wantInvalid(t, a.do(http.MethodPatch, policyPath(id), body("policies", map[string]any{"enforce": enforce("p.sentinel", "mandatory")}, nil)),
		"/data/attributes/enforce/0/mode", `invalid enforcement-level "mandatory": a Sentinel policy takes hard-mandatory, soft-mandatory, advisory`)
}

func TestPolicy_createRules(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createPolicy("acme", "taken", "sentinel")
	a.wantCreatesRefused(policiesPath("acme"), "policies", []refusedCreate{
		{attrs: map[string]any{"enforcement-level": "advisory"}, pointer: attrAt("name"), detail: "name is required"},
		{attrs: map[string]any{"name": "no spaces", "enforcement-level": "advisory"}, pointer: attrAt("name"), detail: "letters, numbers, - and _ only"},
		{attrs: map[string]any{"name": "p"}, pointer: attrAt("enforcement-level"), detail: "enforcement-level is required: a Sentinel policy takes hard-mandatory, soft-mandatory, advisory"},
		{attrs: map[string]any{"name": "p", "kind": "opa", "query": "data.x"}, pointer: attrAt("enforcement-level"), detail: "is required: an OPA policy takes mandatory, advisory"},
		{attrs: map[string]any{"name": "p", "enforcement-level": "mandatory"}, pointer: attrAt("enforcement-level"), detail: "a Sentinel policy takes hard-mandatory"},
		{attrs: map[string]any{"name": "p", "kind": "opa", "query": "data.x", "enforcement-level": "soft-mandatory"}, pointer: attrAt("enforcement-level"), detail: `invalid enforcement-level "soft-mandatory": an OPA policy takes mandatory, advisory`},
		{attrs: map[string]any{"name": "p", "kind": "opa", "enforcement-level": "advisory"}, pointer: attrAt("query"), detail: "query is required for an OPA policy"},
		{attrs: map[string]any{"name": "p", "kind": "rego", "enforcement-level": "advisory"}, pointer: attrAt("kind"), detail: `invalid kind "rego"`},
	})
	wantConflictAt(t, a.do(http.MethodPost, policiesPath("acme"), body("policies", map[string]any{"name": "TAKEN", "enforcement-level": "advisory"}, nil)),
		attrAt("name"), "Name has already been taken")
	wantNotFound(t, a.do(http.MethodPost, policiesPath("nope"), body("policies", map[string]any{"name": "p", "enforcement-level": "advisory"}, nil)))
}

// An OPA policy keeps its query; a Sentinel policy's query is ignored,
// on create and on update; name and kind are set once.
func TestPolicy_queryAndWhatIsSetOnce(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	opa := a.create(policiesPath("acme"), "policies", map[string]any{"name": "o", "kind": "opa", "query": "data.a", "enforcement-level": "mandatory"}, nil)
	wantAttrs(t, opa, map[string]any{"kind": "opa", "query": "data.a"})
	u := a.do(http.MethodPatch, policyPath(wantID(t, opa["id"], "pol")), body("policies", map[string]any{"query": "data.b"}, nil)).data(t, http.StatusOK)
	wantAttrs(t, u, map[string]any{"query": "data.b", "enforcement-level": "mandatory"})

	sentinel := a.create(policiesPath("acme"), "policies", map[string]any{"name": "s", "query": "data.a", "enforcement-level": "advisory"}, nil)
	wantAttrs(t, sentinel, map[string]any{"query": nil})
	id := wantID(t, sentinel["id"], "pol")
	wantAttrs(t, a.do(http.MethodPatch, policyPath(id), body("policies", map[string]any{"query": "data.b"}, nil)).data(t, http.StatusOK), map[string]any{"query": nil})
	wantInvalid(t, a.do(http.MethodPatch, policyPath(id), body("policies", map[string]any{"name": "other"}, nil)), attrAt("name"), "name cannot be changed")
	wantInvalid(t, a.do(http.MethodPatch, policyPath(id), body("policies", map[string]any{"kind": "opa"}, nil)), attrAt("kind"), "kind cannot be changed")
	a.do(http.MethodPatch, policyPath(id), body("policies", map[string]any{"name": "s", "kind": "sentinel"}, nil)).data(t, http.StatusOK)
}

// The text goes up as a raw body and comes back byte for byte; enforce
// names the policy's file once it has text.
func TestPolicy_uploadAndDownload(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	id := a.createPolicy("acme", "p", "opa")
	emutest.WantAPIError(t, a.get(policyPath(id)+"/download"), http.StatusNotFound, "not found", "has no text: upload it first")

	text := "package terraform\n\ndeny[msg] { msg := \"\u00e9\" }\n\x00\r\n"
	emutest.WantStatus(t, a.upload(id, text), http.StatusNoContent)
	r := a.get(policyPath(id) + "/download")
	emutest.WantStatus(t, r, http.StatusOK)
	if r.Body != text || !strings.HasPrefix(r.Header.Get("Content-Type"), "text/plain") {
		t.Errorf("download %q (%s), want %q", r.Body, r.Header.Get("Content-Type"), text)
	}
	d := a.get(policyPath(id)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"enforce": []any{map[string]any{"path": "p.rego", "mode": "advisory"}}})

	emutest.WantStatus(t, a.upload(id, ""), http.StatusNoContent)
	if r := a.get(policyPath(id) + "/download"); r.Status != http.StatusOK || r.Body != "" {
		t.Errorf("download after an empty upload: %d %q", r.Status, r.Body)
	}
	wantNotFound(t, a.upload("pol-AAAAAAAAAAAAAAAA", "x"))
}

func TestPolicy_listSearchAndKind(t *testing.T) {
	a := newAPI(t, platform.Options{})
	clk := newClock(a)
	a.createOrg("acme")
	a.createOrg("other")
	a.createPolicy("acme", "Buckets", "sentinel")
	clk.advance(1)
	a.createPolicy("acme", "tags", "opa")
	clk.advance(1)
	a.createPolicy("acme", "bucket-size", "opa")
	a.createPolicy("other", "bucket", "sentinel")
	a.wantNames(policiesPath("acme"), map[string]string{
		"":                                 "Buckets,tags,bucket-size",
		"?search[name]=BUCKET":             "Buckets,bucket-size",
		"?filter[kind]=opa":                "tags,bucket-size",
		"?filter[kind]=opa&search[name]=b": "bucket-size",
	})
	r := a.get(policiesPath("acme") + "?page[number]=999&page[size]=100")
	if got := r.list(t); len(got) != 0 || r.pagination(t)["total-count"] != float64(3) {
		t.Errorf("page 999: %v %v", got, r.pagination(t))
	}
}

// Policies are read by whoever sees the organization, and managed by its
// owners and the teams with manage-policies; the rest is 404.
func TestPolicy_whoManagesPolicies(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	id := a.createPolicy("acme", "p", "sentinel")
	create := body("policies", map[string]any{"name": "n", "enforcement-level": "advisory"}, nil)
	change := body("policies", map[string]any{"description": "d"}, nil)

	plainToken, _ := a.server.MintTeamToken("acme", a.createTeam("acme", "plain"))
	plain := a.as(plainToken)
	if got := ids(plain.get(policiesPath("acme")).list(t)); !slices.Equal(got, []string{id}) {
		t.Errorf("a team lists %v", got)
	}
	plain.get(policyPath(id)).data(t, http.StatusOK)
	wantNotFound(t, plain.do(http.MethodPost, policiesPath("acme"), create))
	wantNotFound(t, plain.do(http.MethodPatch, policyPath(id), change))
	wantNotFound(t, plain.upload(id, "x"))
	wantNotFound(t, plain.do(http.MethodDelete, policyPath(id), nil))

	bob, _ := a.server.MintUserToken("bob")
	wantNotFound(t, a.as(bob).get(policyPath(id)))

	team := a.createTeam("acme", "policy")
	a.do(http.MethodPatch, "/api/v2/teams/"+team, body("teams", map[string]any{"organization-access": map[string]any{"manage-policies": true}}, nil)).data(t, http.StatusOK)
	token, _ := a.server.MintTeamToken("acme", team)
	managed := a.as(token).create(policiesPath("acme"), "policies", map[string]any{"name": "n", "enforcement-level": "advisory"}, nil)
	a.as(token).do(http.MethodPatch, policyPath(id), change).data(t, http.StatusOK)
	emutest.WantStatus(t, a.as(token).upload(id, "x"), http.StatusNoContent)
	emutest.WantAPIStatus(t, a.as(token).do(http.MethodDelete, policyPath(wantID(t, managed["id"], "pol")), nil), http.StatusNoContent)
}

func init() {
	// A policy with its text.
	const statePolicy = `{"id":"pol-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","name":"p","kind":"opa","query":"data.x","enforcement-level":"mandatory","created-at":"2025-01-01T00:00:00Z","updated-at":"2025-01-01T00:00:00Z"}`
	refuseStates(stateInOrg("policies", statePolicy),
		stateInOrg("policies", strings.Replace(statePolicy, "org-AAAAAAAAAAAAAAAA", "org-BBBBBBBBBBBBBBBB", 1)),
		stateInOrg("policies", strings.Replace(statePolicy, `"name":"p"`, `"name":"no spaces"`, 1)),
		stateInOrg("policies", strings.Replace(statePolicy, `"mandatory"`, `"hard-mandatory"`, 1)),
		stateInOrg("policies", strings.Replace(statePolicy, `"query":"data.x",`, ``, 1)),
		stateInOrg("policies", strings.Replace(statePolicy, `"pol-AAAAAAAAAAAAAAAA"`, `"policy-1"`, 1)),
	)
	addStateFixture("policies", func(a *api) roundTrip {
		id := a.createPolicy("acme", "state-policy", "opa")
		emutest.WantStatus(a.t, a.upload(id, "package state\n"), http.StatusNoContent)
		return roundTrip{paths: []string{policyPath(id), policyPath(id) + "/download", policiesPath("acme")}}
	})
}
