package scheduler

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"time"
)

// Header names of the API.
const (
	TokenHeader = "X-Scheduler-Token"
	IndexHeader = "X-Scheduler-Index"
)

const (
	defaultWait  = 5 * time.Minute
	maxWait      = 10 * time.Minute
	maxBodyBytes = 1 << 20
)

// Register adds the API's routes to mux.
func (s *Server) Register(mux *http.ServeMux) {
	mux.HandleFunc("GET /v1/acl/auth-methods", s.list)
	mux.HandleFunc("POST /v1/acl/auth-method", s.create)
	mux.HandleFunc("POST /v1/acl/auth-method/{name}", s.update)
	mux.HandleFunc("GET /v1/acl/auth-method/{name}", s.read)
	mux.HandleFunc("DELETE /v1/acl/auth-method/{name}", s.delete)
}

// PathPrefix is where the API's paths start. Unlike the secrets API it has
// no catch-all: the requests no route takes get the mux's plain-text 404
// and 405, which is the API's error form anyway.
func (s *Server) PathPrefix() string { return "/v1/acl" }

// WriteError answers, in the API's plain-text error form, an error that the
// emulator makes on the API's behalf: an injected fault.
func (s *Server) WriteError(w http.ResponseWriter, status int, msg string) {
	writeError(w, status, msg)
}

func (s *Server) create(w http.ResponseWriter, r *http.Request) {
	if !s.authorize(w, r) {
		return
	}
	req, ok := readRequest(w, r)
	if !ok {
		return
	}
	m, err := req.newMethod()
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	now := time.Now()
	s.mu.Lock()
	old, exists := s.methods[m.Name]
	if exists && !s.opts.UpsertOnCreate {
		s.mu.Unlock()
		writeError(w, http.StatusConflict, fmt.Sprintf("auth method %q already exists", m.Name))
		return
	}
	if err := s.checkDefaultLocked(m); err != nil {
		s.mu.Unlock()
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.index++
	m.CreateIndex, m.CreateTime = s.index, now.UTC()
	if exists {
		m.CreateIndex, m.CreateTime = old.CreateIndex, old.CreateTime
	}
	m.ModifyIndex, m.ModifyTime = s.index, now.UTC()
	s.commitLocked(m.Name, m, now)
	s.mu.Unlock()
	writeJSON(w, m.view(true, s.secret))
}

func (s *Server) update(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if !s.authorize(w, r) {
		return
	}
	req, ok := readRequest(w, r)
	if !ok {
		return
	}
	if req.Name != "" && req.Name != name {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("invalid Name %q: does not match %q in the path", req.Name, name))
		return
	}
	req.Name = name
	now := time.Now()
	s.mu.Lock()
	stored, exists := s.methods[name]
	if !exists {
		s.mu.Unlock()
		writeError(w, http.StatusNotFound, notFound(name))
		return
	}
	m, err := req.updatedMethod(stored)
	if err == nil {
		err = s.checkDefaultLocked(m)
	}
	if err != nil {
		s.mu.Unlock()
		writeError(w, http.StatusBadRequest, err.Error())
		return
	}
	s.index++
	m.CreateIndex, m.CreateTime = stored.CreateIndex, stored.CreateTime
	m.ModifyIndex, m.ModifyTime = s.index, now.UTC()
	s.commitLocked(name, m, now)
	s.mu.Unlock()
	writeJSON(w, m.view(false, s.secret))
}

func (s *Server) delete(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if !s.authorize(w, r) {
		return
	}
	s.mu.Lock()
	if _, exists := s.methods[name]; !exists {
		s.mu.Unlock()
		status := http.StatusNotFound
		if s.opts.DeleteMissing500 {
			status = http.StatusInternalServerError
		}
		writeError(w, status, notFound(name))
		return
	}
	s.index++
	s.commitLocked(name, nil, time.Now())
	s.mu.Unlock()
	w.WriteHeader(http.StatusOK)
}

