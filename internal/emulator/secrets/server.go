package secrets

import (
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"sync"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/answer"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// Options configure a Server.
type Options struct {
	// Token is the management token X-Secrets-Token must carry.
	Token string
	// KVMounts adds KV mounts, name to version (1 or 2), to the default ones:
	// "secret" (version 2) and "kv1" (version 1). An entry may change the
	// version of a default mount.
	KVMounts map[string]int
	// PurgeDelay is how long after a delete with purge=true the purge
	// completes: associations removed, destination gone. Zero means
	// DefaultPurgeDelay; a negative value completes it at once, though still
	// after the delete has been answered.
	PurgeDelay time.Duration

	// NoLicense emulates a server without the enterprise license: every
	// sync endpoint refuses with 400.
	NoLicense bool
	// RefuseList emulates a server that does not accept the LIST method:
	// it answers 405, and only GET ?list=true lists.
	RefuseList bool
}

// Server is the secrets-sync API: its store and its handlers. It is safe for
// concurrent use.
type Server struct {
	opts   Options
	mounts map[string]int // name -> KV version; fixed by New

	mu sync.Mutex
	// gen grows on Reset and UnmarshalState, so that a purge scheduled
	// before finds nothing to do.
	gen    uint64
	config syncConfig
	spaces map[string]*space

	onChange func() // see SetOnChange
}

// SetOnChange makes the Server call f, without its lock held, after each
// change of its data that no request makes: a purge that completes. Call it
// before serving.
func (s *Server) SetOnChange(f func()) {
	s.onChange = f
}

// space is one namespace's data; "" is the root namespace.
type space struct {
	destinations map[string]*destination // by "<type>/<name>"
	codehostApps map[string]*codehostApp
}

// Header names of the API.
const (
	TokenHeader     = "X-Secrets-Token"
	NamespaceHeader = "X-Secrets-Namespace"
)

// Messages of the refusals every client may meet.
const (
	msgPermissionDenied = "permission denied"
	msgNoLicense        = "enterprise license required: secrets sync is an enterprise feature and this server's license does not include it"
)

// handler serves a request that passed the token and license checks; ns is
// the normalized namespace, "" for the root.
type handler func(w http.ResponseWriter, r *http.Request, ns string)

const (
	pathPrefix       = "/v1/sys/sync"
	pathConfig       = pathPrefix + "/config"
	pathDestinations = pathPrefix + "/destinations"
	pathDestination  = pathPrefix + "/destinations/{type}/{name}"
	pathAssociations = pathPrefix + "/associations"
	pathCodehostApps = pathPrefix + "/codehost-apps"
)

// routeMethods are the methods the API's routes take, in the order an Allow
// header lists them.
var routeMethods = []string{http.MethodDelete, http.MethodGet, "LIST", http.MethodPatch, http.MethodPost, http.MethodPut}

// writeMethods are the methods of the paths that write with POST: real
// servers of this kind take PUT as the same operation, and clients send
// either.
var writeMethods = []string{http.MethodPost, http.MethodPut}

// handleWrite registers h under every method of writeMethods.
func (s *Server) handleWrite(mux route.Mux, path string, h handler) {
	for _, m := range writeMethods {
		s.handle(mux, m+" "+path, h)
	}
}

// New returns an empty Server, or an error for a bad mount in
// opts.KVMounts.
func New(opts Options) (*Server, error) {
	mounts := map[string]int{"secret": 2, "kv1": 1}
	for name, version := range opts.KVMounts {
		clean := strings.Trim(name, "/")
		if clean == "" || strings.Contains(clean, "//") || strings.ContainsAny(clean, " \t\n") {
			return nil, fmt.Errorf("KV mount %q: a mount name is one or more path segments without spaces", name)
		}
		if version != 1 && version != 2 {
			return nil, fmt.Errorf("KV mount %q: version %d, must be 1 or 2", name, version)
		}
		mounts[clean] = version
	}
	s := &Server{opts: opts, mounts: mounts}
	s.clear()
	return s, nil
}

// ParseKVMounts parses "name:version,..." (such as "team/kv:2,old:1") into
// the map Options.KVMounts takes. An empty string is no mounts.
func ParseKVMounts(s string) (map[string]int, error) {
	out := map[string]int{}
	for item := range strings.SplitSeq(s, ",") {
		item = strings.TrimSpace(item)
		if item == "" {
			continue
		}
		i := strings.LastIndex(item, ":")
		if i < 0 {
			return nil, fmt.Errorf("KV mount %q: want name:version, such as team/kv:2", item)
		}
		version, err := strconv.Atoi(item[i+1:])
		if err != nil || (version != 1 && version != 2) {
			return nil, fmt.Errorf("KV mount %q: version %q, must be 1 or 2", item, item[i+1:])
		}
		out[item[:i]] = version
	}
	return out, nil
}

// Mounts returns the KV mounts, name to version. Every namespace has them.
func (s *Server) Mounts() map[string]int {
	return maps.Clone(s.mounts)
}

// Accessor returns the accessor of a KV mount in a namespace ("" is the
// root), or false when there is no such mount.
func (s *Server) Accessor(namespace, mount string) (string, bool) {
	mount = strings.Trim(mount, "/")
	if _, ok := s.mounts[mount]; !ok {
		return "", false
	}
	return accessor(normalizeNamespace(namespace), mount), true
}

// accessor is "kv_" and 8 hex digits derived from the namespace and the
// mount, so that it is stable across restarts without being stored.
func accessor(ns, mount string) string {
	sum := sha256.Sum256([]byte(ns + "\x00" + mount))
	return "kv_" + hex.EncodeToString(sum[:4])
}

// normalizeNamespace returns the namespace a header value names, "" for
// the root: surrounding spaces and slashes are ignored, and "root", in any
// case, is the root's name, as real servers take it.
func normalizeNamespace(ns string) string {
	ns = strings.Trim(strings.TrimSpace(ns), "/")
	if strings.EqualFold(ns, "root") {
		return ""
	}
	return ns
}

func (s *Server) clear() {
	s.gen++
	s.config = defaultConfig()
	s.spaces = map[string]*space{}
}

// Reset empties the store and restores the default config; purges under
// way are dropped with their destinations.
func (s *Server) Reset() {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clear()
}

// lookupLocked returns a namespace's data, or an empty one that is not
// kept, so that reads in unknown namespaces leave nothing behind.
func (s *Server) lookupLocked(ns string) *space {
	if sp := s.spaces[ns]; sp != nil {
		return sp
	}
	return &space{destinations: map[string]*destination{}, codehostApps: map[string]*codehostApp{}}
}

// spaceLocked returns a namespace's data, creating it.
func (s *Server) spaceLocked(ns string) *space {
	sp := s.spaces[ns]
	if sp == nil {
		sp = &space{destinations: map[string]*destination{}, codehostApps: map[string]*codehostApp{}}
		s.spaces[ns] = sp
	}
	return sp
}

// locked runs f under the store's lock and sends its reply once the lock is
// released (see answer.Locked).
func (s *Server) locked(w http.ResponseWriter, f func() reply) {
	answer.Locked(&s.mu, w, f)
}

// PathPrefix is where the API's paths start: every request under it is the
// API's, answered by a route or by the catch-all Register adds.
func (s *Server) PathPrefix() string { return pathPrefix }

// Register adds the API's routes to mux, and a catch-all for the rest of
// its paths.
func (s *Server) Register(mux route.Mux) {
	s.registerHealth(mux)
	s.registerSyncConfig(mux)
	s.registerDestinations(mux)
	s.registerAssociations(mux)
	s.registerCodehostApps(mux)

	// The rest of the API's paths, all methods: without it the mux would
	// answer them with its own plain-text 404 and 405, and before the token
	// and license checks. The exact prefix too, which the mux would
	// otherwise redirect to the prefix and "/".
	unrouted := s.unrouted(mux)
	s.handle(mux, pathPrefix+"/", unrouted)
	s.handle(mux, pathPrefix, unrouted)
}

// handle registers h behind the checks every endpoint makes: the token
// (403), then the license (400).
func (s *Server) handle(mux route.Mux, pattern string, h handler) {
	mux.HandleFunc(pattern, func(w http.ResponseWriter, r *http.Request) {
		token := r.Header.Get(TokenHeader)
		if s.opts.Token == "" || subtle.ConstantTimeCompare([]byte(token), []byte(s.opts.Token)) != 1 {
			writeErrors(w, http.StatusForbidden, msgPermissionDenied)
			return
		}
		if s.opts.NoLicense {
			writeErrors(w, http.StatusBadRequest, msgNoLicense)
			return
		}
		h(w, r, normalizeNamespace(r.Header.Get(NamespaceHeader)))
	})
}

// handleList registers a list endpoint under the LIST method and as GET
// with ?list=true. In the RefuseList variant LIST answers 405 before any
// other check, as a server that does not know the method would.
func (s *Server) handleList(mux route.Mux, listPath string, h handler) {
	allowList := "GET, LIST"
	if s.opts.RefuseList {
		allowList = "GET"
		mux.HandleFunc("LIST "+listPath, func(w http.ResponseWriter, _ *http.Request) {
			w.Header().Set("Allow", allowList)
			writeErrors(w, http.StatusMethodNotAllowed, "unsupported method LIST: list with GET and ?list=true")
		})
	} else {
		s.handle(mux, "LIST "+listPath, h)
	}
	s.handle(mux, "GET "+listPath, func(w http.ResponseWriter, r *http.Request, ns string) {
		if list, _ := strconv.ParseBool(r.URL.Query().Get("list")); !list {
			w.Header().Set("Allow", allowList)
			writeErrors(w, http.StatusMethodNotAllowed, "unsupported operation: this path is listed with LIST, or GET and ?list=true")
			return
		}
		h(w, r, ns)
	})
}

// unrouted answers the requests under the API's paths that no route takes:
// 405 naming the methods that the path takes, when it takes some, and 404
// "unsupported path" otherwise, as the service words it. A path that is not clean names no route: the
// emulator hands such paths here rather than let the mux redirect them to
// the cleaned path, where a client would meet a route it did not ask for.
func (s *Server) unrouted(mux route.Mux) handler {
	catchAll := map[string]bool{pathPrefix + "/": true, pathPrefix: true}
	return func(w http.ResponseWriter, r *http.Request, _ string) {
		if !route.IsClean(r.URL.Path) {
			writeErrors(w, http.StatusNotFound, unsupportedPath)
			return
		}
		var allowed []string
		for _, m := range routeMethods {
			if m == "LIST" && s.opts.RefuseList {
				continue
			}
			probe := &http.Request{Method: m, Host: r.Host, URL: &url.URL{Path: r.URL.Path, RawPath: r.URL.RawPath}}
			if _, pattern := mux.Handler(probe); pattern != "" && !catchAll[pattern] {
				allowed = append(allowed, m)
			}
		}
		if allowed == nil {
			writeErrors(w, http.StatusNotFound, unsupportedPath)
			return
		}
		list := strings.Join(allowed, ", ")
		w.Header().Set("Allow", list)
		writeErrors(w, http.StatusMethodNotAllowed, fmt.Sprintf("unsupported method %s on %s: this path takes %s", r.Method, r.URL.Path, list))
	}
}

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}

// unsupportedPath is the service's message for a path it has no route for,
// which its 404s of missing objects ({"errors":[]}) do not carry, so that
// clients tell a wrong path from a deleted object.
const unsupportedPath = "1 error occurred:\n\t* unsupported path\n\n"
