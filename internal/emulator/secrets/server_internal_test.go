package secrets

import (
	"io"
	"log"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"
)

// A handler that panics must not leave the store locked: net/http recovers
// the panic, and every later request would otherwise wait forever. The
// broken association is put in by hand, as no request or state file can
// store one.
func TestStore_panicReleasesTheLock(t *testing.T) {
	s, err := New(Options{Token: "t"})
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	s.Register(mux)
	ts := httptest.NewUnstartedServer(mux)
	ts.Config.ErrorLog = log.New(io.Discard, "", 0) // the recovered panic
	ts.Start()
	t.Cleanup(ts.Close)

	s.mu.Lock()
	s.config.Disabled = true
	d := &destination{Type: "cloudone-sm", Name: "d", Associations: map[string]*association{"broken": nil}}
	s.spaceLocked("").destinations[d.key()] = d
	s.mu.Unlock()

	send := func(method, body string) (int, error) {
		req, _ := http.NewRequest(method, ts.URL+pathConfig, strings.NewReader(body))
		req.Header.Set(TokenHeader, "t")
		resp, err := (&http.Client{Timeout: 2 * time.Second}).Do(req)
		if err != nil {
			return 0, err
		}
		_ = resp.Body.Close()
		return resp.StatusCode, nil
	}
	// Re-enabling sync drains the queue, and panics on the broken entry.
	if _, err := send(http.MethodPatch, `{"disabled":false}`); err == nil {
		t.Fatal("the PATCH was answered: the broken association did not panic, the test proves nothing")
	}
	if code, err := send(http.MethodGet, ""); err != nil || code != http.StatusOK {
		// Held by the panicked handler, or else now by the test: released
		// either way, so that the waiting handlers end and the server can
		// close.
		_ = s.mu.TryLock()
		s.mu.Unlock()
		t.Fatalf("the next request: %d, %v; the store stayed locked after the panic", code, err)
	}
}
