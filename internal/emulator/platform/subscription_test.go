package platform_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

const adminPath = "/api/v2/admin"

// subscribe puts an organization on the plan named planName, as go-tfe's
// test helpers do: the feature set found by name, then the subscription.
func (a *api) subscribe(org, planName string) map[string]any {
	a.t.Helper()
	sets := a.get(adminPath + "/feature-sets?q=" + url.QueryEscape(planName)).list(a.t)
	if len(sets) == 0 {
		a.t.Fatalf("no feature set named %q", planName)
	}
	id, _ := sets[0]["id"].(string)
	doc := body("subscription", map[string]any{"runs-ceiling": 10, "contract-start-at": "2025-06-01T12:00:00Z"}, map[string]any{"feature-set": rel("feature-sets", id)})
	return a.do(http.MethodPost, adminPath+"/organizations/"+org+"/subscription", doc).data(a.t, http.StatusCreated)
}

// GET /admin/feature-sets lists the plans, q a substring of their names;
// the admin API is the site administrator's alone (404 for anyone else).
func TestSubscription_featureSets(t *testing.T) {
	a := newAPI(t, platform.Options{})
	all := a.get(adminPath + "/feature-sets").list(t)
	var names []any
	for _, fs := range all {
		if fs["type"] != "feature-sets" {
			t.Errorf("type %v", fs["type"])
		}
		wantID(t, fs["id"], "fs")
		names = append(names, attrs(t, fs)["name"])
	}
	if !emutest.EqualJSON(t, names, []any{"Business", "Free", "Standard (entitlement)"}) {
		t.Errorf("feature sets %v", names)
	}
	for q, want := range map[string]string{"Business": "Business", "free": "Free", "Standard (entitlement)": "Standard (entitlement)"} {
		list := a.get(adminPath + "/feature-sets?q=" + url.QueryEscape(q)).list(t)
		if len(list) != 1 || attrs(t, list[0])["name"] != want {
			t.Errorf("q=%s: %v", q, list)
		}
	}
	a.createOrg("acme")
	alice, _ := a.server.MintUserToken("alice")
	a.as(alice).createOrg("alices")
	orgToken, _ := a.server.MintOrganizationToken("acme")
	for _, c := range []*api{a.as(alice), a.as(orgToken)} {
		emutest.WantAPIError(t, c.get(adminPath+"/feature-sets"), http.StatusNotFound, "not found", "site administrator")
		emutest.WantAPIError(t, c.do(http.MethodPost, adminPath+"/organizations/alices/subscription", nil), http.StatusNotFound, "not found", "site administrator")
	}
}

// POST /admin/organizations/:org/subscription puts an organization on a
// plan, which its entitlement set and its permissions follow.
func TestSubscription_planDecidesEntitlements(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	entitlements := func() map[string]any {
		d := a.get(orgsPath+"/acme/entitlement-set").data(t, http.StatusOK)
		if d["type"] != "entitlement-sets" || d["id"] == "" {
			t.Fatalf("entitlement set %v", d)
		}
		return attrs(t, d)
	}
	// A new organization is on the free plan.
	free := entitlements()
	for name, want := range map[string]bool{"operations": true, "state-storage": true, "teams": true, "vcs-integrations": true, "audit-logging": false, "agents": false, "cost-estimation": false} {
		if free[name] != want {
			t.Errorf("free plan: %s = %v, want %v", name, free[name], want)
		}
	}
	perms := func() map[string]any {
		return emutest.Object(t, attrs(t, a.get(orgsPath+"/acme").data(t, http.StatusOK))["permissions"])
	}
	if p := perms(); p["can-deploy-no-code-modules"] != false || p["can-manage-no-code-modules"] != false || p["can-manage-auditing"] != false || p["can-destroy"] != true {
		t.Errorf("free plan's permissions %v", p)
	}

	// What go-tfe's TestOrganizationsReadEntitlements checks of the
	// standard plan.
	sub := a.subscribe("acme", "Standard (entitlement)")
	wantID(t, sub["id"], "sub")
	wantAttrs(t, sub, map[string]any{"runs-ceiling": 10, "contract-start-at": "2025-06-01T12:00:00.000Z", "end-at": nil})
	if relID(t, sub, "organization", "organizations") != "acme" {
		t.Errorf("subscription %v", sub)
	}
	standard := entitlements()
	for name, want := range map[string]bool{
		"agents": true, "audit-logging": true, "cost-estimation": true, "operations": true,
		"private-module-registry": true, "sso": true, "sentinel": true, "state-storage": true,
		"teams": true, "vcs-integrations": true, "waypoint-actions": false,
		"waypoint-templates-and-addons": true, "infragraph": true, "infragraph-with-nrtu": false,
	} {
		if standard[name] != want {
			t.Errorf("standard plan: %s = %v, want %v", name, standard[name], want)
		}
	}

	// The business plan adds no-code modules (go-tfe's
	// TestOrganizationsReadWithBusiness); the owners have them.
	a.subscribe("acme", "Business")
	if p := perms(); p["can-deploy-no-code-modules"] != true || p["can-manage-no-code-modules"] != true || p["can-manage-auditing"] != true {
		t.Errorf("business plan's permissions %v", p)
	}
	inc := a.get(orgsPath + "/acme?include=entitlement-set,subscription").included(t)
	if len(inc) != 2 || inc[0]["type"] != "entitlement-sets" || inc[1]["type"] != "subscriptions" {
		t.Errorf("included %v", inc)
	}

	// The state file keeps the plan.
	b, _ := a.reload()
	if got := emutest.Object(t, attrs(t, b.get(orgsPath+"/acme").data(t, http.StatusOK))["permissions"]); got["can-deploy-no-code-modules"] != true {
		t.Errorf("after a round trip: %v", got)
	}
}

func TestSubscription_validation(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	path := adminPath + "/organizations/acme/subscription"
	wantInvalid(t, a.do(http.MethodPost, path, body("subscription", nil, nil)), "/data/relationships/feature-set/data", "feature-set is required")
	wantInvalid(t, a.do(http.MethodPost, path, body("subscription", nil, map[string]any{"feature-set": rel("feature-sets", "fs-1111111111111111")})), "/data/relationships/feature-set/data", "not found")
	wantInvalid(t, a.do(http.MethodPost, path, body("subscription", map[string]any{"runs-ceiling": "many"}, map[string]any{"feature-set": rel("feature-sets", "fs-EmuBusiness11111")})), "/data/attributes/runs-ceiling", "must be an integer")
	if got := attrs(t, a.get(orgsPath+"/acme/entitlement-set").data(t, http.StatusOK))["audit-logging"]; got != false {
		t.Errorf("a refused subscription changed the plan: audit-logging %v", got)
	}
	wantNotFound(t, a.do(http.MethodPost, adminPath+"/organizations/nope/subscription", body("subscription", nil, map[string]any{"feature-set": rel("feature-sets", "fs-EmuBusiness11111")})))
	wantNotFound(t, a.get(orgsPath+"/nope/entitlement-set"))
}
