package client

import (
	"bufio"
	"context"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
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
	"syscall"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/client/internal/clienttest"
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
			if err == nil || !tc.want.MatchString(clienttest.ErrText(err)) {
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
		Do(context.Background(), &Request{Method: http.MethodPost, Path: "/v1/widget"}, nil)
	var e *Error
	if !errors.As(err, &e) {
		t.Fatalf("error %T %v, want *Error", err, err)
	}
	want := "POST /v1/widget: 503 Service Unavailable: failure Service Unavailable"
	if clienttest.ErrText(e) != want || e.Message != "failure Service Unavailable" {
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
	if !strings.HasPrefix(clienttest.ErrText(err), "GET /v1/x: ") {
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
	if !strings.HasPrefix(clienttest.ErrText(err), "POST /v1/x: ") {
		t.Fatalf("error %q does not name the call", err)
	}
	if n.Load() != 1 {
		t.Fatalf("POST made %d requests, want 1", n.Load())
	}
}

// schedulerSettings names the service and its setting as the provider does.
func schedulerSettings(c *Config) {
	c.Service = "scheduler"
	c.Setting = "scheduler.address (or STACK_SCHEDULER_ADDR)"
}

// withoutElapsed replaces the one part of an unreachable error that varies
// from run to run, the time the attempts took, with T.
func withoutElapsed(err error) string {
	return regexp.MustCompile(` over [0-9.]+(µs|ms|s): `).ReplaceAllString(fmt.Sprint(err), " over T: ")
}

// A server that cannot be reached fails the call after every retry, for a
// write as well, since an attempt that could not connect never reached the
// server. The error gives the whole URL, the attempts and their time, the
// cause, and the setting to check; the cause stays visible to errors.Is.
func TestDo_connectionRefusedNamesTheSetting(t *testing.T) {
	addr := closedPort(t)
	c := newTestClient(t, "http://"+addr, schedulerSettings)
	for _, method := range []string{http.MethodGet, http.MethodPost} {
		_, err := c.Do(context.Background(), &Request{Method: method, Path: "/v1/x"}, nil)
		want := method + " http://" + addr + "/v1/x: cannot reach the scheduler after 4 attempts over T: dial tcp " + addr +
			": connect: connection refused. Check scheduler.address (or STACK_SCHEDULER_ADDR)."
		if got := withoutElapsed(err); got != want {
			t.Fatalf("error\n%s\nwant\n%s", got, want)
		}
		if !errors.Is(err, syscall.ECONNREFUSED) {
			t.Errorf("%s: errors.Is(err, ECONNREFUSED) is false for %v", method, err)
		}
		if StatusCode(err) != 0 {
			t.Errorf("%s: a call that got no answer has no status, got %d", method, StatusCode(err))
		}
	}
}

// Without a service and a setting, the error still says what to check.
func TestDo_unknownHostNamesTheAddress(t *testing.T) {
	_, err := newTestClient(t, "http://nohost.invalid", func(c *Config) { c.MaxRetries = 1 }).
		Do(context.Background(), &Request{Method: http.MethodGet, Path: "/v1/x"}, nil)
	const prefix = "GET http://nohost.invalid/v1/x: cannot reach the server after 2 attempts over T: dial tcp: lookup nohost.invalid"
	got := withoutElapsed(err)
	if !strings.HasPrefix(got, prefix) || !strings.HasSuffix(got, ". Check the address.") {
		t.Fatalf("error\n%s\nwant it to start with\n%s\nand end with %q", got, prefix, ". Check the address.")
	}
	var dnsErr *net.DNSError
	if !errors.As(err, &dnsErr) {
		t.Errorf("the DNS error is lost from %v", err)
	}
}

// A server that takes connections but never completes the TLS handshake is
// as unreachable as one that refuses them: each attempt ends at the request
// timeout before the request was sent, so even a POST is repeated.
func TestDo_connectTimeoutRetriedAndNamesTheSetting(t *testing.T) {
	addr, n := acceptCounting(t, func(net.Conn) {})
	_, err := newTestClient(t, "https://"+addr, func(c *Config) {
		schedulerSettings(c)
		c.MaxRetries = 2
		c.RequestTimeout = 50 * time.Millisecond
	}).Do(context.Background(), &Request{Method: http.MethodPost, Path: "/v1/x", Body: named{"a"}}, nil)
	want := "POST https://" + addr + "/v1/x: cannot reach the scheduler after 3 attempts over T: no answer within the request timeout of 50ms: " +
		"context deadline exceeded. Check scheduler.address (or STACK_SCHEDULER_ADDR)."
	if got := withoutElapsed(err); got != want {
		t.Fatalf("error\n%s\nwant\n%s", got, want)
	}
	waitFor(t, func() bool { return n.Load() == 3 }, "POST to connect 1 + 2 times, connected %d", n)
}

// An https:// address of a plain HTTP server is a wrong address that no
// retry can cure: one attempt, and the setting to check.
func TestDo_httpsToPlainHTTPNamesTheSetting(t *testing.T) {
	var n atomic.Int32
	srv := httptest.NewUnstartedServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {}))
	srv.Config.ConnState = func(_ net.Conn, s http.ConnState) {
		if s == http.StateNew {
			n.Add(1)
		}
	}
	srv.Start()
	defer srv.Close()
	addr := srv.Listener.Addr().String()
	_, err := newTestClient(t, "https://"+addr, schedulerSettings).
		Do(context.Background(), &Request{Method: http.MethodGet, Path: "/v1/x"}, nil)
	want := "GET https://" + addr + "/v1/x: cannot reach the scheduler after 1 attempt over T: http: server gave HTTP response to HTTPS client. " +
		"Check scheduler.address (or STACK_SCHEDULER_ADDR)."
	if got := withoutElapsed(err); got != want {
		t.Fatalf("error\n%s\nwant\n%s", got, want)
	}
	if !errors.Is(err, http.ErrSchemeMismatch) {
		t.Errorf("errors.Is(err, ErrSchemeMismatch) is false for %v", err)
	}
	if n.Load() != 1 {
		t.Errorf("%d connections, want 1", n.Load())
	}
}

func TestRoughly(t *testing.T) {
	for d, want := range map[time.Duration]string{
		6234 * time.Millisecond:                "6.2s",
		2*time.Minute + 31460*time.Millisecond: "2m31.5s",
		12345 * time.Microsecond:               "12.3ms",
		450123 * time.Nanosecond:               "450.1µs",
		999 * time.Nanosecond:                  "999ns",
		time.Second:                            "1s",
	} {
		if got := roughly(d).String(); got != want {
			t.Errorf("roughly(%s) = %s, want %s", d, got, want)
		}
	}
}

// A connection lost after the request was sent may have let the server act:
// only a request that can be done twice is repeated, and the error is the
// plain cause, since the address is right.
func TestDo_lostConnectionRetriedOnlyWhenIdempotent(t *testing.T) {
	// Accept connections, read the request, and close them without an
	// answer: a connection error the server can count. Reading first makes
	// the close a clean end of stream (EOF); closing with the request still
	// unread would reset the connection instead, at the kernel's whim.
	addr, n := acceptCounting(t, func(conn net.Conn) {
		_, _ = http.ReadRequest(bufio.NewReader(conn))
		_ = conn.Close()
	})
	c := newTestClient(t, "http://"+addr, nil)

	if _, err := c.Do(context.Background(), &Request{Method: http.MethodGet, Path: "/v1/x"}, nil); clienttest.ErrText(err) != "GET /v1/x: EOF" {
		t.Fatalf("GET against a server that hangs up: %v, want GET /v1/x: EOF", err)
	}
	waitFor(t, func() bool { return n.Load() == 4 }, "GET to make 1 + 3 attempts, made %d", n)

	n.Store(0)
	if _, err := c.Do(context.Background(), &Request{Method: http.MethodPost, Path: "/v1/x"}, nil); clienttest.ErrText(err) != "POST /v1/x: EOF" {
		t.Fatalf("POST against a server that hangs up: %v, want POST /v1/x: EOF", err)
	}
	time.Sleep(50 * time.Millisecond)
	if n.Load() != 1 {
		t.Fatalf("POST made %d attempts, want 1", n.Load())
	}
}

// acceptCounting listens on a local port until the test ends, and counts
// the connections it accepts, each of which serve is given in turn; a
// connection that serve leaves open stays open until then.
func acceptCounting(t *testing.T, serve func(net.Conn)) (string, *atomic.Int32) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = l.Close() })
	n := new(atomic.Int32)
	go func() {
		for {
			conn, err := l.Accept()
			if err != nil {
				return
			}
			n.Add(1)
			defer func() { _ = conn.Close() }()
			serve(conn)
		}
	}()
	return l.Addr().String(), n
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
		c.Headers = map[string]string{"X-Tenant": "t1", "Accept": "application/vnd.api+json"}
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
		"User-Agent":    "terraform-provider-stack/test",
		"Authorization": "Bearer tok-123",
		"X-Tenant":      "t1",
		"Accept":        "application/vnd.api+json",
		"Content-Type":  "application/json",
		"X-Extra":       "yes",
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

	// Without a token no auth header is sent: some services serve some
	// reads to anyone.
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

