package scheduler

import (
	"encoding/json"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"sync"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
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
	// EmptyZeroDurations answers a zero duration (an unset leeway, a zero
	// MaxTokenTTL) as "" instead of "0s".
	EmptyZeroDurations bool
	// ReturnMaxTokenTTL keeps MaxTokenTTL, which the spec says is not
	// kept, and returns it in every answer with a method, writes' included.
	ReturnMaxTokenTTL bool
	// UpdateJWT updates JWT methods in place as it does OIDC ones, where
	// the spec accepts only OIDC on update. Their create-only fields are
	// still refused.
	UpdateJWT bool
}

// Server is the scheduler API: its store, its tokens and its handlers. It is
// safe for concurrent use.
type Server struct {
	opts     Options
	onChange func() // see SetOnChange

	mu      sync.Mutex
	index   uint64 // of the last write to the authoritative store
	methods map[string]*AuthMethod
	tokens  map[string]bool // secret ID -> management
	replica replica
}

// New returns an empty Server.
func New(opts Options) *Server {
	s := &Server{opts: opts, onChange: func() {}}
	s.clear(1)
	return s
}

// SetOnChange makes the Server call f after each change of its data that
// is not made by a request to its routes, Reset or UnmarshalState: a
// minted token. The replica applying a write changes nothing that is saved.
// f is called without the Server's lock held. Call it before serving.
func (s *Server) SetOnChange(f func()) {
	s.onChange = f
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

// Register adds the API's routes to mux.
func (s *Server) Register(mux route.Mux) {
	s.registerStatus(mux)
	mux.HandleFunc("GET /v1/acl/auth-methods", s.list)
	// The real server takes a write by PUT as by POST (the incumbent
	// provider's client writes with PUT).
	for _, method := range []string{"POST", "PUT"} {
		mux.HandleFunc(method+" /v1/acl/auth-method", s.create)
		mux.HandleFunc(method+" /v1/acl/auth-method/{name}", s.update)
	}
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
	errorReply(status, msg).Send(w)
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
