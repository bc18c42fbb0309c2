package platform_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

const (
	deleteOlder      = "data-retention-policy-delete-olders"
	dontDelete       = "data-retention-policy-dont-deletes"
	siteRetentionDRP = "/api/v2/admin/data-retention-policy-settings"
)

// acmeRetentionPath is the policy path of organization acme.
const acmeRetentionPath = orgsPath + "/acme/relationships/data-retention-policy"

func workspaceRetentionPath(ws string) string {
	return "/api/v2/workspaces/" + ws + "/relationships/data-retention-policy"
}

// newSelfHosted serves the self-hosted edition, the one with data
// retention policies and the admin API's settings.
func newSelfHosted(t *testing.T) *api {
	t.Helper()
	return newAPI(t, platform.Options{Edition: platform.EditionSelfHosted})
}

// deleteAfter is a delete-olders policy's document; dontDeleteBody a
// dont-deletes policy's.
func deleteAfter(days any) map[string]any {
	return body(deleteOlder, map[string]any{"delete-older-than-n-days": days}, nil)
}

var dontDeleteBody = body(dontDelete, nil, nil)

// setRetention posts a policy to path and returns its answer, checking
// its status.
func (a *api) setRetention(path string, doc map[string]any, status int) map[string]any {
	a.t.Helper()
	return a.do(http.MethodPost, path, doc).data(a.t, status)
}

// retentionRel is the data-retention-policy relationship of the object at
// path: its type and ID, "" for data null.
func (a *api) retentionRel(path string) (string, string) {
	a.t.Helper()
	d, _ := relData(a.t, a.get(path).data(a.t, http.StatusOK), "data-retention-policy").(map[string]any)
	typ, _ := d["type"].(string)
	id, _ := d["id"].(string)
	return typ, id
}

// A POST sets the policy, or replaces it: in place for the same kind,
// with a new ID for another; the organization's answer names it by its
// kind; a delete leaves none.
func TestDataRetentionPolicies_organizationsPolicy(t *testing.T) {
	a := newSelfHosted(t)
	a.createOrg("acme")
	path := acmeRetentionPath
	wantNotFound(t, a.get(path))
	if typ, id := a.retentionRel(orgsPath + "/acme"); typ != "" || id != "" {
		t.Errorf("relationship of an organization without a policy: %s %s, want data null", typ, id)
	}

	d := a.setRetention(path, deleteAfter(33), http.StatusCreated)
	id := wantID(t, d["id"], "drp")
	if d["type"] != deleteOlder || relID(t, d, "target", "organizations") != "acme" {
		t.Errorf("policy %v", d)
	}
	wantAttrs(t, d, map[string]any{"delete-older-than-n-days": 33})
	a.wantStored(d, path)
	if typ, got := a.retentionRel(orgsPath + "/acme"); typ != deleteOlder || got != id {
		t.Errorf("relationship %s %s, want %s %s", typ, got, deleteOlder, id)
	}

	// The same kind again: updated in place.
	d = a.setRetention(path, deleteAfter(1), http.StatusOK)
	if d["id"] != id {
		t.Errorf("an update of the days made policy %v, want %s kept", d["id"], id)
	}
	wantAttrs(t, d, map[string]any{"delete-older-than-n-days": 1})

	// Another kind: a new policy.
	d = a.setRetention(path, dontDeleteBody, http.StatusCreated)
	dont := wantID(t, d["id"], "drp")
	if d["type"] != dontDelete || dont == id || len(attrs(t, d)) != 0 {
		t.Errorf("dont-deletes policy %v, want a new ID and no attributes", d)
	}
	if typ, got := a.retentionRel(orgsPath + "/acme"); typ != dontDelete || got != dont {
		t.Errorf("relationship %s %s, want %s %s", typ, got, dontDelete, dont)
	}
	d = a.setRetention(path, deleteAfter(20), http.StatusCreated)
	if d["id"] == dont {
		t.Errorf("the change back to delete-olders kept the ID %s", dont)
	}
	wantAttrs(t, a.get(path).data(t, http.StatusOK), map[string]any{"delete-older-than-n-days": 20})

	a.wantDeletes(path)
	if typ, id := a.retentionRel(orgsPath + "/acme"); typ != "" || id != "" {
		t.Errorf("relationship after the delete: %s %s, want data null", typ, id)
	}
}

