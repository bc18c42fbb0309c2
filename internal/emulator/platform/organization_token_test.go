package platform_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// An organization has one organization token: a new one replaces it, and
// the old one is 401 from then on.
func TestOrganizationToken_regenerateReplaces(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	path := orgsPath + "/acme/authentication-token"
	wantNotFound(t, a.get(path))
	first := a.do(http.MethodPost, path, tokenBody("authentication-token", nil)).data(t, http.StatusCreated)
	wantID(t, first["id"], "at")
	wantAttrs(t, first, map[string]any{"description": nil, "last-used-at": nil})
	wantDefaultExpiry(t, first)
	if relID(t, first, "created-by", "users") != "user-Emu1atorRootUser" {
		t.Errorf("relationships %v", first["relationships"])
	}
	a.as(secretOf(t, first)).get(orgsPath+"/acme").data(t, http.StatusOK)
	second := a.do(http.MethodPost, path, tokenBody("authentication-token", nil)).data(t, http.StatusCreated)
	emutest.WantAPIStatus(t, a.as(secretOf(t, first)).get(orgsPath+"/acme"), http.StatusUnauthorized)
	org := a.as(secretOf(t, second))
	org.get(orgsPath+"/acme").data(t, http.StatusOK)

	d := a.get(path).data(t, http.StatusOK)
	if d["id"] != second["id"] {
		t.Errorf("read %v, want %v", d["id"], second["id"])
	}
	wantAttrs(t, d, map[string]any{"token": nil})

	// The organization token regenerates itself, and is replaced too.
	third := org.do(http.MethodPost, path, nil).data(t, http.StatusCreated)
	if relID(t, third, "created-by", "organizations") != "acme" {
		t.Errorf("created-by %v", third["relationships"])
	}
	emutest.WantAPIStatus(t, org.get(orgsPath+"/acme"), http.StatusUnauthorized)

	// A minted token is the organization's token too.
	minted, _ := a.server.MintOrganizationToken("acme")
	emutest.WantAPIStatus(t, a.as(secretOf(t, third)).get(orgsPath+"/acme"), http.StatusUnauthorized)
	if d := a.get(path).data(t, http.StatusOK); relID(t, d, "created-by", "users") != "" {
		t.Errorf("a minted token's created-by: %v", d["relationships"])
	} else {
		wantDefaultExpiry(t, d)
	}

	if r := a.do(http.MethodDelete, path, nil); r.Status != http.StatusNoContent || r.Body != "" {
		t.Fatalf("delete: %d %s", r.Status, r.Body)
	}
	emutest.WantAPIStatus(t, a.as(minted).get(orgsPath+"/acme"), http.StatusUnauthorized)
	wantNotFound(t, a.get(path))
	wantNotFound(t, a.do(http.MethodDelete, path, nil))
}

func TestOrganizationToken_expires(t *testing.T) {
	a := newAPI(t, platform.Options{})
	clk := newClock(a)
	a.createOrg("acme")
	path := orgsPath + "/acme/authentication-token"
	wantInvalid(t, a.do(http.MethodPost, path, tokenBody("authentication-token", map[string]any{"expired-at": "2025-05-01T00:00:00Z"})), "/data/attributes/expired-at", "must be in the future")
	d := a.do(http.MethodPost, path, tokenBody("authentication-token", map[string]any{"expired-at": "2025-06-01T14:30:00+02:00"})).data(t, http.StatusCreated)
	wantAttrs(t, d, map[string]any{"expired-at": "2025-06-01T12:30:00.000Z"})
	tok := a.as(secretOf(t, d))
	tok.get(orgsPath+"/acme").data(t, http.StatusOK)
	clk.advance(30 * time.Minute)
	emutest.WantAPIError(t, tok.get(orgsPath+"/acme"), http.StatusUnauthorized, "unauthorized", "expired at")
}

// The organization token's endpoints are the owners' (the organization
// token among them): others are answered 404.
func TestOrganizationToken_onlyOwners(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	aliceToken, _ := a.server.MintUserToken("alice")
	manager := wantID(t, a.createTeamWith("acme", map[string]any{"name": "manager", "organization-access": access("manage-teams", "manage-organization-access")})["id"], "team")
	teamToken, _ := a.server.MintTeamToken("acme", manager)
	a.do(http.MethodPost, orgsPath+"/acme/authentication-token", nil).data(t, http.StatusCreated)
	for _, c := range []*api{a.as(aliceToken), a.as(teamToken)} {
		for _, method := range []string{http.MethodPost, http.MethodGet, http.MethodDelete} {
			wantNotFound(t, c.do(method, orgsPath+"/acme/authentication-token", nil))
		}
	}
	a.get(orgsPath+"/acme/authentication-token").data(t, http.StatusOK)
}

