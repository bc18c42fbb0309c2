package client

import (
	"context"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"io"
	"math"
	"net"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// newTestClient returns a client for srv with fast retries.
func newTestClient(t *testing.T, url string, mod func(*Config)) *Client {
	t.Helper()
	cfg := Config{
		BaseURL:      url,
		AuthHeader:   "X-Test-Token",
		Token:        "tok-123",
		UserAgent:    "terraform-provider-stack/test",
		MaxRetries:   3,
		RetryWaitMin: time.Millisecond,
		RetryWaitMax: 5 * time.Millisecond,
	}
	if mod != nil {
		mod(&cfg)
	}
	c, err := New(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	return c
}

// sequence answers each request with the next status of statuses (the
// last one repeats) and counts the requests.
func sequence(t *testing.T, n *atomic.Int32, statuses ...int) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		i := int(n.Add(1)) - 1
		status := statuses[min(i, len(statuses)-1)]
		if status >= 300 {
			http.Error(w, "failure "+http.StatusText(status), status)
			return
		}
		w.Header().Set("Content-Type", "application/json")
		w.WriteHeader(status)
		_, _ = io.WriteString(w, `{"Name":"ok"}`)
	}))
	t.Cleanup(srv.Close)
	return srv
}

type named struct{ Name string }

func TestDo_retries429HonouringRetryAfter(t *testing.T) {
	var n atomic.Int32
	var first time.Time
	var gap time.Duration
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) == 1 {
			first = time.Now()
			w.Header().Set("Retry-After", "1")
			http.Error(w, "slow down", http.StatusTooManyRequests)
			return
		}
		gap = time.Since(first)
		_, _ = io.WriteString(w, `{"Name":"done"}`)
	}))
	defer srv.Close()

	var out named
	resp, err := newTestClient(t, srv.URL, nil).Do(context.Background(), &Request{Method: http.MethodPost, Path: "/v1/x", Body: named{"a"}}, &out)
	if err != nil {
		t.Fatalf("Do: %v", err)
	}
	if resp.StatusCode != http.StatusOK || out.Name != "done" || n.Load() != 2 {
		t.Fatalf("status %d, out %+v, %d requests; want 200, done, 2", resp.StatusCode, out, n.Load())
	}
	// RetryWaitMax is 5ms: only the header explains a wait of a second.
	if gap < 900*time.Millisecond {
		t.Fatalf("retried after %s, want about the 1s of Retry-After", gap)
	}
}

func TestServerWait(t *testing.T) {
	type answer struct {
		status int
		header http.Header
	}
	header := func(status int, kv ...string) answer {
		h := http.Header{}
		for i := 0; i < len(kv); i += 2 {
			h.Set(kv[i], kv[i+1])
		}
		return answer{status, h}
	}
	for name, tc := range map[string]struct {
		answer answer
		want   time.Duration
		asked  bool
	}{
		"seconds":           {header(503, "Retry-After", "3"), 3 * time.Second, true},
		"past date":         {header(429, "Retry-After", "Mon, 02 Jan 2006 15:04:05 GMT"), 0, true},
		"rate limit reset":  {header(429, "X-RateLimit-Reset", "0.25"), 250 * time.Millisecond, true},
		"reset ignored 503": {header(503, "X-RateLimit-Reset", "0.25"), 0, false},
		"not a 429 or 503":  {header(500, "Retry-After", "3"), 0, false},
		"garbage":           {header(429, "Retry-After", "soon"), 0, false},
		"too long to count": {header(429, "Retry-After", "99999999999999"), math.MaxInt64, true},
		"huge reset":        {header(429, "X-RateLimit-Reset", "1e300"), math.MaxInt64, true},
	} {
		t.Run(name, func(t *testing.T) {
			got, asked := serverWait(tc.answer.status, tc.answer.header)
			if got != tc.want || asked != tc.asked {
				t.Fatalf("serverWait = %s, %v; want %s, %v", got, asked, tc.want, tc.asked)
			}
		})
	}

	future := time.Now().Add(90 * time.Second).UTC().Format(http.TimeFormat)
	if got, _ := serverWait(http.StatusServiceUnavailable, http.Header{"Retry-After": {future}}); got < 80*time.Second || got > 90*time.Second {
		t.Fatalf("HTTP date 90s ahead gave %s", got)
	}
}

