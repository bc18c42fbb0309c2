package platform

import (
	"net/http"
	"strconv"
	"sync"
	"time"
)

// limiter is the API's rate limit: a token bucket per key (a user, a team,
// an organization token, an address without a token) that holds one
// second's worth of requests and refills continuously at the limit.
type limiter struct {
	rate float64 // requests a second, and the bucket's size

	mu      sync.Mutex
	buckets map[string]*bucket
}

type bucket struct {
	tokens float64
	at     time.Time // when tokens was last brought up to date
}

func newLimiter(perSecond int) *limiter {
	return &limiter{rate: float64(perSecond), buckets: map[string]*bucket{}}
}

func (l *limiter) reset() {
	l.mu.Lock()
	clear(l.buckets)
	l.mu.Unlock()
}

// take spends one request of key's bucket at now. When the bucket is empty
// it reports false and how long until it holds a request again.
func (l *limiter) take(key string, now time.Time) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	b := l.buckets[key]
	if b == nil {
		b = &bucket{tokens: l.rate, at: now}
		l.buckets[key] = b
	}
	if elapsed := now.Sub(b.at); elapsed > 0 {
		b.tokens = min(l.rate, b.tokens+elapsed.Seconds()*l.rate)
		b.at = now
	}
	if b.tokens >= 1 {
		b.tokens--
		return true, 0
	}
	return false, time.Duration((1 - b.tokens) / l.rate * float64(time.Second))
}

// actionLimit is an action's own limit, below the API's: at most n
// requests by one principal in any window. The API's documents give two,
// 10 a minute: POST /notification-configurations/:id/actions/verify and
// DELETE /oauth-tokens/:id. It holds while the API's limit is off too.
type actionLimit struct {
	n      int
	window time.Duration

	mu   sync.Mutex
	seen map[string][]time.Time // by principal, oldest first, within the window
}

// actionLimitState is the side state of an action's own limit, n
// requests a window, which a noun that has one registers.
func actionLimitState(n int, window time.Duration) *sideState[actionLimit] {
	return &sideState[actionLimit]{
		newState: func() *actionLimit { return &actionLimit{n: n, window: window, seen: map[string][]time.Time{}} },
		reset:    (*actionLimit).reset,
	}
}

func (l *actionLimit) reset() {
	l.mu.Lock()
	clear(l.seen)
	l.mu.Unlock()
}

// take counts a request of key at now, or, when key made n in the window
// before now, refuses it and reports how long until the oldest leaves.
func (l *actionLimit) take(key string, now time.Time) (bool, time.Duration) {
	l.mu.Lock()
	defer l.mu.Unlock()
	recent := l.seen[key]
	for len(recent) > 0 && now.Sub(recent[0]) >= l.window {
		recent = recent[1:]
	}
	if len(recent) >= l.n {
		l.seen[key] = recent
		return false, recent[len(recent)-l.n].Add(l.window).Sub(now)
	}
	l.seen[key] = append(recent, now)
	return true, 0
}

// admitAction spends one of p's requests to an action under its own
// limit l, answering 429, with l's X-RateLimit-Limit and the seconds until
// p may ask again, when p has spent them all.
func (s *Server) admitAction(w http.ResponseWriter, l *actionLimit, p principal) bool {
	allowed, wait := l.take(p.rateKey(), s.now())
	if !allowed {
		s.rateLimited.Add(1)
		w.Header().Set("X-RateLimit-Limit", strconv.Itoa(l.n))
		writeTooManyRequests(w, formatReset(wait))
	}
	return allowed
}

// formatReset writes X-RateLimit-Reset: seconds, a float, rounded up to
// the millisecond so that a client waiting that long finds a request in the
// bucket.
func formatReset(d time.Duration) string {
	ms := (d + time.Millisecond - 1) / time.Millisecond
	return strconv.FormatFloat(float64(ms)/1000, 'f', 3, 64)
}

// setLimitHeader sets X-RateLimit-Limit, which every answer of the API
// carries while the limit is on.
func (s *Server) setLimitHeader(w http.ResponseWriter) {
	if s.limiter != nil {
		w.Header().Set("X-RateLimit-Limit", strconv.Itoa(s.opts.RateLimit))
	}
}

// admit spends a request of key's bucket, answering 429 when it is empty.
func (s *Server) admit(w http.ResponseWriter, key string) bool {
	if s.limiter == nil {
		return true
	}
	allowed, wait := s.limiter.take(key, s.now())
	if !allowed {
		s.rateLimited.Add(1)
		s.writeRateLimited(w, formatReset(wait))
	}
	return allowed
}

// RateLimited returns how many requests the rate limit has refused since
// the start or the last Reset: the 429s a client's own limiter did not
// spare the server.
func (s *Server) RateLimited() int64 {
	return s.rateLimited.Load()
}
