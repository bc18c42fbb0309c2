package scheduler

import (
	"fmt"
	"net/http"
	"strconv"
	"time"
)

// replica is the copy reads and lists answer from. It applies the log of
// writes in order, each ReplicaLag after it happened.
type replica struct {
	index   uint64
	methods map[string]*AuthMethod
	pending []write
	// changed is closed, and replaced, whenever index grows: blocking
	// queries wait on it instead of polling.
	changed chan struct{}
}

type write struct {
	index  uint64
	due    time.Time
	name   string
	method *AuthMethod // nil for a delete
}

func (s *Server) applyDue() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.applyDueLocked(time.Now())
}

// applyDueLocked applies, in order, the writes whose time has come. Dues grow
// with the index, so the first write not yet due ends the run.
func (s *Server) applyDueLocked(now time.Time) {
	r := &s.replica
	n := 0
	for _, w := range r.pending {
		if w.due.After(now) {
			break
		}
		if w.method == nil {
			delete(r.methods, w.name)
		} else {
			r.methods[w.name] = w.method
		}
		r.index = w.index
		n++
	}
	if n == 0 {
		return
	}
	clear(r.pending[:n])
	r.pending = r.pending[n:]
	close(r.changed)
	r.changed = make(chan struct{})
}

// replicaState returns the replica's index after applying what is due, and a
// channel closed when it next grows.
func (s *Server) replicaState() (uint64, <-chan struct{}) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.applyDueLocked(time.Now())
	return s.replica.index, s.replica.changed
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
			errorReply(http.StatusBadRequest, fmt.Sprintf("invalid wait %q: must be a duration such as \"5s\"", raw)).Send(w)
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
		errorReply(http.StatusBadRequest, fmt.Sprintf("invalid index %q: must be a non-negative integer", raw)).Send(w)
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