// A workspace has its own policy, beside its organization's; the
// workspace's delete takes it.
func TestDataRetentionPolicies_workspacesPolicy(t *testing.T) {
	a := newSelfHosted(t)
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	path := workspaceRetentionPath(ws)
	wantNotFound(t, a.get(path))
	org := wantID(t, a.setRetention(acmeRetentionPath, deleteAfter(90), http.StatusCreated)["id"], "drp")
	if typ, id := a.retentionRel("/api/v2/workspaces/" + ws); typ != "" || id != "" {
		t.Errorf("a workspace without a policy of its own names %s %s, want data null", typ, id)
	}

	d := a.setRetention(path, dontDeleteBody, http.StatusCreated)
	id := wantID(t, d["id"], "drp")
	if relID(t, d, "target", "workspaces") != ws {
		t.Errorf("target of %v, want %s", d, ws)
	}
	a.wantStored(d, path)
	if typ, got := a.retentionRel("/api/v2/workspaces/" + ws); typ != dontDelete || got != id {
		t.Errorf("relationship %s %s, want %s %s", typ, got, dontDelete, id)
	}
	if _, got := a.retentionRel(orgsPath + "/acme"); got != org {
		t.Errorf("the organization's policy is %s, want its own %s", got, org)
	}

	emutest.WantAPIStatus(t, a.do(http.MethodDelete, "/api/v2/workspaces/"+ws, nil), http.StatusNoContent)
	if got := a.get(acmeRetentionPath).data(t, http.StatusOK); got["id"] != org {
		t.Errorf("the workspace's delete left the organization's policy %v, want %s", got, org)
	}
	if data, err := a.server.MarshalState(); err != nil || strings.Contains(string(data), id) {
		t.Errorf("the workspace's delete left its policy %s in the state (%v)", id, err)
	}
}

// What a POST takes: the kind by data.type, the legacy type and no type
// with days as delete-olders, the documents' camelCase spelling, days as
// a string; what it refuses, each 422 at its member, storing nothing.
func TestDataRetentionPolicies_setRules(t *testing.T) {
	a := newSelfHosted(t)
	a.createOrg("acme")
	path := acmeRetentionPath
	for _, c := range []struct {
		doc  map[string]any
		days any
	}{
		{body("data-retention-policies", map[string]any{"delete-older-than-n-days": 7}, nil), 7},
		{body("", map[string]any{"delete-older-than-n-days": 8}, nil), 8},
		{body(deleteOlder, map[string]any{"deleteOlderThanNDays": 9}, nil), 9},
		{deleteAfter("10"), 10},
	} {
		d := a.do(http.MethodPost, path, c.doc).data(t, http.StatusCreated)
		if d["type"] != deleteOlder {
			t.Errorf("%v answered type %v, want %s", c.doc, d["type"], deleteOlder)
		}
		wantAttrs(t, d, map[string]any{"delete-older-than-n-days": c.days})
		emutest.WantAPIStatus(t, a.do(http.MethodDelete, path, nil), http.StatusNoContent)
	}
	// Days given to a dont-deletes policy are ignored.
	if d := a.setRetention(path, body(dontDelete, map[string]any{"delete-older-than-n-days": 5}, nil), http.StatusCreated); len(attrs(t, d)) != 0 {
		t.Errorf("dont-deletes policy %v, want no attributes", d)
	}
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, path, nil), http.StatusNoContent)

	a.wantCreatesRefused(path, deleteOlder, []refusedCreate{
		{pointer: attrAt("delete-older-than-n-days"), detail: "delete-older-than-n-days is required"},
		{attrs: map[string]any{"delete-older-than-n-days": 0}, pointer: attrAt("delete-older-than-n-days"), detail: "must be at least 1, got 0"},
		{attrs: map[string]any{"delete-older-than-n-days": "soon"}, pointer: attrAt("delete-older-than-n-days"), detail: "must be an integer"},
	})
	a.wantCreatesRefused(path, "data-retention-policy-keep-forevers", []refusedCreate{
		{pointer: "/data/type", detail: `invalid type "data-retention-policy-keep-forevers"`},
	})
	a.wantCreatesRefused(path, "", []refusedCreate{{pointer: "/data/type", detail: `invalid type ""`}})
	wantNotFound(t, a.get(path))
	// The legacy PATCH is not this release's.
	emutest.WantAPIError(t, a.do(http.MethodPatch, path, deleteAfter(3)), http.StatusNotFound, "not found", "no such endpoint")
}

