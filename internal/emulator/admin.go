package emulator

import (
	"encoding/json"
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strings"
)

// Stats counts the API requests that matched a route, faulted ones
// included. Requests is keyed by method and route pattern, such as
// "GET /v1/acl/auth-method/{name}".
type Stats struct {
	Total    int64            `json:"total"`
	Faults   int64            `json:"faults"`
	Requests map[string]int64 `json:"requests"`
}

// Stats returns a copy of the request counts.
func (e *Emulator) Stats() Stats {
	e.statsMu.Lock()
	defer e.statsMu.Unlock()
	s := e.stats
	s.Requests = maps.Clone(e.stats.Requests)
	return s
}

// Route is a route of an emulated API, named as Stats names the requests
// it serves: the methods it takes ("*" for a route that takes any method,
// such as an API's catch-all) and the path of its pattern. A GET route
// also answers HEAD, which Stats counts apart.
type Route struct {
	Service string   `json:"service"`
	Methods []string `json:"methods"`
	Pattern string   `json:"pattern"`
}

// Routes returns every route of every emulated API, each API's in the
// order it registered them: the list is derived from the registered routes,
// so that it cannot go stale.
func (e *Emulator) Routes() []Route {
	out := make([]Route, len(e.routes))
	for i, r := range e.routes {
		out[i] = r
		out[i].Methods = slices.Clone(r.Methods)
	}
	return out
}

// routesOf groups the patterns an API registered by path, in the order of
// their first registration.
func routesOf(service string, patterns []string) []Route {
	var out []Route
	at := map[string]int{}
	for _, pattern := range patterns {
		method, path, found := strings.Cut(pattern, " ")
		if !found {
			method, path = "*", pattern
		}
		path = strings.TrimLeft(path, " ")
		i, seen := at[path]
		if !seen {
			i = len(out)
			at[path] = i
			out = append(out, Route{Service: service, Pattern: path})
		}
		out[i].Methods = append(out[i].Methods, method)
	}
	return out
}

// routeKey names a route as Stats does: the request's own method, so that
// a HEAD served by a GET route is told apart, and the pattern's path
// ("GET /v1/acl/auth-method/{name}").
func routeKey(method, pattern string) string {
	if _, path, ok := strings.Cut(pattern, " "); ok {
		pattern = strings.TrimLeft(path, " ")
	}
	return method + " " + pattern
}

// count records a request to the route key names.
func (e *Emulator) count(key string) {
	e.statsMu.Lock()
	e.stats.Total++
	e.stats.Requests[key]++
	e.statsMu.Unlock()
}

func (e *Emulator) registerAdmin() {
	e.admin.HandleFunc("GET /_emulator/stats", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, e.Stats())
	})
	e.admin.HandleFunc("GET /_emulator/routes", func(w http.ResponseWriter, _ *http.Request) {
		writeJSON(w, struct {
			Routes []Route `json:"routes"`
		}{e.Routes()})
	})
	e.admin.HandleFunc("POST /_emulator/reset", func(w http.ResponseWriter, _ *http.Request) {
		e.Reset()
		w.WriteHeader(http.StatusNoContent)
	})
	e.admin.HandleFunc("POST /_emulator/scheduler/tokens", func(w http.ResponseWriter, r *http.Request) {
		var body struct{ Type string }
		if err := json.NewDecoder(io.LimitReader(r.Body, 1<<16)).Decode(&body); err != nil {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("invalid request body: %v", err))
			return
		}
		if body.Type != "management" && body.Type != "client" {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("invalid Type %q: must be management or client", body.Type))
			return
		}
		writeJSON(w, struct{ SecretID string }{e.MintSchedulerToken(body.Type == "management")})
	})
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}

func writeError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, msg)
}
