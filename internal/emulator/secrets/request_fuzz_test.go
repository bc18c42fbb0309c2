package secrets_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

// Any body a client sends to a destination's create or update, however
// malformed, is answered with a success or a 4xx refusal, never a 5xx and
// never a panic.
func FuzzDestinationWriteBody(f *testing.F) {
	for _, seed := range []string{
		`{"access_key_id":"AKIA","secret_access_key":"s","region":"us-east-1","granularity":"secret-key","custom_tags":{"a":"b"}}`,
		`{"secret_name_template":"{{ .SecretPath }}","allowed_ipv4_addresses":["10.0.0.0/8"],"disable_strict_networking":"true"}`,
		`{"region":7,"custom_tags":["x"]}`, `{}`, `null`, `[]`, ``,
	} {
		f.Add(seed)
	}
	s, err := secrets.New(secrets.Options{Token: "root"})
	if err != nil {
		f.Fatal(err)
	}
	mux := http.NewServeMux()
	s.Register(mux)
	f.Fuzz(func(t *testing.T, body string) {
		for _, method := range []string{http.MethodPost, http.MethodPatch} {
			req := httptest.NewRequest(method, "/v1/sys/sync/destinations/cloudone-sm/fuzzed", strings.NewReader(body))
			req.Header.Set(secrets.TokenHeader, "root")
			rec := httptest.NewRecorder()
			mux.ServeHTTP(rec, req)
			if rec.Code >= 500 || rec.Code < 200 {
				t.Errorf("%s with body %q was answered %d", method, body, rec.Code)
			}
		}
	})
}
