package platform_test

import (
	"net/http"
	"strings"
	"testing"
	"time"

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
	wantAttrs(t, first, map[string]any{"description": nil, "expired-at": nil, "last-used-at": nil})
	if relID(t, first, "created-by", "users") != "user-Emu1atorRootUser" {
		t.Errorf("relationships %v", first["relationships"])
	}
	a.as(secretOf(t, first)).get(orgsPath+"/acme").data(t, http.StatusOK)
	second := a.do(http.MethodPost, path, tokenBody("authentication-token", nil)).data(t, http.StatusCreated)
	wantStatus(t, a.as(secretOf(t, first)).get(orgsPath+"/acme"), http.StatusUnauthorized)
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
	wantStatus(t, org.get(orgsPath+"/acme"), http.StatusUnauthorized)

	// A minted token is the organization's token too.
	minted, _ := a.server.MintOrganizationToken("acme")
	wantStatus(t, a.as(secretOf(t, third)).get(orgsPath+"/acme"), http.StatusUnauthorized)
	if d := a.get(path).data(t, http.StatusOK); relID(t, d, "created-by", "users") != "" {
		t.Errorf("a minted token's created-by: %v", d["relationships"])
	}

	if r := a.do(http.MethodDelete, path, nil); r.Status != http.StatusNoContent || r.Body != "" {
		t.Fatalf("delete: %d %s", r.Status, r.Body)
	}
	wantStatus(t, a.as(minted).get(orgsPath+"/acme"), http.StatusUnauthorized)
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
	wantError(t, tok.get(orgsPath+"/acme"), http.StatusUnauthorized, "unauthorized", "expired at")
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

// ?token= names other organization-level tokens (audit trails), which the
// emulator does not have: 400 naming the parameter.
func TestOrganizationToken_otherKindsAreRefused(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	for _, method := range []string{http.MethodPost, http.MethodGet, http.MethodDelete} {
		r := a.do(method, orgsPath+"/acme/authentication-token?token=audit-trails", nil)
		wantError(t, r, http.StatusBadRequest, "bad request", `invalid token parameter "audit-trails"`)
		if !strings.Contains(r.Body, `"parameter":"token"`) {
			t.Errorf("400 %s does not name the parameter", r.Body)
		}
	}
	wantNotFound(t, a.get(orgsPath+"/acme/authentication-token"))
}
