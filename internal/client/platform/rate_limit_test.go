package platform

import (
	"context"
	"errors"
	"fmt"
	"math"
	"net/http"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/time/rate"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	"github.com/stackworks/terraform-provider-stack/internal/client/internal/clienttest"
)

// These tests measure rates in the time of a clock the test controls: the
// test server reads the client's clock, so "requests in a second" are
// counted in that clock's seconds, and nothing depends on how fast the
// machine runs.

// simClock is the time of several goroutines at once: it moves on only
// when every one of them sleeps or has finished, to the earliest wake-up,
// so that their requests interleave as they would in real time, without
// the waiting. Its Sleep does not end early with a canceled context, which
// these tests do not cancel.
type simClock struct {
	mu       sync.Mutex
	now      time.Time
	running  int
	sleepers []*sleeper
}

type sleeper struct {
	until time.Time
	wake  chan struct{}
}

func newSimClock() *simClock {
	return &simClock{now: time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)}
}

func (c *simClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

func (c *simClock) Sleep(ctx context.Context, d time.Duration) error {
	if d <= 0 {
		return ctx.Err()
	}
	c.mu.Lock()
	s := &sleeper{until: c.now.Add(d), wake: make(chan struct{})}
	c.sleepers = append(c.sleepers, s)
	c.running--
	c.advance()
	c.mu.Unlock()
	<-s.wake
	return ctx.Err()
}

// advance moves time to the earliest wake-up while nobody runs.
func (c *simClock) advance() {
	for c.running == 0 && len(c.sleepers) > 0 {
		earliest := c.sleepers[0].until
		for _, s := range c.sleepers {
			if s.until.Before(earliest) {
				earliest = s.until
			}
		}
		if earliest.After(c.now) {
			c.now = earliest
		}
		kept := c.sleepers[:0]
		for _, s := range c.sleepers {
			if s.until.After(c.now) {
				kept = append(kept, s)
				continue
			}
			c.running++
			close(s.wake)
		}
		c.sleepers = kept
	}
}

// run runs work on n goroutines in the clock's time, and returns when all
// have finished.
func (c *simClock) run(n int, work func(i int)) {
	c.mu.Lock()
	c.running += n
	c.mu.Unlock()
	var wg sync.WaitGroup
	for i := range n {
		wg.Go(func() {
			defer func() {
				c.mu.Lock()
				c.running--
				c.advance()
				c.mu.Unlock()
			}()
			work(i)
		})
	}
	wg.Wait()
}

// seen is one request the limited server saw, at its clock's time.
type seen struct {
	at     time.Time
	status int
	token  string
}

// limitedServer is the platform as its rate limit makes it: GET /ping
// states limit; every other request is served from one token bucket of
// limit a second with room for burst, shared by every token (one user's),
// or refused with the documented 429, X-RateLimit-Limit and
// X-RateLimit-Reset, the seconds until the bucket has a token again.
type limitedServer struct {
	url    string
	clk    clock
	bucket *rate.Limiter
	limit  string // X-RateLimit-Limit, "" for none

	mu    sync.Mutex
	seen  []seen
	pings int
	// refuseFirst refuses the first requests whatever the bucket says,
	// with these headers.
	refuseFirst []map[string]string
}

func newLimitedServer(t *testing.T, clk clock, limit float64, burst int) *limitedServer {
	t.Helper()
	s := &limitedServer{clk: clk, bucket: rate.NewLimiter(rate.Limit(limit), burst)}
	if limit > 0 {
		s.limit = fmt.Sprint(limit)
	}
	s.url = clienttest.NewServer(t, s.ServeHTTP).URL
	return s
}

func (s *limitedServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	now := s.clk.Now()
	if r.URL.Path == APIPrefix+"/ping" {
		s.mu.Lock()
		s.pings++
		s.mu.Unlock()
		if s.limit != "" {
			w.Header().Set(rateLimitHeader, s.limit)
		}
		reply(http.StatusNoContent, "")(w, r)
		return
	}
	s.mu.Lock()
	status, headers := http.StatusOK, map[string]string{}
	if len(s.refuseFirst) > 0 {
		status, headers = http.StatusTooManyRequests, s.refuseFirst[0]
		s.refuseFirst = s.refuseFirst[1:]
	} else if res := s.bucket.ReserveN(now, 1); res.DelayFrom(now) > 0 {
		res.CancelAt(now)
		status = http.StatusTooManyRequests
		headers = map[string]string{rateLimitHeader: s.limit, "X-RateLimit-Reset": fmt.Sprintf("%.3f", res.DelayFrom(now).Seconds())}
	}
	s.seen = append(s.seen, seen{at: now, status: status, token: r.Header.Get("Authorization")})
	s.mu.Unlock()
	for k, v := range headers {
		w.Header().Set(k, v)
	}
	if status == http.StatusTooManyRequests {
		reply(status, `{"errors":[{"detail":"You have exceeded the API's rate limit.","status":429,"title":"Too many requests"}]}`)(w, r)
		return
	}
	reply(status, `{"data":{"id":"prj-1","type":"projects","attributes":{"name":"p"}}}`)(w, r)
}

func (s *limitedServer) requests() []seen {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.seen)
}

