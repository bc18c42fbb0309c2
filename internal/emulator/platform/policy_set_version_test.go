package platform_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// A version is pending until its archive goes up its upload link, which
// needs no token; a set's newest version is its last made, its current
// the last made ready.
func TestPolicySetVersion_uploadMakesItCurrent(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	set := a.createPolicySet(map[string]any{"name": "s"}, nil)
	first := a.do(http.MethodPost, policySetPath(set)+"/versions", nil).data(t, http.StatusCreated)
	id := wantID(t, first["id"], "polsetver")
	wantAttrs(t, first, map[string]any{"source": "tfe-api", "status": "pending", "error": nil})
	if relID(t, first, "policy-set", "policy-sets") != set {
		t.Errorf("version %v", first)
	}
	links, _ := first["links"].(map[string]any)
	upload, _ := links["upload"].(string)
	if upload != a.url+"/api/v2/policy-set-versions/"+id+"/upload" {
		t.Errorf("upload link %q", upload)
	}
	second := wantID(t, a.do(http.MethodPost, policySetPath(set)+"/versions", nil).data(t, http.StatusCreated)["id"], "polsetver")

	emutest.WantStatus(t, emutest.Do(t, http.MethodPut, upload, map[string]string{"Content-Type": "application/octet-stream"}, "archive"), http.StatusOK)
	wantAttrs(t, a.get("/api/v2/policy-set-versions/"+id).data(t, http.StatusOK), map[string]any{"status": "ready"})
	emutest.WantAPIError(t, emutest.Do(t, http.MethodPut, upload, nil, "again"), http.StatusUnprocessableEntity, "invalid attribute", "has its upload already")

	r := a.get(policySetPath(set) + "?include=current_version,newest_version")
	d := r.data(t, http.StatusOK)
	if relID(t, d, "newest-version", "policy-set-versions") != second || relID(t, d, "current-version", "policy-set-versions") != id {
		t.Errorf("set %v", d)
	}
	if got := ids(r.included(t)); len(got) != 2 {
		t.Errorf("included %v", got)
	}
	wantNotFound(t, a.get("/api/v2/policy-set-versions/polsetver-AAAAAAAAAAAAAAAA"))
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, policySetPath(set), nil), http.StatusNoContent)
	wantNotFound(t, a.get("/api/v2/policy-set-versions/"+id))
}

func init() {
	const stateSet = `{"id":"polset-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","name":"s","kind":"sentinel",` +
		`"policies":[],"workspaces":[],"projects":[],"workspace-exclusions":[],"project-exclusions":[],` +
		`"created-at":"2025-01-01T00:00:00Z","updated-at":"2025-01-01T00:00:00Z"}`
	const stateVersion = `{"id":"polsetver-AAAAAAAAAAAAAAAA","policy-set":"polset-AAAAAAAAAAAAAAAA","created-at":"2025-01-01T00:00:00Z"}`
	refuseStates(stateInOrg("policy-sets", stateSet, "policy-set-versions", stateVersion),
		stateInOrg("policy-sets", stateSet, "policy-set-versions", strings.Replace(stateVersion, `"polset-AAAAAAAAAAAAAAAA"`, `"polset-BBBBBBBBBBBBBBBB"`, 1)),
		stateInOrg("policy-sets", stateSet, "policy-set-versions", strings.Replace(stateVersion, `"polsetver-AAAAAAAAAAAAAAAA"`, `"v1"`, 1)),
	)
	addStateFixture("policy-set-versions", func(a *api) roundTrip {
		set := a.createPolicySet(map[string]any{"name": "state-versions"}, nil)
		v := a.do(http.MethodPost, policySetPath(set)+"/versions", nil).data(a.t, http.StatusCreated)
		links, _ := v["links"].(map[string]any)
		upload, _ := links["upload"].(string)
		emutest.WantStatus(a.t, emutest.Do(a.t, http.MethodPut, upload, nil, "archive"), http.StatusOK)
		a.do(http.MethodPost, policySetPath(set)+"/versions", nil).data(a.t, http.StatusCreated)
		return roundTrip{paths: []string{policySetPath(set) + "?include=newest_version,current_version"}}
	})
}
