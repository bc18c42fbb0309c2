// Package emulator is one in-memory HTTP server that emulates the APIs the
// provider manages, rules and quirks included, so that acceptance tests and
// demos need no real service. Each API lives in its own sub-package (its
// store, its JSON types, its handlers); this package puts them behind one
// http.Handler and adds what they share: fault injection (latency and a
// share of 429/503 answers, each in its API's error form), request
// counting, and a state file written after every change.
//
// Besides the APIs it serves, never delayed, faulted or counted:
//
//	GET  /_emulator/stats              request counts, as Stats
//	GET  /_emulator/routes             every route of every API, as Routes
//	POST /_emulator/reset              empties every API's data and the counts
//	POST /_emulator/scheduler/tokens   {"Type":"management"|"client"} -> {"SecretID":"..."}
//	     /_emulator/platform/...       the platform's, listed in its RegisterAdmin
package emulator

import (
	"errors"
	"fmt"
	"math"
	"math/rand/v2"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/scheduler"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

// Options configure an Emulator. The zero value is a faithful, fault-free
// emulator with the default tokens.
type Options struct {
	// Scheduler configures the scheduler API. An empty ManagementToken
	// means "scheduler-root".
	Scheduler scheduler.Options
	// Secrets configures the secrets API. An empty Token means
	// "secrets-root".
	Secrets secrets.Options
	// Platform configures the platform API. An empty Token means
	// "platform-root"; a zero RateLimit, the API's 30 requests a second
	// per user.
	Platform platform.Options

	// Latency is added to every API request.
	Latency time.Duration
	// FailRate is the share (0..1) of API requests answered 429 or 503, with
	// Retry-After and in the API's error form (plain text for the
	// scheduler, {"errors":[...]} for the secrets service, a JSON:API
	// error document for the platform, whose 429 is its documented
	// rate-limit answer), before anything is applied.
	FailRate float64
	// RetryAfter is the Retry-After of injected faults, rounded up to whole
	// seconds. Zero means the default, 1s; a negative value sends "0".
	RetryAfter time.Duration
	// StatePath, when set, is a JSON file that New loads (if it exists)
	// and then writes, failing when it cannot, so that a path it cannot
	// write is refused at start. It is written again, atomically, after
	// every change: each API request that writes and succeeds, answered
	// once the file has its change; a change an API makes by itself (a
	// secrets purge that completes); a minted token; Reset.
	StatePath string
	// Seed seeds the fault injection's random numbers, so that a run can be
	// repeated; 0 seeds from the clock.
	Seed int64
}

// Emulator serves the emulated APIs. It is safe for concurrent use.
type Emulator struct {
	opts       Options
	retryAfter string

	api    *http.ServeMux // the APIs' routes
	admin  *http.ServeMux // /_emulator/ routes
	apis   []namedAPI
	routes []Route // the APIs' routes, as Routes lists them

	scheduler *scheduler.Server
	secrets   *secrets.Server
	platform  *platform.Server

	failRate atomic.Uint64 // math.Float64bits of the rate
	rngMu    sync.Mutex    // guards rng and failNext
	rng      *rand.Rand
	failNext map[string]int // route -> how many of its next requests fault

	statsMu sync.Mutex
	stats   Stats

	// saveMu serializes writes of the state file, so that a state read
	// before another's never replaces it.
	saveMu sync.Mutex
}

// api is what each emulated API gives the emulator. Adding an API is a
// sibling package that implements it, and one more entry in apis in New; the
// entry's name keys the API's part of the state file.
type api interface {
	// Register adds the API's routes to mux, every one under PathPrefix
	// (or among its RootPaths). The emulator lists what it registers (see
	// Routes).
	Register(mux route.Mux)
	// PathPrefix is where the API's paths start, such as "/v1/sys/sync":
	// requests to it, or under it and "/", are the API's, and faults
	// injected into them are answered with WriteError. An API that
	// registers a catch-all for PathPrefix()+"/" also gets, through it,
	// the requests under the prefix whose path is not clean, which the mux
	// would otherwise redirect to the cleaned path before any of the API's
	// checks.
	PathPrefix() string
	// WriteError answers, in the API's error form, an error that the
	// emulator makes on the API's behalf: an injected fault.
	WriteError(w http.ResponseWriter, status int, msg string)
	// SetOnChange gives the API the function to call after a change of its
	// data that neither a request to its routes (the emulator sees those)
	// nor Reset or UnmarshalState made: a change it makes by itself later,
	// or through another of its methods. The API calls it with its own
	// lock released, since the function reads the API's state.
	SetOnChange(f func())
	Reset()
	MarshalState() ([]byte, error)
	UnmarshalState(data []byte) error
}

// rootPaths is implemented by an API that also serves paths outside its
// PathPrefix, each matched exactly (the platform's service discovery
// document), or, for one that ends in "/", every path under it (the
// platform's registry API and its upload links); they are the API's,
// counted, delayed and faulted as the rest.
type rootPaths interface {
	RootPaths() []string
}

// namedAPI names an API's part of the state file.
type namedAPI struct {
	name string
	api  api
}

// New returns an Emulator, with the data of opts.StatePath when that file
// exists. It fails when that file cannot be written.
func New(opts Options) (*Emulator, error) {
	if opts.FailRate < 0 || opts.FailRate > 1 || math.IsNaN(opts.FailRate) {
		return nil, fmt.Errorf("fail rate %v: must be between 0 and 1", opts.FailRate)
	}
	if opts.Scheduler.ReplicaLag < 0 || opts.Latency < 0 {
		return nil, errors.New("replica lag and latency must not be negative")
	}
	if opts.Scheduler.ManagementToken == "" {
		opts.Scheduler.ManagementToken = "scheduler-root"
	}
	if opts.Secrets.Token == "" {
		opts.Secrets.Token = "secrets-root"
	}
	if opts.Platform.Token == "" {
		opts.Platform.Token = "platform-root"
	}
	seed := opts.Seed
	if seed == 0 {
		seed = time.Now().UnixNano()
	}
	e := &Emulator{
		opts:       opts,
		retryAfter: retryAfterHeader(opts.RetryAfter),
		api:        http.NewServeMux(),
		admin:      http.NewServeMux(),
		rng:        rand.New(rand.NewPCG(uint64(seed), uint64(seed)>>32|1)),
		stats:      Stats{Requests: map[string]int64{}},
	}
	e.failRate.Store(math.Float64bits(opts.FailRate))
	e.scheduler = scheduler.New(opts.Scheduler)
	var err error
	e.secrets, err = secrets.New(opts.Secrets)
	if err != nil {
		return nil, err
	}
	e.platform, err = platform.New(opts.Platform)
	if err != nil {
		return nil, err
	}
	e.apis = []namedAPI{{"scheduler", e.scheduler}, {"secrets", e.secrets}, {"platform", e.platform}}
	for _, a := range e.apis {
		rec := route.NewRecorder(e.api)
		a.api.Register(rec)
		e.routes = append(e.routes, routesOf(a.name, rec.Patterns())...)
		a.api.SetOnChange(e.saveChange)
	}
	e.registerAdmin()
	e.platform.RegisterAdmin(e.admin)
	if opts.StatePath != "" {
		if err := e.loadState(); err != nil {
			return nil, err
		}
		if err := e.saveState(); err != nil {
			return nil, err
		}
	}
	return e, nil
}

// ServeHTTP serves the APIs and the /_emulator/ routes.
func (e *Emulator) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if strings.HasPrefix(r.URL.Path, "/_emulator/") {
		e.admin.ServeHTTP(w, r)
		return
	}
	// Routing first, so that only requests an API answers itself are
	// counted, delayed and faulted; the rest get the mux's own 404, 405 or
	// redirect.
	a, pattern, h := e.route(r)
	if a == nil {
		e.api.ServeHTTP(w, r)
		return
	}
	route := routeKey(r.Method, pattern)
	e.count(route)
	if !e.delay(r) || e.injectFault(w, a, route) {
		return
	}
	if e.opts.StatePath != "" && writes(r.Method) {
		e.serveAndSave(w, r, a, h)
		return
	}
	h.ServeHTTP(w, r)
}

