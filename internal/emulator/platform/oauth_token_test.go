package platform_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

func oauthTokenPath(id string) string { return "/api/v2/oauth-tokens/" + id }

const testSSHKey = "-----BEGIN RSA PRIVATE KEY-----\nMIICXgIBAAKBgQDIF0s2yX7dSQQL1grdTbai1Mb7sEco6RIOz8iqrHTGqmESpu5n\n-----END RSA PRIVATE KEY-----"

// An organization's tokens are listed across its clients; a token takes
// an SSH key, answered as has-ssh-key only, and is deleted by itself.
func TestOAuthTokens_listUpdateDelete(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	first, second := a.createOAuthToken("acme"), a.createOAuthToken("acme")
	a.createOAuthToken("other")
	if got := ids(a.get(orgsPath + "/acme/oauth-tokens").list(t)); len(got) != 2 || !slices.Contains(got, first) || !slices.Contains(got, second) {
		t.Errorf("tokens of acme %v", got)
	}
	d := a.get(oauthTokenPath(first)).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"has-ssh-key": false, "uid": nil})
	if relID(t, d, "oauth-client", "oauth-clients") == "" {
		t.Errorf("no oauth-client in %v", d)
	}

	r := a.do(http.MethodPatch, oauthTokenPath(first), body("oauth-tokens", map[string]any{"ssh-key": testSSHKey}, nil))
	wantAttrs(t, r.data(t, http.StatusOK), map[string]any{"has-ssh-key": true})
	if strings.Contains(r.Body, "MIICXgIBAA") || strings.Contains(a.get(oauthTokenPath(first)).Body, "MIICXgIBAA") {
		t.Errorf("the SSH key was answered: %s", r.Body)
	}
	wantInvalid(t, a.do(http.MethodPatch, oauthTokenPath(first), body("oauth-tokens", map[string]any{"ssh-key": "not a key"}, nil)),
		"/data/attributes/ssh-key", "Ssh key is invalid")
	wantAttrs(t, a.do(http.MethodPatch, oauthTokenPath(first), body("oauth-tokens", map[string]any{}, nil)).data(t, http.StatusOK), map[string]any{"has-ssh-key": true})
	wantAttrs(t, a.do(http.MethodPatch, oauthTokenPath(first), body("oauth-tokens", map[string]any{"ssh-key": nil}, nil)).data(t, http.StatusOK), map[string]any{"has-ssh-key": false})

	a.wantDeletes(oauthTokenPath(first))
	if got := ids(a.get(orgsPath + "/acme/oauth-tokens").list(t)); !slices.Equal(got, []string{second}) {
		t.Errorf("tokens after a delete %v", got)
	}
	wantNotFound(t, a.get(orgsPath+"/nope/oauth-tokens"))
}

// Deleting OAuth tokens has its own limit, 10 a minute for each principal,
// found or not; it holds while the API's limit is off too.
func TestOAuthTokens_deleteRateLimit(t *testing.T) {
	a := newAPI(t, platform.Options{RateLimit: -1})
	clk := newClock(a)
	a.createOrg("acme")
	tok := a.createOAuthToken("acme")
	for range 10 {
		wantNotFound(t, a.do(http.MethodDelete, oauthTokenPath("ot-Missing1234567890"), nil))
		clk.advance(time.Second)
	}
	r := a.do(http.MethodDelete, oauthTokenPath(tok), nil)
	emutest.WantAPIStatus(t, r, http.StatusTooManyRequests)
	if r.Header.Get("X-RateLimit-Limit") != "10" || r.Header.Get("X-RateLimit-Reset") != "50.000" {
		t.Errorf("headers %v", r.Header)
	}
	emutest.WantAPIStatus(t, a.get(oauthTokenPath(tok)), http.StatusOK)
	// Another principal has its own ten.
	token, err := a.server.MintOrganizationToken("acme")
	if err != nil {
		t.Fatal(err)
	}
	wantNotFound(t, a.as(token).do(http.MethodDelete, oauthTokenPath("ot-Missing1234567890"), nil))
	// The first delete leaves the minute after 50 seconds more.
	clk.advance(50 * time.Second)
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, oauthTokenPath(tok), nil), http.StatusNoContent)
	// That made ten in the minute again; a reset forgets them.
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, oauthTokenPath(tok), nil), http.StatusTooManyRequests)
	a.server.Reset()
	wantNotFound(t, a.do(http.MethodDelete, oauthTokenPath(tok), nil))
}

func init() {
	addStateFixture("oauth-tokens", func(a *api) roundTrip {
		tok := a.createOAuthToken("acme")
		emutest.WantAPIStatus(a.t, a.do(http.MethodPatch, oauthTokenPath(tok), body("oauth-tokens", map[string]any{"ssh-key": testSSHKey}, nil)), http.StatusOK)
		return roundTrip{paths: []string{oauthTokenPath(tok), orgsPath + "/acme/oauth-tokens"}}
	})
}
