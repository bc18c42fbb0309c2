package client

import (
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"strconv"
	"time"

	"github.com/hashicorp/terraform-plugin-log/tflog"
)

// idempotentMethods may be repeated after a lost connection or a gateway
// error: doing them twice is the same as doing them once.
var idempotentMethods = map[string]bool{
	http.MethodGet:     true,
	http.MethodHead:    true,
	http.MethodPut:     true,
	http.MethodDelete:  true,
	http.MethodOptions: true,
	"LIST":             true,
}

// checkRetry is the retry policy. 429 and 503 mean the server refused
// before acting, and an attempt that could not connect never reached it, so
// any request may be repeated. After a 502, a 504 or a connection lost once
// the request was on its way the server may have acted, so only a request
// that can be done twice is repeated. Every other answer is final.
func (cl *call) checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if err != nil {
		if cl.firstContact && !cl.connected.Load() {
			return false, nil
		}
		return (cl.idempotent || !cl.connected.Load()) && !permanent(err), nil
	}
	switch resp.StatusCode {
	case http.StatusTooManyRequests, http.StatusServiceUnavailable:
		if wait, asked := serverWait(resp.StatusCode, resp.Header); asked && wait > cl.maxServerWait {
			cl.refusedWait = wait
			return false, nil
		}
		return true, nil
	case http.StatusBadGateway, http.StatusGatewayTimeout:
		return cl.idempotent, nil
	}
	return false, nil
}

// permanent reports transport errors that another attempt cannot cure. An
// https:// address of a server that speaks plain HTTP is one: net/http turns
// that record header error into ErrSchemeMismatch.
func permanent(err error) bool {
	var verifyErr *tls.CertificateVerificationError
	var recordErr tls.RecordHeaderError
	return errors.As(err, &verifyErr) || errors.As(err, &recordErr) ||
		errors.Is(err, http.ErrSchemeMismatch) || errors.Is(err, errBodyTooLarge)
}

// serverWaitCap is the longest wait a server may ask for before an attempt,
// unless RetryWaitMax is longer. A server that wants more is unavailable
// for practical purposes: the call fails at once and says so, where
// waiting through every retry would look like a hang.
const serverWaitCap = time.Minute

// retryRefused explains a call that ended because the server asked for a
// longer wait than the client gives it. It wraps the server's answer, so
// that its status and message stay available to errors.As.
type retryRefused struct {
	err       error
	wait, max time.Duration
}

func (e *retryRefused) Error() string {
	return fmt.Sprintf("%s (the server asked to retry after %s, longer than the %s the provider waits between attempts; try again later)", e.err, e.wait, e.max)
}

func (e *retryRefused) Unwrap() error { return e.err }

// backoff waits as long as the server asks (checkRetry has ended the call
// on a longer wait than maxServerWait), else exponentially longer after each
// attempt, up to maxWait. After a 429 a pacer has been told of, it does not
// wait: the pacer holds the next attempt, and every other request of the
// client with it, which a wait here would only lengthen.
func (cl *call) backoff(minWait, maxWait time.Duration, attempt int, resp *http.Response) time.Duration {
	if cl.pacer != nil && resp != nil && resp.StatusCode == http.StatusTooManyRequests {
		return 0
	}
	var wait time.Duration
	var asked bool
	if resp != nil {
		wait, asked = serverWait(resp.StatusCode, resp.Header)
	}
	if !asked {
		wait = jittered(minWait, maxWait, attempt)
	}
	fields := cl.fields(map[string]any{"wait": wait.String(), "server_asked": asked})
	if resp != nil {
		fields[fieldStatus] = resp.StatusCode
	}
	tflog.Debug(cl.ctx, "Waiting before retrying the HTTP request", fields)
	return wait
}

// jittered is "equal jitter": half of the exponential step is fixed, half is
// random, so clients that failed together do not retry together.
func jittered(minWait, maxWait time.Duration, attempt int) time.Duration {
	step := maxWait
	if exp := math.Pow(2, float64(attempt)) * float64(minWait); exp < float64(maxWait) {
		step = time.Duration(exp)
	}
	return max(minWait, step/2+rand.N(step/2+1))
}

// serverWait reads how long a 429 or 503 says to wait: Retry-After in
// seconds or as an HTTP date, or, on a 429 without it, X-RateLimit-Reset in
// (fractional) seconds as some services send it. A wait too long for a
// time.Duration is the longest one.
func serverWait(status int, h http.Header) (time.Duration, bool) {
	if status != http.StatusTooManyRequests && status != http.StatusServiceUnavailable {
		return 0, false
	}
	if v := h.Get("Retry-After"); v != "" {
		if s, err := strconv.ParseInt(v, 10, 64); err == nil && s >= 0 {
			return seconds(float64(s)), true
		}
		if t, err := http.ParseTime(v); err == nil {
			return max(time.Until(t), 0), true
		}
	}
	if status == http.StatusTooManyRequests {
		if v := h.Get("X-RateLimit-Reset"); v != "" {
			if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 && !math.IsInf(s, 0) {
				return seconds(s), true
			}
		}
	}
	return 0, false
}

// seconds converts a number of seconds, the longest Duration when it does
// not fit one.
func seconds(s float64) time.Duration {
	if ns := s * float64(time.Second); ns < math.MaxInt64 {
		return time.Duration(ns)
	}
	return math.MaxInt64
}
