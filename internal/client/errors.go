package client

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
)

// Error is a non-2xx answer from the server.
type Error struct {
	StatusCode int
	Method     string
	Path       string
	// Message is the server's own explanation, decoded from its error body.
	Message string
}

// Error reads like `POST /v1/acl/auth-method: 409 Conflict: <message>`,
// which is what a practitioner needs to act on it.
func (e *Error) Error() string {
	s := fmt.Sprintf("%s %s: %d", e.Method, e.Path, e.StatusCode)
	if text := http.StatusText(e.StatusCode); text != "" {
		s += " " + text
	}
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

// IsNotFound reports whether err is a 404 answer.
func IsNotFound(err error) bool {
	return StatusCode(err) == http.StatusNotFound
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
