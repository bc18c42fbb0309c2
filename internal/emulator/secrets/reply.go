package secrets

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"net/http"
	"time"
)

// Obfuscated is what responses show in place of a sensitive value that is
// set, whatever its length.
const Obfuscated = "*****"

// timeLayout is ISO 8601 with a numeric offset, "+00:00" rather than "Z".
const timeLayout = "2006-01-02T15:04:05.999999999-07:00"

// envelope wraps every successful answer that has a body.
type envelope struct {
	RequestID     string   `json:"request_id"`
	LeaseID       string   `json:"lease_id"`
	LeaseDuration int      `json:"lease_duration"`
	Renewable     bool     `json:"renewable"`
	Data          any      `json:"data"`
	WrapInfo      any      `json:"wrap_info"`
	Warnings      []string `json:"warnings"`
	Auth          any      `json:"auth"`
	MountType     string   `json:"mount_type,omitempty"`
}

// reply is an answer ready to send: its status and its JSON body, nil for
// none.
type reply struct {
	status int
	body   []byte
}

func formatTime(t time.Time) string { return t.Format(timeLayout) }

// okReply is 200 with data in the envelope; mountType adds mount_type
// "system" (every answer but the lists').
func okReply(data any, warnings []string, mountType bool) reply {
	e := envelope{RequestID: requestID(), Data: data, Warnings: warnings}
	if mountType {
		e.MountType = "system"
	}
	return jsonReply(http.StatusOK, e)
}

// errorReply is {"errors": [...]}; without messages, {"errors": []}.
func errorReply(status int, msgs ...string) reply {
	return jsonReply(status, struct {
		Errors []string `json:"errors"`
	}{orEmpty(msgs)})
}

func invalidReply(err error) reply { return errorReply(http.StatusBadRequest, err.Error()) }

// notFound is the 404 of an unknown object: exactly {"errors":[]}.
func notFound() reply { return errorReply(http.StatusNotFound) }

// jsonReply encodes v compactly, without a trailing newline.
func jsonReply(status int, v any) reply {
	data, err := json.Marshal(v)
	if err != nil {
		// Not reached: every answer is built of maps, slices and strings.
		return reply{status: http.StatusInternalServerError, body: fmt.Appendf(nil, `{"errors":[%q]}`, err.Error())}
	}
	return reply{status: status, body: data}
}

func (rep reply) Send(w http.ResponseWriter) {
	if rep.body != nil {
		w.Header().Set("Content-Type", "application/json")
	}
	w.WriteHeader(rep.status)
	_, _ = w.Write(rep.body)
}

// requestID returns a random UUID.
func requestID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// writeErrors answers {"errors": [...]}, outside the store's lock.
func writeErrors(w http.ResponseWriter, status int, msgs ...string) {
	errorReply(status, msgs...).Send(w)
}

func writeInvalid(w http.ResponseWriter, err error) {
	invalidReply(err).Send(w)
}

// WriteError answers, in the API's error form, an error that the emulator
// makes on the API's behalf: an injected fault.
func (s *Server) WriteError(w http.ResponseWriter, status int, msg string) {
	writeErrors(w, status, msg)
}

func orEmpty[T any](s []T) []T {
	if s == nil {
		return []T{}
	}
	return s
}

func orEmptyMap(m map[string]string) map[string]string {
	if m == nil {
		return map[string]string{}
	}
	return m
}
