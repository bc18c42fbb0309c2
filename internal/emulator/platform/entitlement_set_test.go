package platform_test

import (
	"net/http"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// The entitlement set follows the organization's plan: run tasks on every
// plan, global run tasks on Business, and the three private-* entitlements,
// which need agents that forward requests, on Business alone. Whoever does
// not see the organization gets 404.
func TestEntitlementSet_followsThePlan(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	names := []string{"run-tasks", "global-run-tasks", "private-run-tasks", "private-vcs", "private-policy-agents", "agents"}
	for _, c := range []struct {
		plan string
		want []bool
	}{
		{"", []bool{true, false, false, false, false, false}},
		{"Standard (entitlement)", []bool{true, false, false, false, false, true}},
		{"Business", []bool{true, true, true, true, true, true}},
	} {
		if c.plan != "" {
			a.subscribe("acme", c.plan)
		}
		d := a.get(orgsPath+"/acme/entitlement-set").data(t, http.StatusOK)
		if d["type"] != "entitlement-sets" || d["id"] != relID(t, a.get(orgsPath+"/acme?include=entitlement-set").data(t, http.StatusOK), "entitlement-set", "entitlement-sets") {
			t.Errorf("entitlement set %v", d)
		}
		for i, name := range names {
			if got := attrs(t, d)[name]; got != c.want[i] {
				t.Errorf("plan %q: %s = %v, want %v", c.plan, name, got, c.want[i])
			}
		}
		if n := len(attrs(t, d)); n != 19 {
			t.Errorf("plan %q: %d entitlements, want 19", c.plan, n)
		}
	}
	// A plan is an organization's own.
	a.createOrg("labs")
	a.subscribe("labs", "Free")
	if got := attrs(t, a.get(orgsPath+"/labs/entitlement-set").data(t, http.StatusOK))["global-run-tasks"]; got != false {
		t.Errorf("labs on the free plan: global-run-tasks %v", got)
	}
	if got := attrs(t, a.get(orgsPath+"/acme/entitlement-set").data(t, http.StatusOK))["global-run-tasks"]; got != true {
		t.Errorf("acme, still on Business: global-run-tasks %v", got)
	}
	alice, err := a.server.MintUserToken("alice")
	if err != nil {
		t.Fatal(err)
	}
	wantNotFound(t, a.as(alice).get(orgsPath+"/acme/entitlement-set"))
	emutest.WantAPIError(t, a.get(orgsPath+"/acme/entitlement-set?include=organization"), http.StatusBadRequest, "bad request", "include parameter")
}
