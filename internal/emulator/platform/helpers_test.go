package platform_test

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

const root = "root-token"

type api struct {
	t      *testing.T
	url    string
	server *platform.Server
	// token is the bearer token of requests made with do.
	token string
}

// newAPI serves a Server as the emulator does, with its admin routes. The
// rate limit is off unless opts sets one, so that tests of other rules
// never meet it.
func newAPI(t *testing.T, opts platform.Options) *api {
	t.Helper()
	if opts.Token == "" {
		opts.Token = root
	}
	if opts.RateLimit == 0 {
		opts.RateLimit = -1
	}
	s, err := platform.New(opts)
	if err != nil {
		t.Fatal(err)
	}
	mux := http.NewServeMux()
	s.Register(mux)
	s.RegisterAdmin(mux)
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	return &api{t: t, url: ts.URL, server: s, token: root}
}

// as returns a copy of a that sends token.
func (a *api) as(token string) *api {
	c := *a
	c.token = token
	return &c
}

// clock is a clock the test moves.
type clock struct {
	mu  sync.Mutex
	now time.Time
}

func newClock(a *api) *clock {
	c := &clock{now: time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)}
	platform.SetClock(a.server, c.Now)
	return c
}

func (c *clock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *clock) advance(d time.Duration) {
	c.mu.Lock()
	c.now = c.now.Add(d)
	c.mu.Unlock()
}

type response emutest.Response

func (a *api) do(method, path string, body any) response {
	a.t.Helper()
	headers := map[string]string{"Content-Type": platform.MediaType, "Accept": platform.MediaType}
	if a.token != "" {
		headers["Authorization"] = "Bearer " + a.token
	}
	return response(emutest.Do(a.t, method, a.url+path, headers, body))
}

func (a *api) get(path string) response {
	a.t.Helper()
	return a.do(http.MethodGet, path, nil)
}

// json decodes the body into a generic value, so that tests see exactly
// which members were sent and how.
func (r response) json(t *testing.T) map[string]any {
	t.Helper()
	var v map[string]any
	if err := json.Unmarshal([]byte(r.Body), &v); err != nil {
		t.Fatalf("decoding %q: %v", r.Body, err)
	}
	return v
}

func wantStatus(t *testing.T, r response, status int) {
	t.Helper()
	if r.Status != status {
		t.Fatalf("status %d, want %d; body %s", r.Status, status, r.Body)
	}
	if r.Body != "" && r.Header.Get("Content-Type") != platform.MediaType {
		t.Fatalf("Content-Type %q, want %s", r.Header.Get("Content-Type"), platform.MediaType)
	}
}

// wantError checks an error answer: its status, and one error whose
// status is the status as a string, whose title is the API's and whose
// detail has detail in it.
func wantError(t *testing.T, r response, status int, title, detail string) {
	t.Helper()
	wantStatus(t, r, status)
	var doc struct {
		Errors []struct {
			Status any
			Title  string
			Detail string
		}
	}
	if err := json.Unmarshal([]byte(r.Body), &doc); err != nil || len(doc.Errors) == 0 {
		t.Fatalf("error body %s: %v", r.Body, err)
	}
	for _, e := range doc.Errors {
		if e.Status == strconv.Itoa(status) && e.Title == title && strings.Contains(e.Detail, detail) {
			return
		}
	}
	t.Fatalf("error body %s, want status %q, title %q, detail with %q", r.Body, strconv.Itoa(status), title, detail)
}
