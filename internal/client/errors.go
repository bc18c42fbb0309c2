package client

import (
	"cmp"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"
)

// Error is a non-2xx answer from the server.
type Error struct {
	StatusCode int
	Method     string
	// Path is the request's path under the address; URL is what was
	// requested: the address, its own path included, and Path.
	Path, URL string
	// Message is the server's own explanation, decoded from its error body.
	Message string
	// Foreign marks a 404 that is not the service's own answer for a
	// missing object (Config.NotFound): an unknown route, a proxy's page,
	// another server. It proves nothing gone, so IsNotFound does not hold.
	Foreign bool
	// Service, Setting and TokenSetting are the client's Config.Service,
	// Config.Setting and Config.TokenSetting, so that an error can say
	// where to look.
	Service, Setting, TokenSetting string
}

// Error reads like `POST https://host/v1/widget/w1: 409 Conflict:
// <message>`, which is what a practitioner needs to act on it: the URL is
// the one requested, so that a wrong address shows.
func (e *Error) Error() string {
	s := fmt.Sprintf("%s %s: %d", e.Method, cmp.Or(e.URL, e.Path), e.StatusCode)
	if text := http.StatusText(e.StatusCode); text != "" {
		s += " " + text
	}
	if e.Message != "" {
		s += ": " + e.Message
	}
	if e.Foreign {
		s += fmt.Sprintf(" (this is not the %s's answer for a missing object: the address may not be the %s's; check %s)",
			cmp.Or(e.Service, "server"), cmp.Or(e.Service, "server"), cmp.Or(e.Setting, "the address"))
	}
	return s
}

// IsNotFound reports whether err is the service's answer that the object
// does not exist: a 404 in the service's own form (see Config.NotFound).
func IsNotFound(err error) bool {
	var e *Error
	return errors.As(err, &e) && e.StatusCode == http.StatusNotFound && !e.Foreign
}

// StatusCode returns the HTTP status of an *Error in err's chain, and 0 for
// any other error, such as a lost connection.
func StatusCode(err error) int {
	var e *Error
	if errors.As(err, &e) {
		return e.StatusCode
	}
	return 0
}

// unreachableError is a call whose last attempt could not connect to the
// server: a refused connection, an unknown host, a connect that timed out.
// It shows the whole URL, since the address is what is likely wrong.
type unreachableError struct {
	method, url, service, setting string
	attempts                      int
	elapsed                       time.Duration
	err                           error
}

func (e *unreachableError) Error() string {
	attempts := "attempts"
	if e.attempts == 1 {
		attempts = "attempt"
	}
	return fmt.Sprintf("%s %s: cannot reach the %s after %d %s over %s: %s. Check %s.",
		e.method, e.url, e.service, e.attempts, attempts, roughly(e.elapsed), e.err, e.setting)
}

func (e *unreachableError) Unwrap() error { return e.err }

// roughly rounds d to a tenth of its unit (6.2s, 12.3ms, 450.1µs), as
// precise as a message needs.
func roughly(d time.Duration) time.Duration {
	for _, unit := range []time.Duration{time.Second, time.Millisecond, time.Microsecond} {
		if d >= unit {
			return d.Round(unit / 10)
		}
	}
	return d
}

// maxMessage keeps an error page (an HTML proxy page, a stack trace) from
// flooding the practitioner's screen.
const maxMessage = 2048

func (c *Client) errorMessage(body []byte, contentType string) string {
	var msg string
	if c.cfg.DecodeError != nil {
		msg = c.cfg.DecodeError(body, contentType)
	}
	if msg == "" {
		msg = string(body)
	}
	msg = strings.TrimSpace(strings.ToValidUTF8(msg, "\uFFFD"))
	if len(msg) > maxMessage {
		// Cutting may split a character; ToValidUTF8 drops the half.
		msg = strings.ToValidUTF8(msg[:maxMessage], "") + " … (truncated)"
	}
	return msg
}