// A server that asks for a wait longer than the client's cap makes the call
// fail at once, with the server's answer and the wait it asked for, rather
// than hang through every retry.
func TestDo_serverWaitBeyondCapFailsFast(t *testing.T) {
	for name, tc := range map[string]struct {
		status int
		header []string
		want   *regexp.Regexp
	}{
		"Retry-After seconds": {http.StatusServiceUnavailable, []string{"Retry-After", "3600"}, regexp.MustCompile(
			`^GET /v1/x: 503 Service Unavailable: down \(the server asked to retry after 1h0m0s, longer than the 1m0s the provider waits between attempts; try again later\)$`)},
		"Retry-After date": {http.StatusTooManyRequests, []string{"Retry-After", time.Now().Add(2 * time.Hour).UTC().Format(http.TimeFormat)}, regexp.MustCompile(
			`^GET /v1/x: 429 Too Many Requests: down \(the server asked to retry after 1h59m[0-9.]+s, longer than the 1m0s the provider waits between attempts; try again later\)$`)},
		"X-RateLimit-Reset": {http.StatusTooManyRequests, []string{"X-RateLimit-Reset", "90.5"}, regexp.MustCompile(
			`^GET /v1/x: 429 Too Many Requests: down \(the server asked to retry after 1m30.5s, longer than the 1m0s the provider waits between attempts; try again later\)$`)},
	} {
		t.Run(name, func(t *testing.T) {
			var n atomic.Int32
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				n.Add(1)
				w.Header().Set(tc.header[0], tc.header[1])
				http.Error(w, "down", tc.status)
			}))
			defer srv.Close()
			start := time.Now()
			_, err := newTestClient(t, srv.URL, func(c *Config) { c.MaxRetries = 4 }).Do(context.Background(), &Request{Method: http.MethodGet, Path: "/v1/x"}, nil)
			if err == nil || !tc.want.MatchString(err.Error()) {
				t.Fatalf("error %v, want one matching %s", err, tc.want)
			}
			if StatusCode(err) != tc.status {
				t.Errorf("StatusCode(err) = %d, want %d: the server's answer must stay in the error", StatusCode(err), tc.status)
			}
			if n.Load() != 1 || time.Since(start) > 2*time.Second {
				t.Errorf("%d requests in %s, want 1 and no wait", n.Load(), time.Since(start))
			}
		})
	}
}

// A RetryWaitMax longer than the cap is the practitioner's choice, and lifts
// it: the client waits as asked (here until the context ends).
func TestDo_serverWaitWithinLongRetryWaitMaxIsHonoured(t *testing.T) {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		w.Header().Set("Retry-After", "3600")
		http.Error(w, "down", http.StatusServiceUnavailable)
	}))
	defer srv.Close()
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	_, err := newTestClient(t, srv.URL, func(c *Config) { c.RetryWaitMax = 2 * time.Hour }).Do(ctx, &Request{Method: http.MethodGet, Path: "/v1/x"}, nil)
	if !errors.Is(err, context.DeadlineExceeded) || n.Load() != 1 {
		t.Fatalf("error %v after %d requests, want the context's deadline while waiting after 1", err, n.Load())
	}
}

// Waits double with each attempt up to the cap, and each after the first
// is drawn from the upper half of its step, so that clients that failed
// together do not retry together.
func TestJittered_growsCappedAndSpread(t *testing.T) {
	const minWait, maxWait = 100 * time.Millisecond, 2 * time.Second
	for attempt := range 70 {
		step := min(minWait<<min(attempt, 20), maxWait)
		seen := map[time.Duration]bool{}
		for range 50 {
			w := jittered(minWait, maxWait, attempt)
			if w < max(minWait, step/2) || w > step {
				t.Fatalf("attempt %d: wait %s outside [%s, %s]", attempt, w, max(minWait, step/2), step)
			}
			seen[w] = true
		}
		// The first retry waits the minimum, the floor of every wait.
		if attempt > 0 && len(seen) < 10 {
			t.Errorf("attempt %d: 50 waits took only %d values, want them spread", attempt, len(seen))
		}
	}
}

