package client

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/http/httptrace"
	"time"
)

const (
	// maxErrorBody is as much of an error answer as is worth reading.
	maxErrorBody = 1 << 20
	// maxBody bounds a successful answer; anything larger is a server
	// fault, not an API object or a page of them.
	maxBody = 64 << 20
)

var errBodyTooLarge = fmt.Errorf("response body larger than %d bytes", maxBody)

// attemptTransport runs one attempt: it bounds it with the request timeout,
// reads the whole answer within that bound (so that a server stalling in
// mid-body is a failed attempt that can be retried, not a hang), notes
// whether it connected, and logs it.
type attemptTransport struct {
	base    http.RoundTripper
	timeout time.Duration
}

func (t *attemptTransport) RoundTrip(req *http.Request) (*http.Response, error) {
	cl := callFrom(req.Context())
	// The pacer's wait is no part of the attempt: it must not eat into its
	// timeout.
	var throttled func(http.Header, time.Duration, bool)
	if cl.pacer != nil {
		var err error
		if throttled, err = cl.pacer.Wait(req.Context()); err != nil {
			return nil, err
		}
	}
	if t.timeout > 0 {
		ctx, cancel := context.WithTimeout(req.Context(), t.timeout)
		defer cancel()
		req = req.WithContext(ctx)
	}
	attempt := int(cl.attempts.Add(1))
	cl.connected.Store(false)
	req = req.WithContext(httptrace.WithClientTrace(req.Context(), &httptrace.ClientTrace{
		GotConn: func(httptrace.GotConnInfo) { cl.connected.Store(true) },
	}))
	cl.logRequest(req, attempt)

	start := time.Now()
	resp, err := t.base.RoundTrip(req)
	var body []byte
	if err == nil {
		body, err = bufferBody(resp)
	}
	elapsed := time.Since(start)
	if err != nil {
		if t.timeout > 0 && cl.parent.Err() == nil && errors.Is(req.Context().Err(), context.DeadlineExceeded) {
			err = fmt.Errorf("no answer within the request timeout of %s: %w", t.timeout, err)
		}
		cl.logFailure(attempt, elapsed, err)
		return nil, err
	}
	cl.logResponse(resp, body, attempt, elapsed)
	if throttled != nil && resp.StatusCode == http.StatusTooManyRequests {
		wait, asked := serverWait(resp.StatusCode, resp.Header)
		throttled(resp.Header, wait, asked)
	}
	return resp, nil
}

// bufferBody replaces resp.Body with its content in memory, and returns
// that content. An error body is cut at maxErrorBody, since only its start
// explains anything.
func bufferBody(resp *http.Response) ([]byte, error) {
	body := resp.Body
	defer func() { _ = body.Close() }()
	limit := int64(maxBody)
	if resp.StatusCode < 200 || resp.StatusCode > 299 {
		limit = maxErrorBody
	}
	b, err := io.ReadAll(io.LimitReader(body, limit+1))
	if err != nil {
		return nil, fmt.Errorf("reading the %d response: %w", resp.StatusCode, err)
	}
	if int64(len(b)) > limit {
		if limit == maxBody {
			return nil, errBodyTooLarge
		}
		b = b[:limit]
	}
	resp.Body = io.NopCloser(bytes.NewReader(b))
	resp.ContentLength = int64(len(b))
	return b, nil
}
