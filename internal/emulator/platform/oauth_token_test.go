package platform_test

import (
	"net/http"
	"slices"
	"strings"
	"testing"

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

	wantStatus(t, a.do(http.MethodDelete, oauthTokenPath(first), nil), http.StatusNoContent)
	wantNotFound(t, a.get(oauthTokenPath(first)))
	wantNotFound(t, a.do(http.MethodDelete, oauthTokenPath(first), nil))
	if got := ids(a.get(orgsPath + "/acme/oauth-tokens").list(t)); !slices.Equal(got, []string{second}) {
		t.Errorf("tokens after a delete %v", got)
	}
	wantNotFound(t, a.get(orgsPath+"/nope/oauth-tokens"))
}