// An invalid address is refused with the setting, the rule, a valid
// example and the value, whether or not the scheme is missing.
func TestNew_invalidAddress(t *testing.T) {
	const setting = "scheduler.address (or STACK_SCHEDULER_ADDR) must be "
	const example = ", such as https://scheduler.example.com:4646; got "
	for _, tc := range []struct{ address, want string }{
		{"127.0.0.1:8080", setting + "a URL with an http:// or https:// scheme" + example + `"127.0.0.1:8080"`},
		{"scheduler.example.com", setting + "a URL with an http:// or https:// scheme" + example + `"scheduler.example.com"`},
		{"localhost:4646", setting + "a URL with an http:// or https:// scheme" + example + `"localhost:4646"`},
		{"ftp://host", setting + "a URL with an http:// or https:// scheme" + example + `"ftp://host"`},
		{" http://host", setting + "a URL with an http:// or https:// scheme" + example + `" http://host"`},
		{"", setting + "a URL with an http:// or https:// scheme" + example + `""`},
		{"http://[::1", setting + "a valid URL (missing ']' in host)" + example + `"http://[::1"`},
		{"http://", setting + "a URL with a host" + example + `"http://"`},
		{"https:///v1", setting + "a URL with a host" + example + `"https:///v1"`},
		{"http://host/?a=b", setting + "a URL without a query or fragment" + example + `"http://host/?a=b"`},
		{"http://host?", setting + "a URL without a query or fragment" + example + `"http://host?"`},
		{"http://host#top", setting + "a URL without a query or fragment" + example + `"http://host#top"`},
	} {
		t.Run(tc.address, func(t *testing.T) {
			_, err := New(Config{
				BaseURL:    tc.address,
				Service:    "scheduler",
				Setting:    "scheduler.address (or STACK_SCHEDULER_ADDR)",
				ExampleURL: "https://scheduler.example.com:4646",
			})
			if fmt.Sprint(err) != tc.want {
				t.Fatalf("error\n%v\nwant\n%s", err, tc.want)
			}
		})
	}

	_, err := New(Config{BaseURL: "host:1"})
	if want := `the address must be a URL with an http:// or https:// scheme, such as https://server.example.com; got "host:1"`; fmt.Sprint(err) != want {
		t.Fatalf("without a setting or example, error\n%v\nwant\n%s", err, want)
	}
}