func (s *Server) read(w http.ResponseWriter, r *http.Request) {
	name := r.PathValue("name")
	if !s.authorize(w, r) || !s.block(w, r) {
		return
	}
	s.mu.Lock()
	s.applyDueLocked(time.Now())
	m, index := s.replica.methods[name], s.replica.index
	s.mu.Unlock()
	w.Header().Set(IndexHeader, strconv.FormatUint(index, 10))
	if m == nil {
		writeError(w, http.StatusNotFound, notFound(name))
		return
	}
	writeJSON(w, m.view(false, s.secret))
}

func (s *Server) list(w http.ResponseWriter, r *http.Request) {
	if !s.block(w, r) {
		return
	}
	s.mu.Lock()
	s.applyDueLocked(time.Now())
	stubs := make([]AuthMethodListStub, 0, len(s.replica.methods))
	for _, name := range slices.Sorted(maps.Keys(s.replica.methods)) {
		stubs = append(stubs, s.replica.methods[name].stub())
	}
	index := s.replica.index
	s.mu.Unlock()
	w.Header().Set(IndexHeader, strconv.FormatUint(index, 10))
	writeJSON(w, stubs)
}

// authorize answers 403 unless the request carries a management token.
func (s *Server) authorize(w http.ResponseWriter, r *http.Request) bool {
	if s.isManagement(r.Header.Get(TokenHeader)) {
		return true
	}
	writeError(w, http.StatusForbidden, "Permission denied")
	return false
}

// block serves the blocking query parameters: with ?index=N it waits until
// the replica's index exceeds N, the wait (default 5m, at most 10m) ends, or
// the client goes away. It answers 400 for bad parameters.
func (s *Server) block(w http.ResponseWriter, r *http.Request) bool {
	q := r.URL.Query()
	wait := defaultWait
	if raw := q.Get("wait"); raw != "" {
		d, err := time.ParseDuration(raw)
		if err != nil || d < 0 {
			writeError(w, http.StatusBadRequest, fmt.Sprintf("invalid wait %q: must be a duration such as \"5s\"", raw))
			return false
		}
		if d > 0 {
			wait = min(d, maxWait)
		}
	}
	raw := q.Get("index")
	if raw == "" {
		return true
	}
	minIndex, err := strconv.ParseUint(raw, 10, 64)
	if err != nil {
		writeError(w, http.StatusBadRequest, fmt.Sprintf("invalid index %q: must be a non-negative integer", raw))
		return false
	}
	timer := time.NewTimer(wait)
	defer timer.Stop()
	for {
		index, changed := s.replicaState()
		if index > minIndex {
			return true
		}
		select {
		case <-changed:
		case <-timer.C:
			return true
		case <-r.Context().Done():
			return true
		}
	}
}

// checkDefaultLocked enforces that at most one method is the default.
func (s *Server) checkDefaultLocked(m *AuthMethod) error {
	if !m.Default {
		return nil
	}
	for name, other := range s.methods {
		if other.Default && name != m.Name {
			return invalid("invalid Default: %q is already the default auth method", name)
		}
	}
	return nil
}

func readRequest(w http.ResponseWriter, r *http.Request) (*methodRequest, bool) {
	body, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	if err != nil {
		status := http.StatusBadRequest
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			status = http.StatusRequestEntityTooLarge
		}
		writeError(w, status, fmt.Sprintf("reading request body: %v", err))
		return nil, false
	}
	req, err := decodeRequest(body)
	if err != nil {
		writeError(w, http.StatusBadRequest, err.Error())
		return nil, false
	}
	return req, true
}

func notFound(name string) string {
	return fmt.Sprintf("auth method %q not found", name)
}

// writeError writes a plain-text error body, without the trailing newline
// http.Error adds, so that clients can show it as it is.
func writeError(w http.ResponseWriter, status int, msg string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("X-Content-Type-Options", "nosniff")
	w.WriteHeader(status)
	_, _ = io.WriteString(w, msg)
}

func writeJSON(w http.ResponseWriter, v any) {
	w.Header().Set("Content-Type", "application/json")
	_ = json.NewEncoder(w).Encode(v)
}