func TestDo_retryPolicy(t *testing.T) {
	for name, tc := range map[string]struct {
		req      Request
		statuses []int
		requests int32
		status   int // of the final answer or error
	}{
		"503 retried for POST create":    {Request{Method: http.MethodPost, Path: "/v1/x"}, []int{503, 503, 200}, 3, 200},
		"502 retried for GET":            {Request{Method: http.MethodGet, Path: "/v1/x"}, []int{502, 504, 200}, 3, 200},
		"502 not retried for POST":       {Request{Method: http.MethodPost, Path: "/v1/x"}, []int{502, 200}, 1, 502},
		"504 retried for idempotent":     {Request{Method: http.MethodPost, Path: "/v1/x", Idempotent: true}, []int{504, 200}, 2, 200},
		"LIST is idempotent":             {Request{Method: "LIST", Path: "/v1/x"}, []int{502, 200}, 2, 200},
		"400 never retried":              {Request{Method: http.MethodGet, Path: "/v1/x"}, []int{400, 200}, 1, 400},
		"500 never retried":              {Request{Method: http.MethodDelete, Path: "/v1/x"}, []int{500, 200}, 1, 500},
		"exhausted gives the last error": {Request{Method: http.MethodGet, Path: "/v1/x"}, []int{429, 503}, 4, 503},
	} {
		t.Run(name, func(t *testing.T) {
			var n atomic.Int32
			srv := sequence(t, &n, tc.statuses...)
			resp, err := newTestClient(t, srv.URL, nil).Do(context.Background(), &tc.req, nil)
			if n.Load() != tc.requests {
				t.Errorf("%d requests, want %d", n.Load(), tc.requests)
			}
			if tc.status == 200 {
				if err != nil || resp.StatusCode != 200 {
					t.Fatalf("Do = %v, %v; want 200", resp, err)
				}
				return
			}
			if StatusCode(err) != tc.status {
				t.Fatalf("error %v, want status %d", err, tc.status)
			}
			if resp == nil || resp.StatusCode != tc.status {
				t.Fatalf("response %+v, want one with status %d", resp, tc.status)
			}
		})
	}
}

func TestDo_exhaustedRetriesGiveTypedError(t *testing.T) {
	var n atomic.Int32
	srv := sequence(t, &n, 503)
	_, err := newTestClient(t, srv.URL, func(c *Config) { c.MaxRetries = 2 }).
		Do(context.Background(), &Request{Method: http.MethodPost, Path: "/v1/acl/auth-method"}, nil)
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error %T %v, want *Error", err, err)
	}
	want := "POST /v1/acl/auth-method: 503 Service Unavailable: failure Service Unavailable"
	if e.Error() != want || e.Message != "failure Service Unavailable" {
		t.Fatalf("error %q (message %q), want %q", e.Error(), e.Message, want)
	}
	if n.Load() != 3 {
		t.Fatalf("%d requests, want 1 + 2 retries", n.Load())
	}
}

func TestDo_errorBodies(t *testing.T) {
	huge := strings.Repeat("x", 3<<20)
	for name, tc := range map[string]struct {
		body, contentType string
		decode            func([]byte, string) string
		want              string
	}{
		"plain text trimmed": {"  Permission denied\n", "text/plain", nil, "Permission denied"},
		"empty":              {"", "", nil, ""},
		"html":               {"<html><body>bad gateway</body></html>", "text/html", nil, "<html><body>bad gateway</body></html>"},
		"decoded json": {`{"errors":["one"]}`, "application/json", func(b []byte, _ string) string {
			if strings.Contains(string(b), "one") {
				return "one"
			}
			return ""
		}, "one"},
		"decoder gives up": {"raw", "text/plain", func([]byte, string) string { return "" }, "raw"},
		"huge":             {huge, "text/plain", nil, huge[:maxMessage] + " … (truncated)"},
		"invalid utf-8":    {"bad \xff byte", "text/plain", nil, "bad \uFFFD byte"},
	} {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.Header().Set("Content-Type", tc.contentType)
				w.WriteHeader(http.StatusConflict)
				_, _ = io.WriteString(w, tc.body)
			}))
			defer srv.Close()
			_, err := newTestClient(t, srv.URL, func(c *Config) { c.DecodeError = tc.decode }).
				Do(context.Background(), &Request{Method: http.MethodPost, Path: "/v1/x"}, &named{})
			var e *Error
			if !errors.As(err, &e) || e.StatusCode != http.StatusConflict {
				t.Fatalf("error %v, want a 409 *Error", err)
			}
			if e.Message != tc.want {
				t.Fatalf("message %.80q, want %.80q", e.Message, tc.want)
			}
		})
	}
}

