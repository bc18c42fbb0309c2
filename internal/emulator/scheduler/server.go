package scheduler

import (
	"crypto/rand"
	"encoding/json"
	"fmt"
	"maps"
	"slices"
	"sync"
	"time"
)

// Options configure a Server.
type Options struct {
	// ManagementToken is always accepted as a management token. Empty means
	// that only minted tokens are accepted.
	ManagementToken string
	// ReplicaLag is how long after a write the replica, which answers reads
	// and lists, applies it.
	ReplicaLag time.Duration

	// UpsertOnCreate makes a create of an existing name overwrite it instead
	// of answering 409, as some real servers do.
	UpsertOnCreate bool
	// RedactSecrets answers OIDCClientSecret as "redacted".
	RedactSecrets bool
	// OmitSecrets leaves OIDCClientSecret out of every answer; it wins over
	// RedactSecrets.
	OmitSecrets bool
	// DeleteMissing500 answers a delete of a missing method 500
	// `auth method "x" not found` instead of 404.
	DeleteMissing500 bool
}

// Server is the scheduler API: its store, its tokens and its handlers. It is
// safe for concurrent use.
type Server struct {
	opts     Options
	secret   secretForm // from the options
	onChange func()     // see SetOnChange

	mu      sync.Mutex
	index   uint64 // of the last write to the authoritative store
	methods map[string]*AuthMethod
	tokens  map[string]bool // secret ID -> management
	replica replica
}

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

// New returns an empty Server.
func New(opts Options) *Server {
	s := &Server{opts: opts, onChange: func() {}}
	switch {
	case opts.OmitSecrets:
		s.secret = secretOmitted
	case opts.RedactSecrets:
		s.secret = secretRedacted
	}
	s.clear(1)
	return s
}

// clear empties the store and starts its index at index.
func (s *Server) clear(index uint64) {
	s.index = index
	s.methods = map[string]*AuthMethod{}
	s.tokens = map[string]bool{}
	if s.replica.changed != nil {
		close(s.replica.changed)
	}
	s.replica = replica{index: index, methods: map[string]*AuthMethod{}, changed: make(chan struct{})}
}

// Reset empties the store: methods, minted tokens and writes the replica has
// not applied yet. The index keeps growing (see the package doc).
func (s *Server) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clear(s.index + 1)
}

// SetOnChange makes the Server call f after each change of its data that
// is not made by a request to its routes, Reset or UnmarshalState: a
// minted token. The replica applying a write changes nothing that is saved.
// f is called without the Server's lock held. Call it before serving.
func (s *Server) SetOnChange(f func()) {
	s.onChange = f
}

// MintToken returns the secret ID of a new token. A token that is not a
// management token is refused on every endpoint that needs an ACL.
func (s *Server) MintToken(management bool) string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	id := fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
	s.mu.Lock()
	s.tokens[id] = management
	s.mu.Unlock()
	s.onChange()
	return id
}

func (s *Server) isManagement(secret string) bool {
	if secret == "" {
		return false
	}
	if secret == s.opts.ManagementToken {
		return true
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.tokens[secret]
}

// commitLocked stores m (nil deletes name) as the write of the current index,
// which the caller has just taken, and hands the write to the replica.
func (s *Server) commitLocked(name string, m *AuthMethod, now time.Time) {
	if m == nil {
		delete(s.methods, name)
	} else {
		s.methods[name] = m
	}
	w := write{index: s.index, due: now.Add(s.opts.ReplicaLag), name: name, method: m}
	s.replica.pending = append(s.replica.pending, w)
	if s.opts.ReplicaLag <= 0 {
		s.applyDueLocked(now)
		return
	}
	time.AfterFunc(s.opts.ReplicaLag, s.applyDue)
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

// savedState is the JSON of the state file. The replica is not saved: a
// loaded store starts with the replica caught up.
type savedState struct {
	Index       uint64
	AuthMethods []*AuthMethod
	Tokens      []savedToken
}

type savedToken struct {
	SecretID   string
	Management bool
}

// MarshalState returns the store as JSON, for the emulator's state file.
func (s *Server) MarshalState() ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := savedState{Index: s.index, AuthMethods: []*AuthMethod{}, Tokens: []savedToken{}}
	for _, name := range slices.Sorted(maps.Keys(s.methods)) {
		st.AuthMethods = append(st.AuthMethods, s.methods[name])
	}
	for _, id := range slices.Sorted(maps.Keys(s.tokens)) {
		st.Tokens = append(st.Tokens, savedToken{SecretID: id, Management: s.tokens[id]})
	}
	return json.MarshalIndent(st, "", "  ")
}

// UnmarshalState replaces the store with one that MarshalState wrote.
func (s *Server) UnmarshalState(data []byte) error {
	var st savedState
	if err := json.Unmarshal(data, &st); err != nil {
		return fmt.Errorf("scheduler state: %w", err)
	}
	for i, m := range st.AuthMethods {
		if m == nil || !validName.MatchString(m.Name) {
			return fmt.Errorf("scheduler state: auth method %d has no valid name", i)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clear(max(st.Index, 1))
	for _, m := range st.AuthMethods {
		s.methods[m.Name] = m
		s.replica.methods[m.Name] = m
	}
	for _, t := range st.Tokens {
		s.tokens[t.SecretID] = t.Management
	}
	return nil
}