// route returns the API a request is for, its route pattern and what
// serves it, or a nil API when no route of an API takes the request.
func (e *Emulator) route(r *http.Request) (api, string, http.Handler) {
	owner, root := e.owner(r.URL.Path)
	if owner == nil {
		return nil, "", nil
	}
	if root {
		if _, pattern := e.api.Handler(r); pattern != "" {
			return owner, pattern, e.api
		}
		return nil, "", nil
	}
	if !route.IsClean(r.URL.Path) {
		// The mux would redirect to the clean path: an API with a
		// catch-all answers the request itself; for the others the
		// redirect is the mux's, whose Handler would name the route it
		// leads to, and the request that follows it is the one counted.
		catchAll := &http.Request{Method: r.Method, Host: r.Host, URL: &url.URL{Path: owner.PathPrefix() + "/"}}
		if h, pattern := e.api.Handler(catchAll); pattern != "" {
			return owner, pattern, h
		}
		return nil, "", nil
	}
	// Served by the mux rather than by the handler Handler returns, which
	// would miss the path's wildcards.
	if _, pattern := e.api.Handler(r); pattern != "" {
		return owner, pattern, e.api
	}
	return nil, "", nil
}

// owner returns the API whose path p is, and whether p is one of its root
// paths rather than under its prefix.
func (e *Emulator) owner(p string) (api, bool) {
	for _, a := range e.apis {
		prefix := a.api.PathPrefix()
		if p == prefix || strings.HasPrefix(p, prefix+"/") {
			return a.api, false
		}
		if rp, ok := a.api.(rootPaths); ok && slices.ContainsFunc(rp.RootPaths(), func(root string) bool {
			return p == root || strings.HasSuffix(root, "/") && strings.HasPrefix(p, root)
		}) {
			return a.api, true
		}
	}
	return nil, false
}