// TestDo_keepsConnectionsForTerraformParallelism sends two waves of 10
// requests at once, as Terraform does at its default -parallelism, and
// checks that the second wave reuses the first wave's connections instead
// of opening new ones (each a TLS handshake against a real server).
func TestDo_keepsConnectionsForTerraformParallelism(t *testing.T) {
	const parallelism = 10
	var opened atomic.Int32
	var mu sync.Mutex
	arrivedCond := sync.NewCond(&mu)
	arrived := 0
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		// Hold each request until its whole wave has arrived, so that the
		// wave needs parallelism connections at once.
		mu.Lock()
		arrived++
		for wave := (arrived + parallelism - 1) / parallelism; arrived < wave*parallelism; {
			arrivedCond.Wait()
		}
		arrivedCond.Broadcast()
		mu.Unlock()
		_, _ = io.WriteString(w, `{"Name":"ok"}`)
	}))
	srv.Config.ConnState = func(_ net.Conn, state http.ConnState) {
		if state == http.StateNew {
			opened.Add(1)
		}
	}
	srv.Start()
	t.Cleanup(srv.Close)
	c := newTestClient(t, srv.URL, nil)
	for range 2 {
		var wg sync.WaitGroup
		for range parallelism {
			wg.Go(func() {
				if _, err := c.Do(context.Background(), &Request{Method: http.MethodGet, Path: "/v1/x"}, &named{}); err != nil {
					t.Error(err)
				}
			})
		}
		wg.Wait()
	}
	if got := opened.Load(); got != parallelism {
		t.Errorf("two waves of %d requests opened %d connections, want %d", parallelism, got, parallelism)
	}
}

func TestDo_successBodies(t *testing.T) {
	for name, tc := range map[string]struct {
		status  int
		body    string
		wantErr string
	}{
		"no content":   {http.StatusNoContent, "", ""},
		"empty 200":    {http.StatusOK, "  \n", ""},
		"not json":     {http.StatusOK, "<html>", "decoding the 200 response"},
		"wrong type":   {http.StatusOK, `[1,2]`, "decoding the 200 response"},
		"object as ok": {http.StatusOK, `{"Name":"n"}`, ""},
	} {
		t.Run(name, func(t *testing.T) {
			srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
				w.WriteHeader(tc.status)
				_, _ = io.WriteString(w, tc.body)
			}))
			defer srv.Close()
			_, err := newTestClient(t, srv.URL, nil).Do(context.Background(), &Request{Method: http.MethodGet, Path: "/v1/x"}, &named{})
			if tc.wantErr == "" && err != nil || tc.wantErr != "" && (err == nil || !strings.Contains(err.Error(), tc.wantErr)) {
				t.Fatalf("error %v, want %q", err, tc.wantErr)
			}
		})
	}
}

func TestDo_contextCancelStopsRetrying(t *testing.T) {
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		w.Header().Set("Retry-After", "30")
		http.Error(w, "busy", http.StatusServiceUnavailable)
	}))
	defer srv.Close()

	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(100*time.Millisecond, cancel)
	start := time.Now()
	_, err := newTestClient(t, srv.URL, nil).Do(ctx, &Request{Method: http.MethodGet, Path: "/v1/x"}, nil)
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("error %v, want context.Canceled", err)
	}
	if !strings.HasPrefix(err.Error(), "GET /v1/x: ") {
		t.Fatalf("error %q does not name the call", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("cancel took %s to stop the call", d)
	}
	if n.Load() != 1 {
		t.Fatalf("%d requests, want 1", n.Load())
	}
}

func TestDo_contextCancelDuringRequest(t *testing.T) {
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		select {
		case <-r.Context().Done():
		case <-release:
		}
	}))
	defer srv.Close()
	defer close(release)

	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := newTestClient(t, srv.URL, nil).Do(ctx, &Request{Method: http.MethodGet, Path: "/v1/x"}, nil)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("error %v, want the context's deadline", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Fatalf("took %s to stop", d)
	}
}

