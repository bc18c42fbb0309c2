package secrets

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strings"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// DecodeError is the transport's client.Config.DecodeError for the
// service's error body, {"errors": ["..."]}: the messages joined with "; ".
// It returns "" for any other body, which the transport then shows as text,
// and for an empty list, which the service sends with its 404s and whose
// meaning the status already gives.
func DecodeError(body []byte, _ string) string {
	// The body is decoded whatever its content type, since servers and
	// proxies label JSON error bodies as text as often as not.
	msgs, _ := errorList(body)
	return strings.Join(msgs, "; ")
}

// errorList decodes the service's error form, and reports whether body is
// in it. Entries that are not strings are kept as compact JSON, so that an
// unexpected shape still explains something.
func errorList(body []byte) ([]string, bool) {
	var form struct {
		Errors *[]json.RawMessage `json:"errors"`
	}
	if json.Unmarshal(body, &form) != nil || form.Errors == nil {
		return nil, false
	}
	var msgs []string
	for _, raw := range *form.Errors {
		var s string
		if json.Unmarshal(raw, &s) != nil {
			var c bytes.Buffer
			if json.Compact(&c, raw) != nil {
				continue
			}
			s = c.String()
		}
		if s = strings.TrimSpace(s); s != "" {
			msgs = append(msgs, s)
		}
	}
	return msgs, true
}

// emptyErrors returns err's *client.Error if its body was the service's
// error form with no message in it, and nil otherwise. DecodeError gives ""
// for that body, so the transport's message is the body itself.
func emptyErrors(err error) *client.Error {
	var e *client.Error
	if !errors.As(err, &e) {
		return nil
	}
	if msgs, ok := errorList([]byte(e.Message)); !ok || len(msgs) > 0 {
		return nil
	}
	return e
}

// tidy drops a message that is only the service's empty error form, so
// that the error reads "GET /v1/...: 404 Not Found" rather than repeating
// {"errors":[]}.
func tidy(err error) error {
	if e := emptyErrors(err); e != nil {
		return &client.Error{StatusCode: e.StatusCode, Method: e.Method, Path: e.Path}
	}
	return err
}

// emptyNotFound reports the service's answer to a list of nothing, and to
// an unknown object or path: 404 {"errors": []}.
func emptyNotFound(err error) bool {
	return client.IsNotFound(err) && emptyErrors(err) != nil
}

// refusesList reports an answer that means "this server does not speak
// LIST": 405 and 501 say so, and so does a 404 with no body, which is what
// a router sends for a method it has no route for, and a 400 that calls the
// operation or method unsupported, as some servers word it. The service's
// own 404 is never empty: an empty list is {"errors": []}, which list
// checks apart.
func refusesList(err error) bool {
	var e *client.Error
	if !errors.As(err, &e) {
		return false
	}
	switch e.StatusCode {
	case http.StatusMethodNotAllowed, http.StatusNotImplemented:
		return true
	case http.StatusNotFound:
		return e.Message == ""
	case http.StatusBadRequest:
		msg := strings.ToLower(e.Message)
		return strings.Contains(msg, "unsupported operation") || strings.Contains(msg, "unsupported method")
	}
	return false
}
