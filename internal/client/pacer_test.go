package client

import (
	"context"
	"errors"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/client/internal/clienttest"
)

// recordingPacer lets every attempt through and records what it is told.
type recordingPacer struct {
	mu        sync.Mutex
	waits     int
	throttled []time.Duration
	asked     []bool
	limits    []string
	// refuse, when set, is Wait's answer.
	refuse error
}

func (p *recordingPacer) Wait(context.Context) (func(http.Header, time.Duration, bool), error) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.waits++
	return p.throttle, p.refuse
}

func (p *recordingPacer) throttle(h http.Header, wait time.Duration, asked bool) {
	p.mu.Lock()
	defer p.mu.Unlock()
	p.throttled = append(p.throttled, wait)
	p.asked = append(p.asked, asked)
	p.limits = append(p.limits, h.Get("X-RateLimit-Limit"))
}

// throttling answers 429 with headers for its first n requests, then 200.
func throttling(t *testing.T, n int32, headers map[string]string) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var seen atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if seen.Add(1) <= n {
			for k, v := range headers {
				w.Header().Set(k, v)
			}
			http.Error(w, "slow down", http.StatusTooManyRequests)
			return
		}
		_, _ = io.WriteString(w, `{"Name":"done"}`)
	}))
	t.Cleanup(srv.Close)
	return srv, &seen
}

func TestDo_pacerWaitsBeforeEveryAttemptAndHearsEvery429(t *testing.T) {
	srv, seen := throttling(t, 2, map[string]string{"X-RateLimit-Limit": "30", "X-RateLimit-Reset": "0.25"})
	p := &recordingPacer{}
	c := newTestClient(t, srv.URL, nil).WithPacer(p)

	var out named
	if _, err := c.Do(context.Background(), &Request{Method: http.MethodPost, Path: "/x", Body: named{"a"}}, &out); err != nil {
		t.Fatalf("Do: %v", err)
	}
	if out.Name != "done" || seen.Load() != 3 {
		t.Fatalf("out %+v after %d requests; want done after 3", out, seen.Load())
	}
	if p.waits != 3 {
		t.Errorf("pacer waited before %d attempts, want 3", p.waits)
	}
	want := 250 * time.Millisecond
	if len(p.throttled) != 2 || p.throttled[0] != want || p.throttled[1] != want || !p.asked[0] || p.limits[0] != "30" {
		t.Errorf("pacer throttled %v (asked %v, limits %v); want two 429s asking for %s with limit 30", p.throttled, p.asked, p.limits, want)
	}
}

func TestDo_pacerIsToldOfA429WithoutAWait(t *testing.T) {
	srv, _ := throttling(t, 1, nil)
	p := &recordingPacer{}
	if _, err := newTestClient(t, srv.URL, nil).WithPacer(p).Do(context.Background(), &Request{Method: http.MethodGet, Path: "/x"}, nil); err != nil {
		t.Fatalf("Do: %v", err)
	}
	if len(p.asked) != 1 || p.asked[0] || p.throttled[0] != 0 {
		t.Errorf("pacer throttled %v, asked %v; want one 429 that asked for nothing", p.throttled, p.asked)
	}
}

func TestDo_pacerIsNotToldOfOtherFailures(t *testing.T) {
	var n atomic.Int32
	srv := sequence(t, &n, http.StatusServiceUnavailable, http.StatusOK)
	p := &recordingPacer{}
	if _, err := newTestClient(t, srv.URL, nil).WithPacer(p).Do(context.Background(), &Request{Method: http.MethodGet, Path: "/x"}, nil); err != nil {
		t.Fatalf("Do: %v", err)
	}
	if p.waits != 2 || len(p.throttled) != 0 {
		t.Errorf("pacer waited %d times and was throttled %d times; want 2 and 0", p.waits, len(p.throttled))
	}
}

// A pacer holds the retry of a 429 itself; the transport waiting out the
// server's Retry-After as well would stall the caller twice as long.
func TestBackoff_leavesA429ToThePacer(t *testing.T) {
	resp := &http.Response{StatusCode: http.StatusTooManyRequests, Header: http.Header{"Retry-After": {"30"}}}
	unpaced := &call{ctx: context.Background()}
	if got := unpaced.backoff(time.Millisecond, time.Second, 1, resp); got != 30*time.Second {
		t.Errorf("unpaced backoff %s, want the server's 30s", got)
	}
	paced := &call{ctx: context.Background(), pacer: &recordingPacer{}}
	if got := paced.backoff(time.Millisecond, time.Second, 1, resp); got != 0 {
		t.Errorf("paced backoff %s, want 0", got)
	}
	resp.StatusCode = http.StatusServiceUnavailable
	if got := paced.backoff(time.Millisecond, time.Second, 1, resp); got != 30*time.Second {
		t.Errorf("paced backoff of a 503 %s, want the server's 30s", got)
	}
}

func TestDo_pacerRefusalEndsTheCall(t *testing.T) {
	var n atomic.Int32
	srv := sequence(t, &n, http.StatusOK)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	p := &recordingPacer{refuse: context.Canceled}
	_, err := newTestClient(t, srv.URL, nil).WithPacer(p).Do(ctx, &Request{Method: http.MethodGet, Path: "/x"}, nil)
	if !errors.Is(err, context.Canceled) || clienttest.ErrText(err) != "GET /x: context canceled" {
		t.Errorf("error %v, want GET /x: context canceled", err)
	}
	if n.Load() != 0 {
		t.Errorf("%d requests reached the server, want 0", n.Load())
	}
}

func TestWithPacer_leavesTheOriginalUnpaced(t *testing.T) {
	var n atomic.Int32
	srv := sequence(t, &n, http.StatusOK)
	c := newTestClient(t, srv.URL, nil)
	p := &recordingPacer{}
	_ = c.WithPacer(p)
	if _, err := c.Do(context.Background(), &Request{Method: http.MethodGet, Path: "/x"}, nil); err != nil {
		t.Fatal(err)
	}
	if p.waits != 0 {
		t.Errorf("the original client's request waited on the pacer")
	}
}