func TestDo_requestTimeoutPerAttempt(t *testing.T) {
	var n atomic.Int32
	release := make(chan struct{})
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if n.Add(1) <= 2 {
			// Headers, then a body that stalls: the timeout covers both.
			w.WriteHeader(http.StatusOK)
			_, _ = io.WriteString(w, `{"Name":`)
			_ = http.NewResponseController(w).Flush()
			select {
			case <-r.Context().Done():
			case <-release:
			}
			return
		}
		_, _ = io.WriteString(w, `{"Name":"third"}`)
	}))
	defer srv.Close()
	defer close(release)

	c := newTestClient(t, srv.URL, func(c *Config) { c.RequestTimeout = 100 * time.Millisecond })
	var out named
	if _, err := c.Do(context.Background(), &Request{Method: http.MethodGet, Path: "/v1/x"}, &out); err != nil {
		t.Fatalf("GET: %v", err)
	}
	if out.Name != "third" || n.Load() != 3 {
		t.Fatalf("out %+v after %d requests; want third after 3", out, n.Load())
	}

	// A create that timed out may have been applied: it is not repeated.
	n.Store(0)
	_, err := c.Do(context.Background(), &Request{Method: http.MethodPost, Path: "/v1/x"}, &out)
	if err == nil || !strings.Contains(err.Error(), "request timeout of 100ms") || !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("POST error %v, want a request timeout", err)
	}
	if !strings.HasPrefix(err.Error(), "POST /v1/x: ") {
		t.Fatalf("error %q does not name the call", err)
	}
	if n.Load() != 1 {
		t.Fatalf("POST made %d requests, want 1", n.Load())
	}
}

func TestDo_connectionRefused(t *testing.T) {
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := l.Addr().String()
	_ = l.Close()

	c := newTestClient(t, "http://"+addr, nil)
	for _, method := range []string{http.MethodGet, http.MethodPost} {
		_, err := c.Do(context.Background(), &Request{Method: method, Path: "/v1/acl/auth-methods"}, nil)
		if err == nil || !strings.Contains(err.Error(), "connection refused") {
			t.Fatalf("%s: error %v, want connection refused", method, err)
		}
		if want := method + " /v1/acl/auth-methods: "; !strings.HasPrefix(err.Error(), want) {
			t.Fatalf("%s: error %q does not start with %q", method, err, want)
		}
		if StatusCode(err) != 0 {
			t.Fatalf("%s: a lost connection has no status, got %d", method, StatusCode(err))
		}
	}
}

func TestDo_connectionRefusedRetriedOnlyWhenIdempotent(t *testing.T) {
	// Accept connections and close them at once: a connection error the
	// server can count.
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer func() { _ = l.Close() }()
	var n atomic.Int32
	go func() {
		for {
			conn, err := l.Accept()
			if err != nil {
				return
			}
			n.Add(1)
			_ = conn.Close()
		}
	}()
	c := newTestClient(t, "http://"+l.Addr().String(), nil)

	if _, err := c.Do(context.Background(), &Request{Method: http.MethodGet, Path: "/v1/x"}, nil); err == nil {
		t.Fatal("GET succeeded against a server that hangs up")
	}
	waitFor(t, func() bool { return n.Load() == 4 }, "GET to make 1 + 3 attempts, made %d", &n)

	n.Store(0)
	if _, err := c.Do(context.Background(), &Request{Method: http.MethodPost, Path: "/v1/x"}, nil); err == nil {
		t.Fatal("POST succeeded against a server that hangs up")
	}
	time.Sleep(50 * time.Millisecond)
	if n.Load() != 1 {
		t.Fatalf("POST made %d attempts, want 1", n.Load())
	}
}

func waitFor(t *testing.T, ok func() bool, format string, n *atomic.Int32) {
	t.Helper()
	deadline := time.Now().Add(2 * time.Second)
	for !ok() {
		if time.Now().After(deadline) {
			t.Fatalf(format, n.Load())
		}
		time.Sleep(5 * time.Millisecond)
	}
}

