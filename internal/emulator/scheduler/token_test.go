package scheduler_test

import (
	"net/http"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/scheduler"
)

func TestAuth_managementTokenRequiredExceptForList(t *testing.T) {
	a := newAPI(t, scheduler.Options{})
	a.mustCreate(oidc("m"))
	client := a.server.MintToken(false)

	for _, tok := range []struct{ name, token string }{
		{"none", ""}, {"unknown", "not-a-token"}, {"client", client},
	} {
		for _, op := range []struct {
			method, path string
			body         any
		}{
			{http.MethodPost, "/v1/acl/auth-method", oidc("other")},
			{http.MethodPost, "/v1/acl/auth-method/m", oidc("m")},
			{http.MethodGet, "/v1/acl/auth-method/m", nil},
			{http.MethodDelete, "/v1/acl/auth-method/m", nil},
		} {
			t.Run(tok.name+" "+op.method+" "+op.path, func(t *testing.T) {
				r := a.do(op.method, op.path, tok.token, op.body)
				emutest.WantPlainError(t, r, http.StatusForbidden)
				if r.Body != "Permission denied" {
					t.Errorf("body %q, want %q", r.Body, "Permission denied")
				}
			})
		}
	}
	if got := a.list(); len(got) != 1 || got[0]["Name"] != "m" {
		t.Fatalf("list without a token = %v, want only m, unchanged", got)
	}
	emutest.WantStatus(t, a.do(http.MethodGet, "/v1/acl/auth-methods", client, nil), http.StatusOK)

	minted := a.server.MintToken(true)
	emutest.WantStatus(t, a.do(http.MethodGet, "/v1/acl/auth-method/m", minted, nil), http.StatusOK)
}
