// Package emutest holds what the emulator's tests share: an API served as
// the emulator serves it, plain HTTP requests, as another program would
// send them, and the checks of their answers, one for each form an API
// answers in (its error bodies differ by service).
package emutest

import (
	"bytes"
	"encoding/json"
	"io"
	"maps"
	"net/http"
	"net/http/httptest"
	"strconv"
	"strings"
	"testing"
)

// Response is an answer, read whole.
type Response struct {
	Status int
	Header http.Header
	Body   string
}

// Answer is Response or a test package's own type of it (type response
// emutest.Response), on which that package declares its service's own
// accessors; the checks here take either.
type Answer interface {
	~struct {
		Status int
		Header http.Header
		Body   string
	}
}

// Serve serves on a test server the routes that register adds to a new
// mux, until t ends, and returns the server's URL.
func Serve(t testing.TB, register func(mux *http.ServeMux)) string {
	t.Helper()
	mux := http.NewServeMux()
	register(mux)
	ts := httptest.NewServer(mux)
	t.Cleanup(ts.Close)
	return ts.URL
}

// Do sends a request with the given headers (empty values are left out)
// and body: nil for none, a string as it is, anything else as JSON. A
// request that gets no answer fails t.
func Do(t testing.TB, method, url string, headers map[string]string, body any) Response {
	t.Helper()
	var rd io.Reader
	switch b := body.(type) {
	case nil:
	case string:
		rd = strings.NewReader(b)
	default:
		data, err := json.Marshal(b)
		if err != nil {
			t.Fatal(err)
		}
		rd = bytes.NewReader(data)
	}
	req, err := http.NewRequest(method, url, rd)
	if err != nil {
		t.Fatal(err)
	}
	for k, v := range headers {
		if v != "" {
			req.Header.Set(k, v)
		}
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	data, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return Response{Status: resp.StatusCode, Header: resp.Header, Body: string(data)}
}

// JSON decodes r's body as a JSON object into generic values, so that a
// test sees exactly which members were sent and how (null, absent, a
// string), failing t when the body is no JSON object.
func JSON[R Answer](t testing.TB, r R) map[string]any {
	t.Helper()
	resp := Response(r)
	var v map[string]any
	if err := json.Unmarshal([]byte(resp.Body), &v); err != nil {
		t.Fatalf("decoding %q: %v", resp.Body, err)
	}
	return v
}

// Object reads a decoded JSON value as an object, failing t when it is not
// one.
func Object(t testing.TB, v any) map[string]any {
	t.Helper()
	m, ok := v.(map[string]any)
	if !ok {
		t.Fatalf("%#v is not an object", v)
	}
	return m
}

// JSONText is v encoded as JSON, failing t when it cannot be encoded.
func JSONText(t testing.TB, v any) string {
	t.Helper()
	data, err := json.Marshal(v)
	if err != nil {
		t.Fatal(err)
	}
	return string(data)
}

// EqualJSON reports whether a and b encode to the same JSON: decoded
// values compared with what a test expects, whatever their Go types.
func EqualJSON(t testing.TB, a, b any) bool {
	t.Helper()
	return JSONText(t, a) == JSONText(t, b)
}

// With returns a copy of body (nil: an empty one) with the members kv
// names set, a name then its value; a nil value deletes the member.
func With(body map[string]any, kv ...any) map[string]any {
	out := maps.Clone(body)
	if out == nil {
		out = map[string]any{}
	}
	for i := 0; i+1 < len(kv); i += 2 {
		k, _ := kv[i].(string)
		if kv[i+1] == nil {
			delete(out, k)
		} else {
			out[k] = kv[i+1]
		}
	}
	return out
}

// WantStatus fails t unless r has the status.
func WantStatus[R Answer](t testing.TB, r R, status int) {
	t.Helper()
	resp := Response(r)
	if resp.Status != status {
		t.Fatalf("status %d, want %d; body %q", resp.Status, status, resp.Body)
	}
}

// WantPlainError checks an error answer in plain text, the scheduler's
// form: its status, a text/plain body, and the words it must contain.
func WantPlainError[R Answer](t testing.TB, r R, status int, contains ...string) {
	t.Helper()
	resp := Response(r)
	WantStatus(t, resp, status)
	if ct := resp.Header.Get("Content-Type"); !strings.HasPrefix(ct, "text/plain") {
		t.Errorf("Content-Type %q, want text/plain", ct)
	}
	for _, c := range contains {
		if !strings.Contains(resp.Body, c) {
			t.Errorf("body %q does not contain %q", resp.Body, c)
		}
	}
}

// WantErrorList checks an error answer of the secrets service's form: its
// status, {"errors": [one message]}, and the words the message must
// contain.
func WantErrorList[R Answer](t testing.TB, r R, status int, contains ...string) {
	t.Helper()
	resp := Response(r)
	WantStatus(t, resp, status)
	var e struct{ Errors []string }
	if err := json.Unmarshal([]byte(resp.Body), &e); err != nil || len(e.Errors) != 1 {
		t.Fatalf("body %s, want {\"errors\": [one message]}", resp.Body)
	}
	for _, c := range contains {
		if !strings.Contains(e.Errors[0], c) {
			t.Errorf("error %q does not contain %q", e.Errors[0], c)
		}
	}
}

// JSONAPIMediaType is the media type of every JSON:API answer with a body.
const JSONAPIMediaType = "application/vnd.api+json"

// WantAPIStatus is WantStatus for a JSON:API answer, the platform's form:
// an answer with a body is of the JSON:API media type.
func WantAPIStatus[R Answer](t testing.TB, r R, status int) {
	t.Helper()
	resp := Response(r)
	WantStatus(t, resp, status)
	if resp.Body != "" && resp.Header.Get("Content-Type") != JSONAPIMediaType {
		t.Fatalf("Content-Type %q, want %s", resp.Header.Get("Content-Type"), JSONAPIMediaType)
	}
}

// WantAPIError checks a JSON:API error document, the platform's form: its
// status, and an error whose status is the status as a string, whose title
// is title and whose detail has detail in it.
func WantAPIError[R Answer](t testing.TB, r R, status int, title, detail string) {
	t.Helper()
	resp := Response(r)
	WantAPIStatus(t, resp, status)
	var doc struct {
		Errors []struct {
			Status any
			Title  string
			Detail string
		}
	}
	if err := json.Unmarshal([]byte(resp.Body), &doc); err != nil || len(doc.Errors) == 0 {
		t.Fatalf("error body %s: %v", resp.Body, err)
	}
	for _, e := range doc.Errors {
		if e.Status == strconv.Itoa(status) && e.Title == title && strings.Contains(e.Detail, detail) {
			return
		}
	}
	t.Fatalf("error body %s, want status %q, title %q, detail with %q", resp.Body, strconv.Itoa(status), title, detail)
}
