package platform

import (
	"fmt"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/answer"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// Editions of the platform, which GET /ping tells apart by its headers.
const (
	EditionHosted     = "hosted"
	EditionSelfHosted = "self-hosted"
)

// DefaultRateLimit is the number of requests a second each user may make
// when Options.RateLimit is zero.
const DefaultRateLimit = 30

// Options configure a Server.
type Options struct {
	// Token is the site administrator's token: a user token that sees and
	// manages every organization. Empty means that only minted tokens are
	// accepted.
	Token string
	// RateLimit is how many requests a second each user (each team, each
	// organization token, each address without a token) may make before
	// the API answers 429. Zero means DefaultRateLimit; a negative value
	// turns the limit off.
	RateLimit int
	// Edition is EditionHosted (the default, also for "") or
	// EditionSelfHosted; it sets the edition and version headers.
	Edition string
	// RunTriggerLock, a real-server variant, is how long a run trigger's
	// create holds its organization's creation lock: another create in the
	// organization meanwhile is refused, 409 "Run Trigger creation locked
	// by another user in your organization. Please try again", as the
	// platform refuses concurrent creates. Zero: no create is refused.
	RunTriggerLock time.Duration
}

// Server is the platform API: its store, its tokens, its rate limit and its
// handlers. It is safe for concurrent use.
type Server struct {
	opts    Options
	limiter *limiter // nil when the rate limit is off
	now     func() time.Time

	// sides is the state the nouns keep outside the store (see
	// sideState), by the registry's index.
	sides []any

	rateLimited atomic.Int64 // requests answered 429 by the limiter

	onChange func() // see SetOnChange

	mu sync.Mutex
	store
}

// New returns an empty Server, or an error for a bad option.
func New(opts Options) (*Server, error) {
	switch opts.Edition {
	case "":
		opts.Edition = EditionHosted
	case EditionHosted, EditionSelfHosted:
	default:
		return nil, fmt.Errorf("platform edition %q: must be %s or %s", opts.Edition, EditionHosted, EditionSelfHosted)
	}
	if opts.RateLimit == 0 {
		opts.RateLimit = DefaultRateLimit
	}
	s := &Server{opts: opts, now: time.Now, onChange: func() {}}
	for _, side := range sides {
		s.sides = append(s.sides, side.fresh())
	}
	if opts.RateLimit > 0 {
		s.limiter = newLimiter(opts.RateLimit)
	}
	s.clear()
	return s, nil
}

// SetOnChange makes the Server call f, without its lock held, after each
// change of its data that no request to its routes makes: a minted token, a
// resource count set by a test. Call it before serving.
func (s *Server) SetOnChange(f func()) {
	s.onChange = f
}

// Reset empties the store (organizations and everything in them, users and
// minted tokens; Options.Token stays valid), what the nouns keep outside
// it, and the rate limit's buckets.
func (s *Server) Reset() {
	s.mu.Lock()
	s.clear()
	for _, side := range sides {
		side.resetOn(s)
	}
	s.mu.Unlock()
	if s.limiter != nil {
		s.limiter.reset()
	}
	s.rateLimited.Store(0)
}

// locked runs f under the store's lock and sends its reply once the lock is
// released (see answer.Locked).
func (s *Server) locked(w http.ResponseWriter, f func() reply) {
	answer.Locked(&s.mu, w, f)
}

// change runs f under the store's lock and then calls the change hook: for
// the Go API's writes, which no request carries.
func (s *Server) change(f func() error) error {
	s.mu.Lock()
	err := f()
	s.mu.Unlock()
	if err == nil {
		s.onChange()
	}
	return err
}

// apiPrefix is the API's base path.
const apiPrefix = "/api/v2"

// PathPrefix is where the API's paths start: every request under it is the
// API's, answered by a route or by the catch-all Register adds.
func (s *Server) PathPrefix() string { return apiPrefix }

// RootPaths are the paths outside PathPrefix that the API serves: the
// service discovery document, and everything under the registry API's base
// path and under the object storage that upload links point to.
func (s *Server) RootPaths() []string {
	return []string{DiscoveryPath, RegistryPathPrefix + "/", archivistRoot}
}

// RegistryPathPrefix is the base path of the registry API, beside the
// API's own.
const RegistryPathPrefix = "/api/registry"

// archivistRoot is where upload links point: the platform's object
// storage.
const archivistRoot = "/_archivist/"

// Register adds the API's routes to mux, and a catch-all for the rest of
// its paths.
func (s *Server) Register(mux route.Mux) {
	for _, add := range routeSets {
		add(s, mux)
	}

	// The rest of the API's paths, every method, and the base path itself:
	// 404 in the API's error form after the token and rate limit, as the
	// server answers a route it does not have (a path it has under other
	// methods included), where the mux would answer its own plain-text 404
	// or 405, or redirect a path that is not clean.
	unrouted := func(w http.ResponseWriter, _ *http.Request, _ principal) {
		errorReply(http.StatusNotFound, "no such endpoint").Send(w)
	}
	s.handle(mux, apiPrefix+"/", unrouted)
	s.handle(mux, apiPrefix, unrouted)
}
