// Package route holds what the emulator's APIs share about the paths they
// serve.
package route

import (
	"net/http"
	"path"
	"strings"
)

// IsClean reports whether a mux routes path p as it is, rather than
// redirect it to p without its empty, "." and ".." segments.
func IsClean(p string) bool {
	c := path.Clean(p)
	if strings.HasSuffix(p, "/") && c != "/" {
		c += "/"
	}
	return c == p
}

// Mux is what an API registers its routes on: an http.ServeMux, or the
// emulator's Recorder of one, which keeps the list of its routes.
type Mux interface {
	HandleFunc(pattern string, handler func(http.ResponseWriter, *http.Request))
	// Handler returns the handler and the pattern that r is routed to,
	// as http.ServeMux's Handler does.
	Handler(r *http.Request) (http.Handler, string)
}

// Recorder registers routes on an http.ServeMux and keeps their patterns,
// in the order they were registered: the route list is derived from what
// is registered, never kept by hand.
type Recorder struct {
	mux      *http.ServeMux
	patterns []string
}

// NewRecorder returns a Recorder that registers on mux.
func NewRecorder(mux *http.ServeMux) *Recorder { return &Recorder{mux: mux} }

// HandleFunc registers handler for pattern on the mux, and keeps pattern.
func (rec *Recorder) HandleFunc(pattern string, handler func(http.ResponseWriter, *http.Request)) {
	rec.mux.HandleFunc(pattern, handler)
	rec.patterns = append(rec.patterns, pattern)
}

// Handler is the mux's Handler.
func (rec *Recorder) Handler(r *http.Request) (http.Handler, string) { return rec.mux.Handler(r) }

// Patterns returns the patterns registered through rec, in order.
func (rec *Recorder) Patterns() []string { return rec.patterns }
