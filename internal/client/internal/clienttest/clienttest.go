// Package clienttest is what the unit tests of the shared transport and of
// each service's client share: a test server that records the requests it
// is sent, canned answers, JSON compared by value, and errors without the
// test server's address. Only tests import it, and it imports nothing of
// the module, so that the transport's own tests may use it too.
package clienttest

import (
	"bytes"
	"encoding/json"
	"io"
	"net/http"
	"net/http/httptest"
	"reflect"
	"regexp"
	"sync"
	"testing"
)

// Request is one request as the test server saw it.
type Request struct {
	Method string
	// Path is escaped as it was sent, and Query is the raw query.
	Path, Query string
	Header      http.Header
	Body        string
}

// Line is the request as "METHOD path?query", for asserting sequences.
func (r Request) Line() string {
	if r.Query == "" {
		return r.Method + " " + r.Path
	}
	return r.Method + " " + r.Path + "?" + r.Query
}

// Server is a test server that records every request before its handler
// answers it; the handler reads the body as it came.
type Server struct {
	*httptest.Server
	mu   sync.Mutex
	reqs []Request
}

// NewServer starts a Server that answers with handler; it is closed when
// the test ends.
func NewServer(t testing.TB, handler http.HandlerFunc) *Server {
	t.Helper()
	s := &Server{}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		b, _ := io.ReadAll(r.Body)
		r.Body = io.NopCloser(bytes.NewReader(b))
		s.mu.Lock()
		s.reqs = append(s.reqs, Request{
			Method: r.Method, Path: r.URL.EscapedPath(), Query: r.URL.RawQuery,
			Header: r.Header.Clone(), Body: string(b),
		})
		s.mu.Unlock()
		handler(w, r)
	}))
	t.Cleanup(s.Close)
	return s
}

// Requests are the requests so far, in the order they came.
func (s *Server) Requests() []Request {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]Request(nil), s.reqs...)
}

// Last is the latest request; none fails the test.
func (s *Server) Last(t testing.TB) Request {
	t.Helper()
	reqs := s.Requests()
	if len(reqs) == 0 {
		t.Fatal("no request sent")
	}
	return reqs[len(reqs)-1]
}

// Lines are the requests' Lines.
func (s *Server) Lines() []string {
	var out []string
	for _, r := range s.Requests() {
		out = append(out, r.Line())
	}
	return out
}

// Reply answers every request with status and body, which goes with the
// Content-Type contentType when both are set; header gives more headers,
// as name and value pairs.
func Reply(status int, contentType, body string, header ...string) http.HandlerFunc {
	return func(w http.ResponseWriter, _ *http.Request) {
		for i := 0; i+1 < len(header); i += 2 {
			w.Header().Set(header[i], header[i+1])
		}
		if body != "" && contentType != "" {
			w.Header().Set("Content-Type", contentType)
		}
		w.WriteHeader(status)
		_, _ = io.WriteString(w, body)
	}
}

// AssertJSON compares JSON by value, so that key order does not matter
// but a string "1" and a number 1 differ.
func AssertJSON(t testing.TB, got, want string) {
	t.Helper()
	var g, w any
	if err := json.Unmarshal([]byte(got), &g); err != nil {
		t.Fatalf("body %q: %v", got, err)
	}
	if err := json.Unmarshal([]byte(want), &w); err != nil {
		t.Fatalf("want %q: %v", want, err)
	}
	if !reflect.DeepEqual(g, w) {
		t.Errorf("body\n%s\nwant\n%s", got, want)
	}
}

// testServer matches the address of an httptest server, which errors show
// in the URL they requested.
var testServer = regexp.MustCompile(`https?://127\.0\.0\.1:\d+`)

// ErrText is err's message without the address of the test's server; ""
// for no error.
func ErrText(err error) string {
	if err == nil {
		return ""
	}
	return testServer.ReplaceAllString(err.Error(), "")
}