// Platform returns the platform API, for what tests do through its Go API:
// minting tokens, setting what runs would set.
func (e *Emulator) Platform() *platform.Server {
	return e.platform
}

// MintSchedulerToken returns the secret of a new scheduler token; one that
// is not a management token gets 403 on create, read, update and delete.
func (e *Emulator) MintSchedulerToken(management bool) string {
	return e.scheduler.MintToken(management)
}

// SecretsAccessor returns the accessor of a secrets KV mount in a namespace
// ("" is the root), as associations show it, or false for an unknown mount.
func (e *Emulator) SecretsAccessor(namespace, mount string) (string, bool) {
	return e.secrets.Accessor(namespace, mount)
}

// FailNext makes the next n requests to route, named as Stats names it
// ("POST /v1/acl/auth-method"), fail as injected faults do, whatever the
// fail rate: a fault a test of a client's retries can count on.
func (e *Emulator) FailNext(route string, n int) {
	e.rngMu.Lock()
	defer e.rngMu.Unlock()
	if e.failNext == nil {
		e.failNext = map[string]int{}
	}
	e.failNext[route] = n
}

// SetFailRate changes the share of faulted requests, clamped to 0..1.
func (e *Emulator) SetFailRate(f float64) {
	if math.IsNaN(f) {
		f = 0
	}
	e.failRate.Store(math.Float64bits(min(max(f, 0), 1)))
}

// Reset empties every API's data (minted tokens included; the tokens of
// Options stay valid) and the request counts.
func (e *Emulator) Reset() {
	for _, a := range e.apis {
		a.api.Reset()
	}
	e.statsMu.Lock()
	e.stats = Stats{Requests: map[string]int64{}}
	e.statsMu.Unlock()
	e.saveChange()
}

// Close writes the state file once more when Options.StatePath is set, and
// reports a failure, which the saves of changes that no request waits for
// (see saveChange) cannot. The Emulator keeps serving after Close; closing
// the listener is the caller's business.
func (e *Emulator) Close() error {
	if e.opts.StatePath == "" {
		return nil
	}
	return e.saveState()
}