func TestDo_headersAndURL(t *testing.T) {
	var got *http.Request
	var body []byte
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		got = r.Clone(context.Background())
		body, _ = io.ReadAll(r.Body)
		w.Header().Set("X-Index", "7")
	}))
	defer srv.Close()

	c := newTestClient(t, srv.URL+"/", func(c *Config) {
		c.AuthHeader = "Authorization"
		c.AuthPrefix = "Bearer "
		c.Headers = map[string]string{"X-Secrets-Namespace": "ns1", "Accept": "application/vnd.api+json"}
	})
	resp, err := c.Do(context.Background(), &Request{
		Method: "LIST",
		Path:   "/v1/a%2Fb",
		Query:  map[string][]string{"index": {"5"}},
		Body:   map[string]int{"n": 1},
		Header: http.Header{"X-Extra": {"yes"}},
	}, nil)
	if err != nil {
		t.Fatal(err)
	}
	for h, want := range map[string]string{
		"User-Agent":          "terraform-provider-stack/test",
		"Authorization":       "Bearer tok-123",
		"X-Secrets-Namespace": "ns1",
		"Accept":              "application/vnd.api+json",
		"Content-Type":        "application/json",
		"X-Extra":             "yes",
	} {
		if v := got.Header.Get(h); v != want {
			t.Errorf("header %s = %q, want %q", h, v, want)
		}
	}
	if got.Method != "LIST" || got.URL.EscapedPath() != "/v1/a%2Fb" || got.URL.RawQuery != "index=5" {
		t.Errorf("request %s %s?%s, want LIST /v1/a%%2Fb?index=5", got.Method, got.URL.EscapedPath(), got.URL.RawQuery)
	}
	if string(body) != `{"n":1}` {
		t.Errorf("body %q", body)
	}
	if resp.Header.Get("X-Index") != "7" {
		t.Errorf("response header X-Index = %q", resp.Header.Get("X-Index"))
	}

	// Without a token no auth header is sent (the scheduler's list needs none).
	c = newTestClient(t, srv.URL, func(c *Config) { c.Token = "" })
	if _, err := c.Do(context.Background(), &Request{Method: http.MethodGet, Path: "/v1/x"}, nil); err != nil {
		t.Fatal(err)
	}
	if _, ok := got.Header["X-Test-Token"]; ok {
		t.Error("auth header sent without a token")
	}
	if got.Header.Get("Content-Type") != "" {
		t.Error("Content-Type sent without a body")
	}
}

func TestNew_invalidConfig(t *testing.T) {
	dir := t.TempDir()
	notPEM := filepath.Join(dir, "not.pem")
	if err := os.WriteFile(notPEM, []byte("not a certificate"), 0o600); err != nil {
		t.Fatal(err)
	}
	for name, cfg := range map[string]Config{
		"relative address":   {BaseURL: "127.0.0.1:8080"},
		"ftp":                {BaseURL: "ftp://host"},
		"unparsable":         {BaseURL: "http://[::1"},
		"query":              {BaseURL: "http://host/?a=b"},
		"negative retries":   {BaseURL: "http://host", MaxRetries: -1},
		"missing CA file":    {BaseURL: "https://host", CACertFile: filepath.Join(dir, "absent.pem")},
		"CA file not as PEM": {BaseURL: "https://host", CACertFile: notPEM},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := New(cfg); err == nil {
				t.Fatal("New accepted it")
			}
		})
	}
}

func TestDo_TLS(t *testing.T) {
	srv := httptest.NewTLSServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, _ = io.WriteString(w, `{"Name":"tls"}`)
	}))
	defer srv.Close()
	caFile := filepath.Join(t.TempDir(), "ca.pem")
	cert := pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: srv.Certificate().Raw})
	if err := os.WriteFile(caFile, cert, 0o600); err != nil {
		t.Fatal(err)
	}
	get := func(c *Client) error {
		var out named
		_, err := c.Do(context.Background(), &Request{Method: http.MethodGet, Path: "/v1/x"}, &out)
		if err == nil && out.Name != "tls" {
			t.Fatalf("out %+v", out)
		}
		return err
	}

	if err := get(newTestClient(t, srv.URL, func(c *Config) { c.CACertFile = caFile })); err != nil {
		t.Fatalf("with the CA file: %v", err)
	}
	if err := get(newTestClient(t, srv.URL, func(c *Config) { c.InsecureSkipVerify = true })); err != nil {
		t.Fatalf("with verification skipped: %v", err)
	}

	var n atomic.Int32
	counting := httptest.NewUnstartedServer(srv.Config.Handler)
	counting.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			n.Add(1)
		}
	}
	counting.StartTLS()
	defer counting.Close()
	err := get(newTestClient(t, counting.URL, nil))
	var unknown x509.UnknownAuthorityError
	if !errors.As(err, &unknown) {
		t.Fatalf("without the CA: %v, want an unknown authority error", err)
	}
	if n.Load() != 1 {
		t.Fatalf("an untrusted certificate was tried %d times, want once", n.Load())
	}
}
