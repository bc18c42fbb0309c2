package scheduler_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/scheduler"
)

// Any body a client sends to a create or an update of an auth method,
// however malformed, is answered with a success or a 4xx refusal, never
// a 5xx and never a panic.
func FuzzAuthMethodWriteBody(f *testing.F) {
	for _, seed := range []string{
		`{"Name":"m","Type":"OIDC","TokenLocality":"global","MaxTokenTTL":"1h","Config":{"OIDCDiscoveryURL":"https://idp","OIDCClientID":"c","OIDCClientSecret":"s","AllowedRedirectURIs":["http://localhost/cb"]}}`,
		`{"Name":"j","Type":"JWT","TokenLocality":"local","MaxTokenTTL":"10m","Config":{"JWKSURL":"https://idp/keys","ExpirationLeeway":"-1s","ClaimMappings":{"a":"b"}}}`,
		`{"Name":"m","Type":"OIDC","MaxTokenTTL":5,"Config":null}`, `{"Name":["m"]}`, `{}`, `null`, `[]`, ``,
	} {
		f.Add(seed)
	}
	s := scheduler.New(scheduler.Options{ManagementToken: "root"})
	mux := http.NewServeMux()
	s.Register(mux)
	send := func(method, path, body string) int {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set(scheduler.TokenHeader, "root")
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		return rec.Code
	}
	f.Fuzz(func(t *testing.T, body string) {
		for _, path := range []string{"/v1/acl/auth-method", "/v1/acl/auth-method/m"} {
			if code := send(http.MethodPost, path, body); code >= 500 || code < 200 {
				t.Errorf("POST %s with body %q was answered %d", path, body, code)
			}
		}
	})
}