// Whoever sees an organization reads its policy, and its owners alone set
// and delete it; whoever sees a workspace manages its policy; the site's
// policy is the administrator's alone.
func TestDataRetentionPolicies_whoMay(t *testing.T) {
	a := newSelfHosted(t)
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	a.setRetention(acmeRetentionPath, deleteAfter(30), http.StatusCreated)
	aliceToken, err := a.server.MintUserToken("alice")
	if err != nil {
		t.Fatal(err)
	}
	alice := a.as(aliceToken)
	for _, path := range []string{acmeRetentionPath, workspaceRetentionPath(ws)} {
		wantNotFound(t, alice.get(path))
		wantNotFound(t, alice.do(http.MethodPost, path, dontDeleteBody))
		wantNotFound(t, alice.do(http.MethodDelete, path, nil))
	}
	wantNotAdmin(t, alice.get(siteRetentionDRP))
	wantNotAdmin(t, alice.do(http.MethodPost, siteRetentionDRP, dontDeleteBody))
	wantNotAdmin(t, alice.do(http.MethodDelete, siteRetentionDRP, nil))
	// A team's token sees the workspaces its team's access allows.
	devsTeam := a.createTeam("acme", "devs")
	a.createTeamWorkspace(devsTeam, ws, map[string]any{"access": "admin"})
	teamToken, err := a.server.MintTeamToken("acme", devsTeam)
	if err != nil {
		t.Fatal(err)
	}
	devs := a.as(teamToken)
	devs.get(acmeRetentionPath).data(t, http.StatusOK)
	wantNotFound(t, devs.do(http.MethodPost, acmeRetentionPath, dontDeleteBody))
	wantNotFound(t, devs.do(http.MethodDelete, acmeRetentionPath, nil))
	devs.setRetention(workspaceRetentionPath(ws), deleteAfter(3), http.StatusCreated)
	devs.wantDeletes(workspaceRetentionPath(ws))
	wantNotAdmin(t, devs.get(siteRetentionDRP))
}

// wantNotAdmin checks the admin API's 404 to a token that is not the site
// administrator's.
func wantNotAdmin(t *testing.T, r response) {
	t.Helper()
	emutest.WantAPIError(t, r, http.StatusNotFound, "not found", "the admin API is the site administrator's")
}

// The site's policy is the administrator's, set and replaced as the
// others; an organization's delete leaves it.
func TestDataRetentionPolicies_sitesPolicy(t *testing.T) {
	a := newSelfHosted(t)
	wantNotFound(t, a.get(siteRetentionDRP))
	d := a.setRetention(siteRetentionDRP, deleteAfter(365), http.StatusCreated)
	id := wantID(t, d["id"], "drp")
	if _, has := d["relationships"]; has {
		t.Errorf("the site's policy has relationships: %v", d)
	}
	a.wantStored(d, siteRetentionDRP)
	if got := a.setRetention(siteRetentionDRP, deleteAfter(30), http.StatusOK); got["id"] != id {
		t.Errorf("update of the site's policy made %v, want %s kept", got["id"], id)
	}
	a.createOrg("acme")
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, orgsPath+"/acme", nil), http.StatusNoContent)
	wantAttrs(t, a.get(siteRetentionDRP).data(t, http.StatusOK), map[string]any{"delete-older-than-n-days": 30})
	a.wantDeletes(siteRetentionDRP)
}

