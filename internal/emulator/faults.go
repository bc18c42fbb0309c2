package emulator

import (
	"math"
	"net/http"
	"strconv"
	"time"
)

func retryAfterHeader(d time.Duration) string {
	switch {
	case d < 0:
		return "0"
	case d == 0:
		return "1"
	}
	// Rounded up: a shorter wait than asked would make a fault look like
	// one a client may retry sooner.
	return strconv.FormatInt(int64((d+time.Second-1)/time.Second), 10)
}

// delay sleeps Options.Latency, and reports false when the client went away
// meanwhile, in which case nothing is answered.
func (e *Emulator) delay(r *http.Request) bool {
	if e.opts.Latency <= 0 {
		return true
	}
	t := time.NewTimer(e.opts.Latency)
	defer t.Stop()
	select {
	case <-t.C:
		return true
	case <-r.Context().Done():
		return false
	}
}

// injectFault answers a request to route, when FailNext asked for it or
// else with probability FailRate, 429 or 503 (half each) in a's error
// form, and reports whether it did.
func (e *Emulator) injectFault(w http.ResponseWriter, a api, route string) bool {
	rate := math.Float64frombits(e.failRate.Load())
	e.rngMu.Lock()
	forced := e.failNext[route] > 0
	if forced {
		e.failNext[route]--
	}
	if !forced && rate <= 0 {
		e.rngMu.Unlock()
		return false
	}
	fault := forced || e.rng.Float64() < rate
	overloaded := e.rng.IntN(2) == 0
	e.rngMu.Unlock()
	if !fault {
		return false
	}
	e.statsMu.Lock()
	e.stats.Faults++
	e.statsMu.Unlock()
	status, msg := http.StatusTooManyRequests, "rate limit exceeded"
	if overloaded {
		status, msg = http.StatusServiceUnavailable, "service unavailable"
	}
	w.Header().Set("Retry-After", e.retryAfter)
	a.WriteError(w, status, msg)
	return true
}
