package platform

import (
	"context"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"
	"golang.org/x/time/rate"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// rateLimitHeader states the platform's limit, in requests a second, on
// GET /ping and on its 429s.
const rateLimitHeader = "X-RateLimit-Limit"

// How the client paces its requests. The platform limits each user, not
// each token or process, so several runs with one user's token (a CI
// pipeline's parallel jobs) spend one budget, of which no process knows
// the others' share. Each process therefore starts at share of the stated
// limit, one request at a time, evenly spaced, and takes a 429, which it
// would not get while alone, as the sign that others spend the budget too:
// it holds all its requests for the wait the server asks, cuts its pace by
// cutFactor (once for the requests that were in flight together), and, for
// as long as no 429 comes, raises it again by recoverStep of its ceiling
// every recoverEvery. Processes that do the same converge, as TCP flows
// do, on sharing the limit, with few 429s, instead of each pacing at the
// limit and storming it with retries.
const (
	// share of the stated limit is the most a client sends: a margin for
	// the server's own clock and for requests that arrive bunched up.
	share = 0.9
	// fallbackLimit is the platform's documented limit, for a server that
	// answers 429 without stating its limit and never stated it before.
	fallbackLimit = 30
	// cutFactor multiplies the pace at a 429.
	cutFactor = 0.7
	// recoverEvery without a 429 raises the pace by recoverStep of the
	// ceiling, back up to the ceiling.
	recoverEvery = time.Second
	recoverStep  = 0.02
	// minPace, in requests a second, is the slowest a client goes, so
	// that a crowd of processes on one token still advances.
	minPace = 1
	// After a 429, every request of the client waits what the server
	// asked for (holdWithout when it named no wait, at most maxHold, the
	// transport's bound on a server's wait), plus up to maxJitter, so that
	// processes refused together do not come back together.
	holdWithout = time.Second
	maxHold     = time.Minute
	maxJitter   = 250 * time.Millisecond
)

// clock is the time the limiter reads and sleeps on: tests give it one
// they advance.
type clock interface {
	Now() time.Time
	// Sleep waits d, or less with ctx's error when ctx ends first.
	Sleep(ctx context.Context, d time.Duration) error
}

type realClock struct{}

func (realClock) Now() time.Time { return time.Now() }

func (realClock) Sleep(ctx context.Context, d time.Duration) error { return client.Pause(ctx, d) }

func randomJitter(maxJitter time.Duration) time.Duration {
	return rand.N(maxJitter + 1)
}

// limiter is the client's client.Pacer: a token bucket (x/time/rate) whose
// rate is the pace.
type limiter struct {
	clock  clock
	jitter func(upTo time.Duration) time.Duration
	// readLimit reads the stated limit (X-RateLimit-Limit of GET /ping),
	// once, before the first request; sized is set once it has.
	readLimit func(context.Context) (string, error)
	sized     atomic.Bool
	// sizing is held by the request that reads the limit; the others wait.
	sizing chan struct{}

	mu sync.Mutex
	// ceiling is share of the stated limit, in requests a second; pace is
	// at most that. Both are 0, and bucket nil, while the limit is unknown:
	// the client does not pace until it learns it.
	ceiling, pace float64
	bucket        *rate.Limiter
	// holdUntil is when requests may go again after a 429.
	holdUntil time.Time
	// lastCut is when the pace was last cut; lastChange the last 429 or
	// change of the pace, from which recovery counts.
	lastCut, lastChange time.Time
}

// newLimiter makes the pacer. A positive limit is the platform's stated
// limit, given by the practitioner: then readLimit is never called.
func newLimiter(clk clock, jitter func(time.Duration) time.Duration, limit float64, readLimit func(context.Context) (string, error)) *limiter {
	l := &limiter{clock: clk, jitter: jitter, readLimit: readLimit, sizing: make(chan struct{}, 1)}
	if limit > 0 {
		l.setLimit(limit, clk.Now())
		l.sized.Store(true)
	}
	return l
}

// ParseRateLimit reads the rate_limit setting: a positive number of
// requests a second.
func ParseRateLimit(s string) (float64, error) {
	v, err := strconv.ParseFloat(strings.TrimSpace(s), 64)
	if err != nil || v <= 0 || math.IsInf(v, 0) || math.IsNaN(v) {
		return 0, fmt.Errorf("must be a positive number of requests a second, such as 30, got %q", s)
	}
	return v, nil
}

// Wait holds a request while the client is held after a 429, then until
// the bucket has a token for it.
func (l *limiter) Wait(ctx context.Context) (func(http.Header, time.Duration, bool), error) {
	if err := l.size(ctx); err != nil {
		return nil, err
	}
	if err := l.waitHold(ctx); err != nil {
		return nil, err
	}
	l.mu.Lock()
	now := l.clock.Now()
	l.recover(now)
	var r *rate.Reservation
	var d time.Duration
	if l.bucket != nil {
		r = l.bucket.ReserveN(now, 1)
		d = r.DelayFrom(now)
	}
	l.mu.Unlock()
	if d > 0 {
		if err := l.clock.Sleep(ctx, d); err != nil {
			r.CancelAt(l.clock.Now())
			return nil, err
		}
	}
	// A 429 that came while this request waited for its token holds it
	// too.
	if err := l.waitHold(ctx); err != nil {
		return nil, err
	}
	sent := l.clock.Now()
	return func(header http.Header, wait time.Duration, asked bool) {
		l.throttled(ctx, sent, header, wait, asked)
	}, nil
}

func (l *limiter) waitHold(ctx context.Context) error {
	for {
		l.mu.Lock()
		now, until := l.clock.Now(), l.holdUntil
		l.mu.Unlock()
		if !now.Before(until) {
			return nil
		}
		if err := l.clock.Sleep(ctx, until.Sub(now)); err != nil {
			return err
		}
	}
}

// size reads the stated limit before the first request. A server that
// does not answer GET /ping, or states no limit, is not paced until a 429
// says its limit; a canceled read is tried again by the next request.
func (l *limiter) size(ctx context.Context) error {
	if l.sized.Load() {
		return nil
	}
	select {
	case l.sizing <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	defer func() { <-l.sizing }()
	if l.sized.Load() {
		return nil
	}
	header, err := l.readLimit(ctx)
	if err != nil && ctx.Err() != nil {
		return ctx.Err()
	}
	limit, ok := parseLimit(header)
	switch {
	case err != nil:
		tflog.Debug(ctx, "Reading the platform's rate limit failed; pacing from its first 429", map[string]any{"error": err.Error()})
	case !ok:
		tflog.Debug(ctx, "The platform states no rate limit; pacing from its first 429", map[string]any{rateLimitHeader: header})
	default:
		l.mu.Lock()
		if l.bucket == nil {
			l.setLimit(limit, l.clock.Now())
		}
		l.mu.Unlock()
		tflog.Debug(ctx, "Pacing requests to the platform's rate limit", map[string]any{rateLimitHeader: limit, "pace": limit * share})
	}
	l.sized.Store(true)
	return nil
}

func parseLimit(header string) (float64, bool) {
	v, err := strconv.ParseFloat(strings.TrimSpace(header), 64)
	return v, err == nil && v > 0 && !math.IsInf(v, 0)
}

// throttled holds every request of the client for the server's wait plus
// jitter, and cuts the pace, unless the refused request was sent before the
// last cut: requests in flight when the budget ran out all come back
// refused, and they tell nothing of the pace set since.
func (l *limiter) throttled(ctx context.Context, sent time.Time, header http.Header, wait time.Duration, asked bool) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := l.clock.Now()
	if !asked {
		wait = holdWithout
	}
	if hold := now.Add(min(wait, maxHold) + l.jitter(maxJitter)); hold.After(l.holdUntil) {
		l.holdUntil = hold
	}
	if l.bucket == nil {
		limit, ok := parseLimit(header.Get(rateLimitHeader))
		if !ok {
			limit = fallbackLimit
		}
		l.setLimit(limit, now)
	}
	if sent.After(l.lastCut) {
		l.lastCut = now
		l.setPace(max(l.pace*cutFactor, min(minPace, l.ceiling)), now)
		tflog.Debug(ctx, "The platform refused a request for its rate limit: slowing down", map[string]any{
			"pace": l.pace, "ceiling": l.ceiling, "hold_ms": l.holdUntil.Sub(now).Milliseconds(),
		})
	}
	l.lastChange = now
}

// recover raises the pace by recoverStep of the ceiling for each
// recoverEvery since the last 429 or change.
func (l *limiter) recover(now time.Time) {
	if l.bucket == nil || l.pace >= l.ceiling {
		return
	}
	steps := int(now.Sub(l.lastChange) / recoverEvery)
	if steps <= 0 {
		return
	}
	l.setPace(min(l.ceiling, l.pace+float64(steps)*recoverStep*l.ceiling), l.lastChange.Add(time.Duration(steps)*recoverEvery))
}

// setLimit sizes the bucket from a stated limit, at full pace. A new
// bucket, rather than a new rate for the old one: the old one's infinite
// rate cannot be turned into tokens.
func (l *limiter) setLimit(limit float64, now time.Time) {
	l.ceiling = limit * share
	l.pace = l.ceiling
	// A burst of 1 spaces requests evenly: what the client may send at
	// once is what a strict server may refuse.
	l.bucket = rate.NewLimiter(rate.Limit(l.pace), 1)
	l.lastChange = now
}

func (l *limiter) setPace(pace float64, at time.Time) {
	l.pace = pace
	l.lastChange = at
	l.bucket.SetLimitAt(l.clock.Now(), rate.Limit(pace))
}