// Without expired-at (absent or null) the organization token gets one
// from the server, two years after its creation, on create and on reads.
func TestOrganizationToken_defaultExpiry(t *testing.T) {
	a := newAPI(t, platform.Options{})
	clk := newClock(a)
	a.createOrg("acme")
	path := orgsPath + "/acme/authentication-token"
	for _, doc := range []any{nil, tokenBody("authentication-token", map[string]any{"expired-at": nil})} {
		d := a.do(http.MethodPost, path, doc).data(t, http.StatusCreated)
		wantAttrs(t, d, map[string]any{"created-at": "2025-06-01T12:00:00.000Z", "expired-at": "2027-06-01T12:00:00.000Z"})
		wantAttrs(t, a.get(path).data(t, http.StatusOK), map[string]any{"expired-at": "2027-06-01T12:00:00.000Z"})
		tok := a.as(secretOf(t, d))
		clk.advance(2*365*24*time.Hour - time.Minute) // 2025-06-01 plus 730 days, a minute before 2027-06-01
		tok.get(orgsPath+"/acme").data(t, http.StatusOK)
		clk.advance(time.Minute)
		emutest.WantAPIError(t, tok.get(orgsPath+"/acme"), http.StatusUnauthorized, "unauthorized", "expired at 2027-06-01T12:00:00.000Z")
		clk.advance(-2 * 365 * 24 * time.Hour)
	}
}

// ?token=audit-trails names the organization's audit-trail token, a
// singleton beside the organization token, for an organization whose plan
// is entitled to audit logging: the two live side by side, each replaced
// by a new one of its kind and deleted alone. Another ?token= is 400.
func TestOrganizationToken_auditTrails(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	path := orgsPath + "/acme/authentication-token"
	audit := path + "?token=audit-trails"

	// The free plan is not entitled to audit logging.
	for _, method := range []string{http.MethodPost, http.MethodGet, http.MethodDelete} {
		emutest.WantAPIError(t, a.do(method, audit, nil), http.StatusNotFound, "not found", "not entitled to audit logging")
	}
	a.subscribe("acme", "Business")

	orgToken := a.do(http.MethodPost, path, nil).data(t, http.StatusCreated)
	wantNotFound(t, a.get(audit))
	first := a.do(http.MethodPost, audit, tokenBody("authentication-token", nil)).data(t, http.StatusCreated)
	wantID(t, first["id"], "at")
	if first["id"] == orgToken["id"] || secretOf(t, first) == "" {
		t.Fatalf("audit trail token %v", first)
	}
	wantDefaultExpiry(t, first)
	if relID(t, first, "created-by", "users") != "user-Emu1atorRootUser" {
		t.Errorf("relationships %v", first["relationships"])
	}
	if d := a.get(path).data(t, http.StatusOK); d["id"] != orgToken["id"] {
		t.Errorf("GET without token= read %v, want the organization token %v", d["id"], orgToken["id"])
	}
	d := a.get(audit).data(t, http.StatusOK)
	if d["id"] != first["id"] {
		t.Errorf("GET with token=audit-trails read %v, want %v", d["id"], first["id"])
	}
	wantAttrs(t, d, map[string]any{"token": nil})

	// The audit-trail token reads no object of the API.
	wantNotFound(t, a.as(secretOf(t, first)).get(orgsPath+"/acme"))
	if list := a.as(secretOf(t, first)).get(orgsPath).list(t); len(list) != 0 {
		t.Errorf("the audit-trail token lists %v", ids(list))
	}

	// A new one replaces the audit-trail token only.
	second := a.do(http.MethodPost, audit, tokenBody("authentication-token", map[string]any{"expired-at": "2099-01-01T00:00:00Z"})).data(t, http.StatusCreated)
	wantAttrs(t, second, map[string]any{"expired-at": "2099-01-01T00:00:00.000Z"})
	emutest.WantAPIStatus(t, a.as(secretOf(t, first)).get(orgsPath), http.StatusUnauthorized)
	a.as(secretOf(t, orgToken)).get(orgsPath+"/acme").data(t, http.StatusOK)

	// Deleting it leaves the organization token.
	a.wantDeletes(audit)
	emutest.WantAPIStatus(t, a.as(secretOf(t, second)).get(orgsPath), http.StatusUnauthorized)
	if d := a.get(path).data(t, http.StatusOK); d["id"] != orgToken["id"] {
		t.Errorf("after the audit token's delete, read %v", d["id"])
	}
	// And deleting the organization token leaves a new audit-trail token.
	third := a.do(http.MethodPost, audit, nil).data(t, http.StatusCreated)
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, path, nil), http.StatusNoContent)
	if d := a.get(audit).data(t, http.StatusOK); d["id"] != third["id"] {
		t.Errorf("after the organization token's delete, read %v", d["id"])
	}

	// Only the owners: another user and a team that manages teams are 404.
	aliceToken, _ := a.server.MintUserToken("alice")
	manager := wantID(t, a.createTeamWith("acme", map[string]any{"name": "manager", "organization-access": access("manage-teams", "manage-organization-access")})["id"], "team")
	teamToken, _ := a.server.MintTeamToken("acme", manager)
	for _, c := range []*api{a.as(aliceToken), a.as(teamToken)} {
		wantNotFound(t, c.get(audit))
	}

	for _, method := range []string{http.MethodPost, http.MethodGet, http.MethodDelete} {
		r := a.do(method, path+"?token=agent", nil)
		emutest.WantAPIError(t, r, http.StatusBadRequest, "bad request", `invalid token parameter "agent"`)
		if !strings.Contains(r.Body, `"parameter":"token"`) {
			t.Errorf("400 %s does not name the parameter", r.Body)
		}
	}
}
