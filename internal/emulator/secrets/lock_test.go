package secrets_test

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"slices"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

// stalledWriter is a client that stops reading: its first Write reports on
// writing and then waits for release.
type stalledWriter struct {
	header  http.Header
	writing chan struct{}
	release chan struct{}
}

func (w *stalledWriter) Header() http.Header { return w.header }
func (w *stalledWriter) WriteHeader(int)     {}
func (w *stalledWriter) Write(p []byte) (int, error) {
	close(w.writing)
	<-w.release
	return len(p), nil
}

// No answer is written while the store is locked: a client that reads its
// answer slowly must not hold up the requests of others.
func TestStore_slowClientHoldsUpNoOne(t *testing.T) {
	s, err := secrets.New(secrets.Options{Token: root, PurgeDelay: time.Hour})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	s.Register(mux)
	serve := func(w http.ResponseWriter, method, path string, body any) {
		var rd io.Reader = http.NoBody
		if body != nil {
			data, _ := json.Marshal(body)
			rd = bytes.NewReader(data)
		}
		r := httptest.NewRequest(method, path, rd)
		r.Header.Set(secrets.TokenHeader, root)
		mux.ServeHTTP(w, r)
	}
	fixture := httptest.NewRecorder()
	serve(fixture, http.MethodPost, destPath("cloudone-sm", "d"), cloudOne())
	serve(fixture, http.MethodPost, destPath("cloudone-sm", "d")+"/associations/set", map[string]any{"mount": "secret", "secret_name": "s"})
	serve(fixture, http.MethodPost, destPath("cloudone-sm", "p"), cloudOne())
	serve(fixture, http.MethodPost, destPath("cloudone-sm", "p")+"/associations/set", map[string]any{"mount": "secret", "secret_name": "s"})
	serve(fixture, http.MethodPost, "/v1/sys/sync/codehost-apps/app", appBody(t, "1"))

	for _, rt := range slices.Concat(routes, []route{
		{http.MethodPost, destPath("cloudone-sm", "p") + "/associations/set", map[string]any{"mount": "secret"}}, // 400
		{http.MethodGet, destPath("cloudone-sm", "none"), nil},                                                   // 404
		{http.MethodDelete, destPath("cloudone-sm", "p"), nil},                                                   // 409
		{http.MethodPost, destPath("cloudone-sm", "q") + "/associations/set", map[string]any{"mount": "secret", "secret_name": "s"}},
		{http.MethodGet, "/v1/sys/sync/nothing", nil}, // 404 of no route
	}) {
		t.Run(rt.method+" "+rt.path, func(t *testing.T) {
			if rt.path == "/v1/sys/sync/codehost-apps/app" && rt.method == http.MethodPost {
				rt.body = appBody(t, "1")
			}
			slow := &stalledWriter{header: http.Header{}, writing: make(chan struct{}), release: make(chan struct{})}
			done := make(chan struct{})
			go func() {
				defer close(done)
				serve(slow, rt.method, rt.path, rt.body)
			}()
			defer func() { <-done }()
			defer close(slow.release)
			select {
			case <-slow.writing:
			case <-done:
				return // answered without a body: nothing to stall on
			case <-time.After(5 * time.Second):
				t.Fatal("the request never wrote its answer")
			}
			other := make(chan int, 1)
			go func() {
				w := httptest.NewRecorder()
				serve(w, http.MethodGet, destPath("cloudone-sm", "d"), nil)
				other <- w.Code
			}()
			select {
			case code := <-other:
				if code != http.StatusOK {
					t.Fatalf("the other request answered %d", code)
				}
			case <-time.After(2 * time.Second):
				t.Fatal("another request waits for a slow client's answer: the store stays locked while it is written")
			}
		})
	}
}