// Scheme and host are case-insensitive, and a path prefix is kept.
func TestNew_validAddress(t *testing.T) {
	var path string
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		path = r.URL.Path
	}))
	defer srv.Close()
	_, port, err := net.SplitHostPort(srv.Listener.Addr().String())
	if err != nil {
		t.Fatal(err)
	}
	c := newTestClient(t, "HTTP://LOCALHOST:"+port+"/base/", nil)
	if _, err := c.Do(context.Background(), &Request{Method: http.MethodGet, Path: "/v1/x"}, nil); err != nil {
		t.Fatal(err)
	}
	if path != "/base/v1/x" {
		t.Fatalf("path %q, want /base/v1/x", path)
	}
}

func TestNew_invalidConfig(t *testing.T) {
	dir := t.TempDir()
	notPEM := filepath.Join(dir, "not.pem")
	if err := os.WriteFile(notPEM, []byte("not a certificate"), 0o600); err != nil {
		t.Fatal(err)
	}
	absent := filepath.Join(dir, "absent.pem")
	for name, tc := range map[string]struct {
		cfg  Config
		want string
	}{
		"negative retries":   {Config{BaseURL: "http://host", MaxRetries: -1}, "invalid max retries -1: must not be negative"},
		"missing CA file":    {Config{BaseURL: "https://host", CACertFile: absent}, "reading CA certificate file: open " + absent + ": no such file or directory"},
		"CA file not as PEM": {Config{BaseURL: "https://host", CACertFile: notPEM}, "CA certificate file " + notPEM + " holds no PEM certificate"},
	} {
		t.Run(name, func(t *testing.T) {
			if _, err := New(tc.cfg); fmt.Sprint(err) != tc.want {
				t.Fatalf("error %v, want %s", err, tc.want)
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
	// The server was reached: the address is not what to check.
	if want := "GET /v1/x: tls: failed to verify certificate: x509: certificate signed by unknown authority"; clienttest.ErrText(err) != want {
		t.Fatalf("without the CA: %v, want %s", err, want)
	}
	if n.Load() != 1 {
		t.Fatalf("an untrusted certificate was tried %d times, want once", n.Load())
	}
}
