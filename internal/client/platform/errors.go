package platform

import (
	"bytes"
	"encoding/json"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// DecodeError is the transport's client.Config.DecodeError for the
// platform's error bodies: the JSON:API error document
// {"errors": [{"status", "title", "detail", "source"}]}, whose status some
// endpoints write as a number, and the legacy {"errors": ["..."]}. The
// messages are joined with "; ". It returns "" for any other body, which
// the transport then shows as text.
func DecodeError(body []byte, _ string) string {
	// The body is decoded whatever its content type: proxies and older
	// endpoints label JSON error bodies as text or plain JSON.
	var doc struct {
		Errors []json.RawMessage `json:"errors"`
	}
	if json.Unmarshal(body, &doc) != nil {
		return ""
	}
	var msgs []string
	for _, raw := range doc.Errors {
		if msg := errorMessage(raw); msg != "" {
			msgs = append(msgs, msg)
		}
	}
	return strings.Join(msgs, "; ")
}

// errorObject is one JSON:API error. Status is kept raw: a string or a
// number.
type errorObject struct {
	Status json.RawMessage `json:"status"`
	Title  string          `json:"title"`
	Detail string          `json:"detail"`
	Source struct {
		Pointer   string `json:"pointer"`
		Parameter string `json:"parameter"`
	} `json:"source"`
}

// errorMessage words one entry of errors: "title: detail (at pointer)".
// A title that only restates the status (404 "not found") is left out when
// there is a detail, since the error already shows the status. An entry
// of an unexpected shape is kept as compact JSON, which still explains
// something.
func errorMessage(raw json.RawMessage) string {
	var s string
	if json.Unmarshal(raw, &s) == nil {
		return strings.TrimSpace(s)
	}
	var e errorObject
	if json.Unmarshal(raw, &e) != nil {
		var c bytes.Buffer
		if json.Compact(&c, raw) != nil {
			return ""
		}
		return c.String()
	}
	title, detail := strings.TrimSpace(e.Title), strings.TrimSpace(e.Detail)
	if detail != "" && strings.EqualFold(title, http.StatusText(errorStatus(e.Status))) {
		title = ""
	}
	var parts []string
	for _, p := range []string{title, detail} {
		if p != "" {
			parts = append(parts, p)
		}
	}
	msg := strings.Join(parts, ": ")
	switch {
	case e.Source.Pointer != "":
		msg += " (at " + e.Source.Pointer + ")"
	case e.Source.Parameter != "":
		msg += " (parameter " + e.Source.Parameter + ")"
	}
	return strings.TrimSpace(msg)
}

// errorStatus reads a status written as "404" or 404; 0 when it is
// neither.
func errorStatus(raw json.RawMessage) int {
	var n int
	if json.Unmarshal(raw, &n) == nil {
		return n
	}
	var s string
	if json.Unmarshal(raw, &s) == nil {
		n, _ = strconv.Atoi(strings.TrimSpace(s))
	}
	return n
}

// explain rewords an answer's error: it drops a message that is only an
// error document without messages ({"errors": []}, which DecodeError
// cannot word, so that the transport shows it as it came), and adds to a
// 404 what it may mean: the platform answers 404 both for an object that
// does not exist and for one the token may not see, and says nothing that
// tells the two apart.
func explain(err error) error {
	var e *client.Error
	if !errors.As(err, &e) {
		return err
	}
	msg := e.Message
	var doc struct {
		Errors []json.RawMessage `json:"errors"`
	}
	if json.Unmarshal([]byte(msg), &doc) == nil && doc.Errors != nil && DecodeError([]byte(msg), "") == "" {
		msg = ""
	}
	if e.StatusCode == http.StatusNotFound && !e.Foreign {
		token := "the platform token"
		if e.TokenSetting != "" {
			token = "the token of " + e.TokenSetting
		}
		hint := "the platform answers 404 both for an object that does not exist and for one that the token may not see: " +
			"check that the object exists, and that " + token + " has permission to read it"
		if msg != "" {
			msg += " (" + hint + ")"
		} else {
			msg = hint
		}
	}
	if msg == e.Message {
		return err
	}
	explained := *e
	explained.Message = msg
	return &explained
}
