package platform_test

import (
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// Any body a client sends to a create, however malformed, is answered
// with a status the API documents for it: a success or a 4xx refusal,
// never a 5xx and never a panic. The workspace's create is the richest
// of the JSON:API request bodies the emulator reads (attributes,
// relationships, tag bindings).
func FuzzWorkspaceCreateBody(f *testing.F) {
	for _, seed := range []string{
		`{"data":{"type":"workspaces","attributes":{"name":"web"}}}`,
		`{"data":{"type":"workspaces","attributes":{"name":"web","auto-apply":true,"execution-mode":"agent","agent-pool-id":"apool-x"}}}`,
		`{"data":{"type":"workspaces","attributes":{"name":"web"},"relationships":{"project":{"data":{"type":"projects","id":"prj-x"}},"tag-bindings":{"data":[{"type":"tag-bindings","attributes":{"key":"a","value":"b"}}]}}}}`,
		`{"data":{"type":"workspaces","attributes":{"name":7,"terraform-version":["1"],"trigger-patterns":"x"}}}`,
		`{"data":[]}`, `{"data":null}`, `{}`, `null`, `[]`, ``, `{"data":{"type":"workspaces","attributes":null}}`,
	} {
		f.Add(seed)
	}
	s, err := platform.New(platform.Options{Token: "root", RateLimit: -1})
	if err != nil {
		f.Fatal(err)
	}
	mux := http.NewServeMux()
	s.Register(mux)
	send := func(method, path, body string) int {
		req := httptest.NewRequest(method, path, strings.NewReader(body))
		req.Header.Set("Authorization", "Bearer root")
		req.Header.Set("Content-Type", platform.MediaType)
		rec := httptest.NewRecorder()
		mux.ServeHTTP(rec, req)
		return rec.Code
	}
	if code := send(http.MethodPost, "/api/v2/organizations",
		`{"data":{"type":"organizations","attributes":{"name":"fuzz","email":"fuzz@example.com"}}}`); code != http.StatusCreated {
		f.Fatalf("creating the organization: %d", code)
	}
	f.Fuzz(func(t *testing.T, body string) {
		if code := send(http.MethodPost, "/api/v2/organizations/fuzz/workspaces", body); code >= 500 || code < 200 {
			t.Errorf("a create with body %q was answered %d", body, code)
		}
	})
}
