package platform

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// MediaType is the JSON:API media type of every answer with a body.
const MediaType = "application/vnd.api+json"

// rateLimitedBody is the documented answer of a rate-limited request, its
// status a number where every other error has a string.
const rateLimitedBody = `{"errors":[{"detail":"You have exceeded the API's rate limit.","status":429,"title":"Too many requests"}]}`

// timeLayout is how answers write times: UTC, milliseconds, "Z".
const timeLayout = "2006-01-02T15:04:05.000Z"

func formatTime(t time.Time) string { return t.UTC().Format(timeLayout) }

// timeOrNull is a time for an answer, null when unset.
func timeOrNull(t *time.Time) any {
	if t == nil {
		return nil
	}
	return formatTime(*t)
}

// stringOrNull is a string for an answer, null when empty.
func stringOrNull(s string) any {
	if s == "" {
		return nil
	}
	return s
}

// intOrNull is a positive number for an answer, null when unset (0).
func intOrNull(n int) any {
	if n == 0 {
		return nil
	}
	return n
}

// reply is an answer ready to send: its status and its document, nil for
// no body.
type reply struct {
	status int
	body   any
}

// resource is a resource object of an answer.
type resource struct {
	Type          string            `json:"type"`
	ID            string            `json:"id"`
	Attributes    map[string]any    `json:"attributes"`
	Relationships map[string]any    `json:"relationships,omitempty"`
	Links         map[string]string `json:"links,omitempty"`
}

// ref is a resource identifier.
type ref struct {
	Type string `json:"type"`
	ID   string `json:"id"`
}

func (r resource) ref() ref { return ref{Type: r.Type, ID: r.ID} }

// toOne is a to-one relationship: data null when id is empty.
func toOne(typ, id string) map[string]any {
	if id == "" {
		return map[string]any{"data": nil}
	}
	return map[string]any{"data": ref{Type: typ, ID: id}}
}

// toMany is a to-many relationship; data is a list, never null.
func toMany(refs []ref) map[string]any {
	if refs == nil {
		refs = []ref{}
	}
	return map[string]any{"data": refs}
}

// refsOf is the identifiers of the objects of type typ with those IDs.
func refsOf(typ string, ids []string) []ref {
	var refs []ref
	for _, id := range ids {
		refs = append(refs, ref{Type: typ, ID: id})
	}
	return refs
}

// renderEach renders each of list, in order: nil for none.
func renderEach[T any](list []T, render func(T) resource) []resource {
	var out []resource
	for _, v := range list {
		out = append(out, render(v))
	}
	return out
}

// related is a relationship given by its link only.
func related(path string) map[string]any {
	return map[string]any{"links": map[string]string{"related": path}}
}

// document is an answer's top level.
type document struct {
	Data     any            `json:"data"`
	Included []resource     `json:"included,omitempty"`
	Links    map[string]any `json:"links,omitempty"`
	Meta     map[string]any `json:"meta,omitempty"`
}

// apiError is one error of an error document.
type apiError struct {
	Status string       `json:"status"`
	Title  string       `json:"title"`
	Detail string       `json:"detail,omitempty"`
	Source *errorSource `json:"source,omitempty"`
}

type errorSource struct {
	Pointer   string `json:"pointer,omitempty"`
	Parameter string `json:"parameter,omitempty"`
}

type errorDocument struct {
	Errors []apiError `json:"errors"`
}

// titles are the errors' titles by status, lower-case as the API words
// them; clients match some of them ("conflict").
var titles = map[int]string{
	http.StatusBadRequest:            "bad request",
	http.StatusUnauthorized:          "unauthorized",
	http.StatusForbidden:             "forbidden",
	http.StatusNotFound:              "not found",
	http.StatusConflict:              "conflict",
	http.StatusRequestEntityTooLarge: "request entity too large",
	http.StatusUnprocessableEntity:   "invalid attribute",
	http.StatusInternalServerError:   "internal server error",
	http.StatusServiceUnavailable:    "service unavailable",
}

func title(status int) string {
	if t, ok := titles[status]; ok {
		return t
	}
	return http.StatusText(status)
}

// errorReply is an error document with one error.
func errorReply(status int, detail string) reply {
	return reply{status: status, body: errorDocument{Errors: []apiError{{
		Status: strconv.Itoa(status), Title: title(status), Detail: detail,
	}}}}
}

// notFound is the 404 of an object that does not exist or that the token
// may not see: the two are answered alike.
func notFound(what string) reply {
	return errorReply(http.StatusNotFound, what+" not found, or the token may not see it")
}

// conflict is a 409 naming the member it concerns.
func conflict(pointer, format string, args ...any) reply {
	return reply{status: http.StatusConflict, body: errorDocument{Errors: []apiError{{
		Status: strconv.Itoa(http.StatusConflict), Title: title(http.StatusConflict),
		Detail: fmt.Sprintf(format, args...), Source: sourceOf(pointer),
	}}}}
}

// badParameter is a 400 naming the query parameter it concerns.
func badParameter(parameter, format string, args ...any) reply {
	return reply{status: http.StatusBadRequest, body: errorDocument{Errors: []apiError{{
		Status: strconv.Itoa(http.StatusBadRequest), Title: title(http.StatusBadRequest),
		Detail: fmt.Sprintf(format, args...), Source: &errorSource{Parameter: parameter},
	}}}}
}

func sourceOf(pointer string) *errorSource {
	if pointer == "" {
		return nil
	}
	return &errorSource{Pointer: pointer}
}

func noContent() reply { return reply{status: http.StatusNoContent} }

func ok(doc document) reply { return reply{status: http.StatusOK, body: doc} }

func created(doc document) reply { return reply{status: http.StatusCreated, body: doc} }

func (rep reply) Send(w http.ResponseWriter) {
	if rep.body == nil {
		w.WriteHeader(rep.status)
		return
	}
	data, err := json.Marshal(rep.body)
	if err != nil {
		// Not reached: answers are built of maps, slices, strings and numbers.
		rep = errorReply(http.StatusInternalServerError, err.Error())
		data, _ = json.Marshal(rep.body)
	}
	w.Header().Set("Content-Type", MediaType)
	w.WriteHeader(rep.status)
	_, _ = w.Write(data)
}

// WriteError answers, in the API's error form, an error that the emulator
// makes on the API's behalf: an injected fault. A 429 is the documented
// rate-limit answer, with X-RateLimit-Limit and X-RateLimit-Reset; the
// Retry-After the emulator set is the reset.
func (s *Server) WriteError(w http.ResponseWriter, status int, msg string) {
	if status == http.StatusTooManyRequests {
		reset := w.Header().Get("Retry-After")
		if reset == "" {
			reset = "1"
		}
		s.writeRateLimited(w, reset)
		return
	}
	errorReply(status, msg).Send(w)
}

// writeRateLimited answers 429 with the documented body. X-RateLimit-Limit
// is there when the limit is on, as on every answer.
func (s *Server) writeRateLimited(w http.ResponseWriter, reset string) {
	s.setLimitHeader(w)
	writeTooManyRequests(w, reset)
}

// writeTooManyRequests answers 429 with the documented body and
// X-RateLimit-Reset, the seconds until a request is admitted again.
func writeTooManyRequests(w http.ResponseWriter, reset string) {
	w.Header().Set("X-RateLimit-Reset", reset)
	w.Header().Set("Content-Type", MediaType)
	w.WriteHeader(http.StatusTooManyRequests)
	_, _ = w.Write([]byte(rateLimitedBody))
}