// limitedClient is a platform client of srv with token as its token, and
// opts, which give it srv's clock.
func limitedClient(t *testing.T, srv *limitedServer, token string, opts ...Option) *Client {
	t.Helper()
	cfg := Service.Config(srv.url, token, nil)
	cfg.MaxRetries = 4 // the provider's default
	cfg.RetryWaitMin, cfg.RetryWaitMax = time.Millisecond, 2*time.Millisecond
	transport, err := client.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return NewClient(transport, opts...)
}

// maxInWindow is the most requests at in any window of length w.
func maxInWindow(at []time.Time, w time.Duration) int {
	most := 0
	for i := range at {
		n := 0
		for j := i; j < len(at) && at[j].Sub(at[i]) < w; j++ {
			n++
		}
		most = max(most, n)
	}
	return most
}

func times(reqs []seen) []time.Time {
	out := make([]time.Time, len(reqs))
	for i, r := range reqs {
		out[i] = r.at
	}
	return out
}

func readProjects(t *testing.T, c *Client, n int) {
	t.Helper()
	for range n {
		if _, err := c.Projects.Read(context.Background(), "prj-1", ProjectReadOptions{}); err != nil {
			t.Fatal(err)
		}
	}
}

func TestRateLimit_pacedAtShareOfThePingsLimit(t *testing.T) {
	clk := newSteppingClock()
	srv := newLimitedServer(t, clk, 20, 20)
	c := limitedClient(t, srv, testToken, withClock(clk, noJitter))
	start := clk.Now()
	readProjects(t, c, 100)

	reqs := srv.requests()
	if srv.pings != 1 || len(reqs) != 100 {
		t.Fatalf("%d pings and %d requests, want 1 and 100", srv.pings, len(reqs))
	}
	// 90% of 20 is 18 a second, with room for 1 at once: the first goes at
	// once, the 99 others one every 1/18 s.
	if got, want := reqs[99].at.Sub(start), 99*time.Second/18; got.Round(time.Millisecond) != want.Round(time.Millisecond) {
		t.Errorf("100 requests took %s, want %s", got, want)
	}
	if most := maxInWindow(times(reqs), time.Second); most != 18 {
		t.Errorf("%d requests in one second, want 18", most)
	}
	for _, r := range reqs {
		if r.status != http.StatusOK {
			t.Fatalf("the server refused a request: %+v", r)
		}
	}
}

func TestRateLimit_settingOverridesThePing(t *testing.T) {
	clk := newSteppingClock()
	srv := newLimitedServer(t, clk, 20, 20)
	c := limitedClient(t, srv, testToken, WithRateLimit(10), withClock(clk, noJitter))
	start := clk.Now()
	readProjects(t, c, 10)
	// The ping still checks the address, once; its limit is not taken.
	if srv.pings != 1 {
		t.Errorf("%d pings with rate_limit set, want 1", srv.pings)
	}
	if got := srv.requests()[9].at.Sub(start); got != time.Second {
		t.Errorf("10 requests at 9 a second took %s, want 1s", got)
	}
}

