package client

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"sync"
)

// Probe is the request that shows that an address serves a service's API,
// such as the platform's GET /api/v2/ping. A client sends it once, before
// its first request, so that a wrong address (a path prefix too many,
// another server, a proxy's error page) fails every call with an error
// naming the address setting, instead of answering each request with a 404
// that would read as a deleted object.
type Probe struct {
	Method, Path string
	Query        url.Values
	// Header is added to the probe's request, and may remove a header
	// the client sends with every request by naming it without values.
	Header http.Header
	// Check says what is wrong with the answer of a status the client
	// would not retry, nil when it shows that the address serves the API.
	Check func(resp *Response, body []byte) error
}

// probeState is the probe's outcome, kept for the client's life: a probe
// answered once, either way, is not sent again. A probe cut short by its
// caller's context is, by the next caller.
type probeState struct {
	mu   sync.Mutex
	done bool
	resp *Response
	err  error
}

// Probe sends Config.Probe unless it has been answered, and returns its
// answer, or the error that every request of the client then fails with.
// Without a probe it returns nil and no error.
func (c *Client) Probe(ctx context.Context) (*Response, error) {
	p := c.cfg.Probe
	if p == nil {
		return nil, nil
	}
	st := c.probe
	st.mu.Lock()
	defer st.mu.Unlock()
	if st.done {
		return st.resp, st.err
	}
	var body []byte
	req := &Request{Method: p.Method, Path: p.Path, Query: p.Query, Header: p.Header}
	// Unpaced: a pacer may wait for this very answer (the platform's
	// reads its rate limit from it).
	unpaced := *c
	unpaced.pacer = nil
	resp, err := unpaced.do(ctx, req, (*RawBody)(&body), true)
	if ctx.Err() != nil {
		return nil, err
	}
	var checked error
	switch {
	case err == nil:
		checked = p.Check(resp, body)
	case StatusCode(err) != 0:
		// An answer in an error status: what the check makes of it.
		var e *Error
		errors.As(err, &e)
		checked = p.Check(resp, []byte(e.Message))
	default:
		// No answer (a refused connection, a certificate not trusted):
		// the transport's error says it, and names the setting.
		checked = err
	}
	err = checked
	if err != nil && StatusCode(err) == 0 && resp != nil {
		err = &probeError{method: p.Method, url: c.base + p.Path, service: c.cfg.Service, setting: c.cfg.Setting, example: c.cfg.ExampleURL, err: err}
	}
	st.done, st.resp, st.err = true, resp, err
	return resp, err
}

// RawBody, as Do's out, takes the answer's body as it came, whatever it
// is: a download.
type RawBody []byte

// probeError is a probe whose answer shows that the address does not
// serve the API. It holds the check's words, not the answer's *Error: a 404
// there says that the address is wrong, never that an object is gone.
type probeError struct {
	method, url, service, setting, example string
	err                                    error
}

func (e *probeError) Error() string {
	return fmt.Sprintf("%s %s: the address does not answer as the %s's API: %s. Check %s: it is the %s's base URL, such as %s.",
		e.method, e.url, e.service, strings.TrimSuffix(e.err.Error(), "."), e.setting, e.service, e.example)
}

// CheckAnswer is a Probe.Check for an endpoint that every server of the
// service has: an answer that says there is no such route (404, 405, 410)
// or that is an HTML page, which only another server (a proxy, a web site)
// sends, shows that the address is not the API's. Any other answer passes:
// a server error, say, tells nothing of the address, and the requests
// that follow report their own.
func CheckAnswer(resp *Response, body []byte) error {
	if err := NotHTML(resp, body); err != nil {
		return err
	}
	switch resp.StatusCode {
	case http.StatusNotFound, http.StatusMethodNotAllowed, http.StatusGone:
		return fmt.Errorf("answered %d %s%s", resp.StatusCode, http.StatusText(resp.StatusCode), quoted(body))
	}
	return nil
}

// NotHTML refuses an answer that is an HTML page.
func NotHTML(resp *Response, body []byte) error {
	if IsHTML(resp.Header.Get("Content-Type"), body) {
		return fmt.Errorf("answered %d %s with an HTML page%s", resp.StatusCode, http.StatusText(resp.StatusCode), quoted(body))
	}
	return nil
}

// IsHTML reports whether an answer is an HTML page, by its content type
// or its first characters.
func IsHTML(contentType string, body []byte) bool {
	if strings.HasPrefix(strings.ToLower(strings.TrimSpace(contentType)), "text/html") {
		return true
	}
	start := strings.ToLower(strings.TrimSpace(string(body[:min(len(body), 64)])))
	return strings.HasPrefix(start, "<!doctype html") || strings.HasPrefix(start, "<html")
}

// quoted is ": " and the start of body, for a message; "" for none.
func quoted(body []byte) string {
	text := strings.Join(strings.Fields(strings.ToValidUTF8(string(body), "")), " ")
	if text == "" {
		return ""
	}
	if len(text) > 200 {
		text = strings.ToValidUTF8(text[:200], "") + " …"
	}
	return fmt.Sprintf(": %q", text)
}