// The hosted edition has no data retention policies: every route is 404,
// even to the administrator, and organizations and workspaces name none.
func TestDataRetentionPolicies_hostedHasNone(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	ws := a.workspaceID("acme", "web")
	for _, path := range []string{acmeRetentionPath, workspaceRetentionPath(ws), siteRetentionDRP} {
		wantNotFound(t, a.get(path))
		wantNotFound(t, a.do(http.MethodPost, path, deleteAfter(30)))
		wantNotFound(t, a.do(http.MethodDelete, path, nil))
	}
	for _, path := range []string{orgsPath + "/acme", "/api/v2/workspaces/" + ws} {
		rels, _ := a.get(path).data(t, http.StatusOK)["relationships"].(map[string]any)
		if _, has := rels["data-retention-policy"]; has {
			t.Errorf("%s answers a data-retention-policy relationship on the hosted edition", path)
		}
	}
}

func init() {
	// An organization's policy and a workspace's, each of its own
	// organization and kind.
	const orgPolicy = `{"id":"drp-AAAAAAAAAAAAAAAA","kind":"data-retention-policy-delete-olders","delete-older-than-n-days":30,` +
		`"organization":"org-AAAAAAAAAAAAAAAA","created-at":"2025-06-01T12:00:00Z"}`
	const wsPolicy = `{"id":"drp-BBBBBBBBBBBBBBBB","kind":"data-retention-policy-dont-deletes",` +
		`"organization":"org-AAAAAAAAAAAAAAAA","workspace":"ws-AAAAAAAAAAAAAAAA","created-at":"2025-06-01T12:00:00Z"}`
	refuseStates(stateInOrg("workspaces", stateWorkspace, "data-retention-policies", orgPolicy+","+wsPolicy),
		stateInOrg("workspaces", stateWorkspace, "data-retention-policies", strings.Replace(orgPolicy, "drp-A", "pol-A", 1)),
		stateInOrg("workspaces", stateWorkspace, "data-retention-policies", strings.Replace(orgPolicy, `:30`, `:0`, 1)),
		stateInOrg("workspaces", stateWorkspace, "data-retention-policies", strings.Replace(orgPolicy, "delete-olders", "keep-forevers", 1)),
		stateInOrg("workspaces", stateWorkspace, "data-retention-policies", strings.Replace(wsPolicy, `dont-deletes",`, `dont-deletes","delete-older-than-n-days":3,`, 1)),
		stateInOrg("workspaces", stateWorkspace, "data-retention-policies", strings.Replace(orgPolicy, "org-A", "org-B", 1)),
		stateInOrg("workspaces", stateWorkspace, "data-retention-policies", strings.Replace(wsPolicy, "ws-A", "ws-B", 1)),
		stateInOrg("workspaces", stateWorkspace, "data-retention-policies", orgPolicy+","+strings.Replace(orgPolicy, "drp-A", "drp-C", 1)),
		stateFile("site-data-retention-policies", orgPolicy),
	)
	refuseStates(stateFile("site-data-retention-policies", strings.Replace(orgPolicy, `"organization":"org-AAAAAAAAAAAAAAAA",`, "", 1)),
		stateFile("site-data-retention-policies", strings.Replace(orgPolicy, `"organization":"org-AAAAAAAAAAAAAAAA",`, "", 1)+","+
			strings.Replace(wsPolicy, `"organization":"org-AAAAAAAAAAAAAAAA","workspace":"ws-AAAAAAAAAAAAAAAA",`, "", 1)),
	)
	addStateFixture("data-retention-policies", func(a *api) roundTrip {
		ws := a.workspaceID("acme", "state-retention")
		a.setRetention(acmeRetentionPath, deleteAfter(30), http.StatusCreated)
		a.setRetention(workspaceRetentionPath(ws), dontDeleteBody, http.StatusCreated)
		return roundTrip{paths: []string{acmeRetentionPath, workspaceRetentionPath(ws), orgsPath + "/acme", "/api/v2/workspaces/" + ws}}
	})
	addStateFixture("site-data-retention-policies", func(a *api) roundTrip {
		a.setRetention(siteRetentionDRP, deleteAfter(400), http.StatusCreated)
		return roundTrip{paths: []string{siteRetentionDRP}}
	})
}