func TestRateLimit_pingReadOnceByConcurrentRequests(t *testing.T) {
	clk := newSimClock()
	srv := newLimitedServer(t, clk, 1000, 1000)
	c := limitedClient(t, srv, testToken, withClock(clk, noJitter))
	clk.run(8, func(int) { readProjects(t, c, 5) })
	if srv.pings != 1 || len(srv.requests()) != 40 {
		t.Errorf("%d pings and %d requests, want 1 and 40", srv.pings, len(srv.requests()))
	}
}

func TestRateLimit_noStatedLimitPacesFromTheFirst429(t *testing.T) {
	clk := newSteppingClock()
	srv := newLimitedServer(t, clk, 0, 0) // states no limit
	srv.bucket = rate.NewLimiter(rate.Inf, 1)
	c := limitedClient(t, srv, testToken, withClock(clk, noJitter))
	start := clk.Now()
	readProjects(t, c, 50)
	if srv.pings != 1 || clk.Now() != start {
		t.Fatalf("%d pings, %s spent; want 1 ping, and no pacing without a stated limit", srv.pings, clk.Now().Sub(start))
	}

	srv.mu.Lock()
	srv.refuseFirst = []map[string]string{{rateLimitHeader: "10", "X-RateLimit-Reset": "0.5"}}
	srv.mu.Unlock()
	readProjects(t, c, 1)
	c.limiter.mu.Lock()
	pace, ceiling := c.limiter.pace, c.limiter.ceiling
	c.limiter.mu.Unlock()
	if ceiling != 9 || pace != 9*cutFactor {
		t.Errorf("after a 429 stating 10 a second: ceiling %v, pace %v; want 9 and %v", ceiling, pace, 9*cutFactor)
	}
}

func TestRateLimit_failedPingDoesNotFailRequests(t *testing.T) {
	clk := newSteppingClock()
	f := clienttest.NewServer(t, func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == APIPrefix+"/ping" {
			reply(http.StatusNotFound, `{"errors":[{"status":"404","title":"not found"}]}`)(w, r)
			return
		}
		reply(http.StatusOK, `{"data":{"id":"prj-1","type":"projects","attributes":{"name":"p"}}}`)(w, r)
	})
	c := NewClient(newTransport(t, f.URL), withClock(clk, noJitter))
	readProjects(t, c, 3)
	want := []string{"GET /api/v2/ping", "GET /api/v2/projects/prj-1", "GET /api/v2/projects/prj-1", "GET /api/v2/projects/prj-1"}
	if got := f.Lines(); !slices.Equal(got, want) {
		t.Errorf("requests %q, want %q", got, want)
	}
}

func TestRateLimit_429RetriedAfterTheServersWaitWithJitter(t *testing.T) {
	for name, tc := range map[string]struct {
		headers map[string]string
		hold    time.Duration
	}{
		"X-RateLimit-Reset": {map[string]string{rateLimitHeader: "30", "X-RateLimit-Reset": "0.5"}, 500 * time.Millisecond},
		"Retry-After":       {map[string]string{rateLimitHeader: "30", "Retry-After": "2"}, 2 * time.Second},
		"neither":           {map[string]string{rateLimitHeader: "30"}, holdWithout},
		"beyond the bound":  {map[string]string{rateLimitHeader: "30", "X-RateLimit-Reset": "59.5"}, 59500 * time.Millisecond},
	} {
		clk := newSteppingClock()
		srv := newLimitedServer(t, clk, 30, 30)
		srv.refuseFirst = []map[string]string{tc.headers, tc.headers, tc.headers, tc.headers}
		var asked []time.Duration
		jitter := func(m time.Duration) time.Duration {
			asked = append(asked, m)
			return 100 * time.Millisecond
		}
		c := limitedClient(t, srv, testToken, withClock(clk, jitter))
		// Four refusals, and the fifth attempt, the last the provider's
		// default of 4 retries allows, succeeds.
		readProjects(t, c, 1)
		reqs := srv.requests()
		if len(reqs) != 5 || reqs[4].status != http.StatusOK {
			t.Fatalf("%s: %d attempts, want 5, the last served", name, len(reqs))
		}
		for i := 1; i < 5; i++ {
			if gap := reqs[i].at.Sub(reqs[i-1].at); gap != tc.hold+100*time.Millisecond {
				t.Errorf("%s: attempt %d came %s after the 429, want %s and the jitter", name, i+1, gap, tc.hold)
			}
		}
		if len(asked) != 4 || asked[0] != maxJitter {
			t.Errorf("%s: jitter asked %v, want 4 times up to %s", name, asked, maxJitter)
		}
	}
}

