package client

import (
	"context"
	"crypto/tls"
	"errors"
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
// before acting, so any request may be repeated. After a 502, a 504 or a
// lost connection the server may have acted, so only a request that can be
// done twice is repeated. Every other answer is final.
func (cl *call) checkRetry(ctx context.Context, resp *http.Response, err error) (bool, error) {
	if ctx.Err() != nil {
		return false, ctx.Err()
	}
	if err != nil {
		return cl.idempotent && !permanent(err), nil
	}
	switch resp.StatusCode {
	case http.StatusTooManyRequests, http.StatusServiceUnavailable:
		return true, nil
	case http.StatusBadGateway, http.StatusGatewayTimeout:
		return cl.idempotent, nil
	}
	return false, nil
}

// permanent reports transport errors that another attempt cannot cure.
func permanent(err error) bool {
	var verifyErr *tls.CertificateVerificationError
	var recordErr tls.RecordHeaderError
	return errors.As(err, &verifyErr) || errors.As(err, &recordErr) || errors.Is(err, errBodyTooLarge)
}

// maxServerWait bounds the wait a server may ask for: one that wants longer
// is unavailable for practical purposes, and failing after the remaining
// attempts tells the practitioner so, where waiting would look like a hang.
const maxServerWait = 10 * time.Minute

// backoff waits as long as the server asks, else exponentially longer after
// each attempt, up to maxWait.
func (cl *call) backoff(minWait, maxWait time.Duration, attempt int, resp *http.Response) time.Duration {
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
// (fractional) seconds as the platform sends it.
func serverWait(status int, h http.Header) (time.Duration, bool) {
	if status != http.StatusTooManyRequests && status != http.StatusServiceUnavailable {
		return 0, false
	}
	if v := h.Get("Retry-After"); v != "" {
		if s, err := strconv.ParseInt(v, 10, 64); err == nil && s >= 0 {
			return time.Duration(min(s, int64(maxServerWait/time.Second))) * time.Second, true
		}
		if t, err := http.ParseTime(v); err == nil {
			return min(max(time.Until(t), 0), maxServerWait), true
		}
	}
	if status == http.StatusTooManyRequests {
		if v := h.Get("X-RateLimit-Reset"); v != "" {
			if s, err := strconv.ParseFloat(v, 64); err == nil && s >= 0 && !math.IsInf(s, 0) {
				return time.Duration(min(s, maxServerWait.Seconds()) * float64(time.Second)), true
			}
		}
	}
	return 0, false
}