func TestRateLimit_429sBeyondTheRetriesFail(t *testing.T) {
	clk := newSteppingClock()
	srv := newLimitedServer(t, clk, 30, 30)
	h := map[string]string{rateLimitHeader: "30", "X-RateLimit-Reset": "0.5"}
	srv.refuseFirst = []map[string]string{h, h, h, h, h}
	c := limitedClient(t, srv, testToken, withClock(clk, noJitter))
	_, err := c.Projects.Read(context.Background(), "prj-1", ProjectReadOptions{})
	if client.StatusCode(err) != http.StatusTooManyRequests || clienttest.ErrText(err) != "GET /api/v2/projects/prj-1: 429 Too Many Requests: You have exceeded the API's rate limit." {
		t.Errorf("error %v, want the last 429", err)
	}
	if n := len(srv.requests()); n != 5 {
		t.Errorf("%d attempts, want 5", n)
	}
}

// A 429 holds every request of the client, not only the refused one: the
// others would be refused too until the server's bucket refills.
func TestRateLimit_429HoldsEveryRequestOfTheClient(t *testing.T) {
	clk := newSteppingClock()
	l := newLimiter(clk, noJitter, 30, nil)
	throttled, err := l.Wait(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	throttled(http.Header{}, 800*time.Millisecond, true)
	start := clk.Now()
	if _, err := l.Wait(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := clk.Now().Sub(start); got != 800*time.Millisecond {
		t.Errorf("the next request waited %s, want 800ms", got)
	}
}

func TestRateLimit_waitEndsWithItsContext(t *testing.T) {
	l := newLimiter(realClock{}, noJitter, 30, nil)
	throttled, err := l.Wait(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	throttled(http.Header{}, time.Minute, true)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := l.Wait(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("Wait = %v, want context.Canceled", err)
	}
}

// paceOf is l's pace at clk's time, once it has recovered what it may by
// then, in thousandths.
func paceOf(l *limiter, clk *steppingClock) float64 {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.recover(clk.Now())
	return math.Round(l.pace*1000) / 1000
}

func TestRateLimit_cutOncePerEventAndRecoverWhileQuiet(t *testing.T) {
	clk := newSteppingClock()
	l := newLimiter(clk, noJitter, 30, nil)
	paceIs := func(want float64, when string) {
		t.Helper()
		if got := paceOf(l, clk); got != want {
			t.Errorf("%s: pace %v, want %v", when, got, want)
		}
	}
	// refused is a 429 to a request sent at sent.
	refused := func(sent time.Time) { l.throttled(context.Background(), sent, http.Header{}, 0, true) }
	step := func(d time.Duration) { _ = clk.Sleep(context.Background(), d) }

	paceIs(27, "at first, 90% of 30")
	inFlight := clk.Now()
	step(100 * time.Millisecond)
	refused(inFlight)
	paceIs(18.9, "after a 429")
	step(100 * time.Millisecond)
	refused(inFlight) // sent with the first, before the cut
	paceIs(18.9, "after a 429 to a request sent before the cut")
	step(999 * time.Millisecond)
	paceIs(18.9, "before a quiet second")
	step(time.Millisecond)
	paceIs(19.44, "after a quiet second, +2% of 27")
	sent := clk.Now()
	step(100 * time.Millisecond)
	refused(sent)
	paceIs(13.608, "after a 429 to a request sent after the cut")
	step(3 * time.Second)
	paceIs(15.228, "after three quiet seconds")
	step(time.Minute)
	paceIs(27, "after a quiet minute, back at 27")
	for range 20 {
		sent := clk.Now()
		step(100 * time.Millisecond)
		refused(sent)
	}
	paceIs(minPace, "after 20 refusals, the floor")
}

// Any 429 resets the quiet time from which the pace recovers, even one
// that does not cut it.
func TestRateLimit_429WithoutCutDelaysRecovery(t *testing.T) {
	clk := newSteppingClock()
	l := newLimiter(clk, noJitter, 30, nil)
	sent := clk.Now()
	_ = clk.Sleep(context.Background(), 100*time.Millisecond)
	l.throttled(context.Background(), sent, http.Header{}, 0, true)
	_ = clk.Sleep(context.Background(), 900*time.Millisecond)
	l.throttled(context.Background(), sent, http.Header{}, 0, true)
	_ = clk.Sleep(context.Background(), 900*time.Millisecond)
	if got := paceOf(l, clk); got != 18.9 {
		t.Errorf("pace %v 0.9s after the last 429, want still 18.9", got)
	}
}

// One process alone, making requests from ten goroutines as terraform's
// default -parallelism does, is never refused, and is served at the pace it
// chose, 90% of the limit.
func TestRateLimit_aloneNeverRefused(t *testing.T) {
	clk := newSimClock()
	srv := newLimitedServer(t, clk, 30, 30)
	c := limitedClient(t, srv, testToken, withClock(clk, randomJitter))
	start := clk.Now()
	clk.run(10, func(int) { readProjects(t, c, 54) })
	reqs := srv.requests()
	for _, r := range reqs {
		if r.status != http.StatusOK {
			t.Fatalf("the server refused a request at %s", r.at.Sub(start))
		}
	}
	// 540 requests at 27 a second, the first at once: 539/27 s.
	if got, want := reqs[len(reqs)-1].at.Sub(start), 539*time.Second/27; got.Round(time.Millisecond) != want.Round(time.Millisecond) {
		t.Errorf("%d requests took %s, want %s", len(reqs), got, want)
	}
	if most := maxInWindow(times(reqs), time.Second); most != 27 {
		t.Errorf("%d requests in one second, want 27", most)
	}
}

// Three processes with one user's token, each making requests from four
// goroutines (terraform's -parallelism, scaled down), share the user's
// limit of 30 a second: every request succeeds within the provider's
// default retries, the server refuses few, and together they use most of
// the limit, each a fair part of it.
func TestRateLimit_processesSharingALimitSettleNearIt(t *testing.T) {
	const (
		processes  = 3
		goroutines = 4
		perG       = 150
		limit      = 30
	)
	clk := newSimClock()
	srv := newLimitedServer(t, clk, limit, limit)
	var clients []*Client
	for p := range processes {
		clients = append(clients, limitedClient(t, srv, fmt.Sprintf("token-%d", p), withClock(clk, randomJitter)))
	}
	start := clk.Now()
	var mu sync.Mutex
	var failures []error
	firstDone := time.Time{}
	clk.run(processes*goroutines, func(i int) {
		c := clients[i%processes]
		for range perG {
			if _, err := c.Projects.Read(context.Background(), "prj-1", ProjectReadOptions{}); err != nil {
				mu.Lock()
				failures = append(failures, err)
				mu.Unlock()
			}
		}
		mu.Lock()
		if firstDone.IsZero() {
			firstDone = clk.Now()
		}
		mu.Unlock()
	})
	if len(failures) > 0 {
		t.Fatalf("%d requests failed, the first: %v", len(failures), failures[0])
	}

	reqs := srv.requests()
	var refused int
	served := map[string]int{}
	// The steady state: after the first seconds, while every goroutine
	// still works.
	from, to := start.Add(5*time.Second), firstDone
	var inWindow int
	for _, r := range reqs {
		if r.status == http.StatusTooManyRequests {
			refused++
			continue
		}
		if !r.at.Before(from) && r.at.Before(to) {
			inWindow++
			served[r.token]++
		}
	}
	share429 := float64(refused) / float64(len(reqs))
	rate := float64(inWindow) / to.Sub(from).Seconds()
	t.Logf("%d requests, %.2f%% refused; %.1f served a second from %s to %s; per process %v",
		len(reqs), 100*share429, rate, from.Sub(start), to.Sub(start), served)
	if share429 > 0.03 {
		t.Errorf("%.1f%% of requests refused, want at most 3%%", 100*share429)
	}
	if rate < 0.8*limit {
		t.Errorf("%.1f requests served a second, want at least 80%% of %d", rate, limit)
	}
	for token, n := range served {
		if f := float64(n) / float64(inWindow); f < 0.5/processes {
			t.Errorf("%s had %.0f%% of the served requests, want at least half of a fair share", strings.TrimPrefix(token, "Bearer "), 100*f)
		}
	}
}
