package secrets

import (
	"cmp"
	"crypto/rand"
	"crypto/subtle"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// Header names of the API.
const (
	TokenHeader     = "X-Secrets-Token"
	NamespaceHeader = "X-Secrets-Namespace"
)

// adminNamespace is the administrative namespace, where sys/sync/config
// answers besides the root namespace.
const adminNamespace = "admin"

const maxBodyBytes = 1 << 20

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
	pathApps         = pathPrefix + "/codehost-apps"
)

// routeMethods are the methods the API's routes take, in the order an Allow
// header lists them.
var routeMethods = []string{http.MethodDelete, http.MethodGet, "LIST", http.MethodPatch, http.MethodPost}

// PathPrefix is where the API's paths start: every request under it is the
// API's, answered by a route or by the catch-all Register adds.
func (s *Server) PathPrefix() string { return pathPrefix }

// Register adds the API's routes to mux, and a catch-all for the rest of
// its paths.
func (s *Server) Register(mux *http.ServeMux) {
	s.handle(mux, "GET "+pathConfig, s.readConfig)
	s.handle(mux, "PATCH "+pathConfig, s.patchConfig)

	s.handleList(mux, pathDestinations, s.listDestinations)
	s.handleList(mux, pathDestinations+"/{type}", s.listDestinationsOfType)
	s.handle(mux, "GET "+pathDestination, s.readDestination)
	s.handle(mux, "DELETE "+pathDestination, s.deleteDestination)
	for _, t := range typeNames {
		s.handle(mux, "POST "+pathDestinations+"/"+t+"/{name}", s.writeDestination(t))
	}
	// Any other type: the more specific routes above take the known ones.
	s.handle(mux, "POST "+pathDestination, s.writeDestination(""))

	s.handle(mux, "GET "+pathDestination+"/associations", s.readAssociations)
	s.handle(mux, "POST "+pathDestination+"/associations/set", s.setAssociation)
	s.handle(mux, "POST "+pathDestination+"/associations/remove", s.removeAssociation)
	s.handleList(mux, pathAssociations, s.listAssociations)
	s.handle(mux, "GET "+pathAssociations+"/destinations", s.readAssociationsByQuery)
	s.handle(mux, "GET "+pathAssociations+"/{path...}", s.readAssociationsByPath)

	s.handle(mux, "POST "+pathApps+"/{name}", s.writeApp)
	s.handle(mux, "GET "+pathApps+"/{name}", s.readApp)
	s.handle(mux, "DELETE "+pathApps+"/{name}", s.deleteApp)

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
func (s *Server) handle(mux *http.ServeMux, pattern string, h handler) {
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
func (s *Server) handleList(mux *http.ServeMux, listPath string, h handler) {
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
// {"errors":[]} otherwise. A path that is not clean names no route: the
// emulator hands such paths here rather than let the mux redirect them to
// the cleaned path, where a client would meet a route it did not ask for.
func (s *Server) unrouted(mux *http.ServeMux) handler {
	catchAll := map[string]bool{pathPrefix + "/": true, pathPrefix: true}
	return func(w http.ResponseWriter, r *http.Request, _ string) {
		if !route.IsClean(r.URL.Path) {
			writeErrors(w, http.StatusNotFound)
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
			writeErrors(w, http.StatusNotFound)
			return
		}
		list := strings.Join(allowed, ", ")
		w.Header().Set("Allow", list)
		writeErrors(w, http.StatusMethodNotAllowed, fmt.Sprintf("unsupported method %s on %s: this path takes %s", r.Method, r.URL.Path, list))
	}
}

// ---- config

func (s *Server) checkConfigNamespace(w http.ResponseWriter, ns string) bool {
	if ns == "" || ns == adminNamespace {
		return true
	}
	writeErrors(w, http.StatusBadRequest, fmt.Sprintf(
		"sys/sync/config is restricted to the root namespace and the administrative namespace %q: not available in namespace %q", adminNamespace, ns))
	return false
}

func (s *Server) readConfig(w http.ResponseWriter, _ *http.Request, ns string) {
	if !s.checkConfigNamespace(w, ns) {
		return
	}
	s.locked(w, func() reply { return okReply(s.config, nil, true) })
}

func (s *Server) patchConfig(w http.ResponseWriter, r *http.Request, ns string) {
	if !s.checkConfigNamespace(w, ns) {
		return
	}
	b, ok := readBody(w, r)
	if !ok {
		return
	}
	var disabled *bool
	if b.get("disabled") != nil {
		v, err := b.boolean("disabled")
		if err != nil {
			writeInvalid(w, err)
			return
		}
		disabled = &v
	}
	capacity, given, err := b.integer("queue_capacity")
	if err == nil && given && capacity <= 0 {
		err = invalid("invalid queue_capacity %d: must be a positive integer", capacity)
	}
	if err != nil {
		writeInvalid(w, err)
		return
	}
	s.locked(w, func() reply {
		c := s.config
		if disabled != nil {
			c.Disabled = *disabled
		}
		if given {
			c.QueueCapacity = capacity
		}
		if s.config.Disabled && !c.Disabled {
			s.flushLocked(time.Now())
		}
		s.config = c
		return okReply(c, b.warnings(), true)
	})
}

// ---- destinations

// checkType answers 400 unless typ is a known destination type.
func checkType(w http.ResponseWriter, typ string) bool {
	if destTypes[typ] != nil {
		return true
	}
	writeErrors(w, http.StatusBadRequest, fmt.Sprintf("invalid destination type %q: must be one of %s", typ, strings.Join(typeNames, ", ")))
	return false
}

func checkName(w http.ResponseWriter, name string) bool {
	if validName.MatchString(name) {
		return true
	}
	writeErrors(w, http.StatusBadRequest, fmt.Sprintf(
		"invalid name %q: must be 1..128 letters, digits, '.', '-' or '_', starting with a letter or digit", name))
	return false
}

func (s *Server) listDestinations(w http.ResponseWriter, _ *http.Request, ns string) {
	s.locked(w, func() reply {
		keyInfo := map[string][]string{}
		for _, k := range sortedKeys(s.lookupLocked(ns).destinations) {
			typ, name, _ := strings.Cut(k, "/")
			keyInfo[typ+"/"] = append(keyInfo[typ+"/"], name)
		}
		total := 0
		for _, names := range keyInfo {
			total += len(names)
		}
		return okReply(map[string]any{
			"key_info":           keyInfo,
			"keys":               orEmpty(sortedKeys(keyInfo)),
			"total_destinations": total,
		}, nil, false)
	})
}

func (s *Server) listDestinationsOfType(w http.ResponseWriter, r *http.Request, ns string) {
	typ := r.PathValue("type")
	if !checkType(w, typ) {
		return
	}
	s.locked(w, func() reply {
		names := []string{}
		for _, k := range sortedKeys(s.lookupLocked(ns).destinations) {
			if t, name, _ := strings.Cut(k, "/"); t == typ {
				names = append(names, name)
			}
		}
		return okReply(map[string]any{"keys": names, "total_destinations": len(names)}, nil, false)
	})
}

// destinationLocked returns the destination of the path, nil when there
// is none. The caller has checked the type.
func (s *Server) destinationLocked(r *http.Request, ns string) *destination {
	return s.lookupLocked(ns).destinations[r.PathValue("type")+"/"+r.PathValue("name")]
}

func (s *Server) readDestination(w http.ResponseWriter, r *http.Request, ns string) {
	if !checkType(w, r.PathValue("type")) {
		return
	}
	s.locked(w, func() reply {
		d := s.destinationLocked(r, ns)
		if d == nil {
			return notFound()
		}
		return okReply(d.view(), nil, true)
	})
}

// writeDestination serves the create/update endpoint of type fixed; "" takes
// the type from the path, for the route of the types that have none of
// their own, so that an unknown type is answered 400.
func (s *Server) writeDestination(fixed string) handler {
	return func(w http.ResponseWriter, r *http.Request, ns string) {
		typ := cmp.Or(fixed, r.PathValue("type"))
		if !checkType(w, typ) {
			return
		}
		name := r.PathValue("name")
		if !checkName(w, name) {
			return
		}
		b, ok := readBody(w, r)
		if !ok {
			return
		}
		s.locked(w, func() reply {
			sp := s.lookupLocked(ns)
			stored := sp.destinations[typ+"/"+name]
			d, err := destinationRequest(typ, name, b, stored)
			if err == nil && typ == "codehost" {
				if a := d.Strings["app_name"]; a != "" && sp.apps[a] == nil {
					err = invalid("invalid app_name %q: no codehost app of that name; configure it first at sys/sync/codehost-apps/%s", a, a)
				}
			}
			if err != nil {
				return invalidReply(err)
			}
			if stored != nil && stored.PurgeInitiatedAt != nil {
				return errorReply(http.StatusConflict, purging(stored))
			}
			d.Associations = map[string]*association{}
			if stored != nil {
				d.Associations = stored.Associations
			}
			s.spaceLocked(ns).destinations[d.key()] = d
			return okReply(d.view(), b.warnings(), true)
		})
	}
}

func purging(d *destination) string {
	return fmt.Sprintf("destination %q is being purged since %s: it cannot be changed until the purge has deleted it",
		d.key(), formatTime(*d.PurgeInitiatedAt))
}

func (s *Server) deleteDestination(w http.ResponseWriter, r *http.Request, ns string) {
	if !checkType(w, r.PathValue("type")) {
		return
	}
	purge := false
	if raw := r.URL.Query().Get("purge"); raw != "" {
		var err error
		if purge, err = strconv.ParseBool(raw); err != nil {
			writeErrors(w, http.StatusBadRequest, fmt.Sprintf("invalid purge %q: must be true or false", raw))
			return
		}
	}
	s.locked(w, func() reply {
		d := s.destinationLocked(r, ns)
		switch {
		case d == nil:
			return notFound()
		case d.PurgeInitiatedAt != nil:
			// A purge is under way: it will delete the destination.
		case len(d.Associations) == 0:
			delete(s.spaces[ns].destinations, d.key())
		case !purge:
			return errorReply(http.StatusConflict, fmt.Sprintf(
				"destination %q still manages %d associations: remove them first, or delete with purge=true to unsync and remove them",
				d.key(), len(d.Associations)))
		default:
			s.startPurgeLocked(ns, d, time.Now())
		}
		return reply{status: http.StatusNoContent}
	})
}

// ---- associations

func (s *Server) readAssociations(w http.ResponseWriter, r *http.Request, ns string) {
	if !checkType(w, r.PathValue("type")) {
		return
	}
	s.locked(w, func() reply {
		d := s.destinationLocked(r, ns)
		if d == nil {
			return notFound()
		}
		return okReply(d.associationsView(), nil, true)
	})
}

// checkMount returns an error unless mount is a KV mount, of version 2
// when v2 is set. Mounts are fixed by New, so no lock is needed.
func (s *Server) checkMount(mount string, v2 bool) error {
	version, ok := s.mounts[mount]
	switch {
	case !ok:
		return invalid("invalid mount %q: no KV mount of that name", mount)
	case v2 && version != 2:
		return invalid("invalid mount %q: a KV version %d mount; associations support only KV version 2 secrets", mount, version)
	}
	return nil
}

// associationBody reads the body of set and remove association, answering
// 400 when it is bad.
func (s *Server) associationBody(w http.ResponseWriter, r *http.Request, v2 bool) (b *body, mount, secretName string, ok bool) {
	if !checkType(w, r.PathValue("type")) {
		return nil, "", "", false
	}
	if b, ok = readBody(w, r); !ok {
		return nil, "", "", false
	}
	mount, secretName, err := associationRequest(b)
	if err == nil {
		err = s.checkMount(mount, v2)
	}
	if err != nil {
		writeInvalid(w, err)
		return nil, "", "", false
	}
	return b, mount, secretName, true
}

func (s *Server) setAssociation(w http.ResponseWriter, r *http.Request, ns string) {
	b, mount, secretName, ok := s.associationBody(w, r, true)
	if !ok {
		return
	}
	now := time.Now()
	s.locked(w, func() reply {
		d := s.destinationLocked(r, ns)
		if d == nil {
			return notFound()
		}
		if d.PurgeInitiatedAt != nil {
			return errorReply(http.StatusConflict, purging(d))
		}
		acc := accessor(ns, mount)
		key := acc + "/" + secretName
		a := d.Associations[key]
		status := StatusSynced
		if s.config.Disabled {
			status = StatusPending
			if a == nil || a.SyncStatus != StatusPending {
				if n := s.pendingLocked(); n >= s.config.QueueCapacity {
					return errorReply(http.StatusConflict, fmt.Sprintf(
						"sync queue is full: %d pending operations, queue_capacity is %d; enable sync to drain it", n, s.config.QueueCapacity))
				}
			}
		}
		if a == nil {
			a = &association{Mount: mount, Accessor: acc, SecretName: secretName}
			d.Associations[key] = a
		}
		a.SyncStatus, a.UpdatedAt = status, now
		return okReply(d.associationsView(), b.warnings(), true)
	})
}

func (s *Server) removeAssociation(w http.ResponseWriter, r *http.Request, ns string) {
	b, mount, secretName, ok := s.associationBody(w, r, false)
	if !ok {
		return
	}
	now := time.Now()
	s.locked(w, func() reply {
		d := s.destinationLocked(r, ns)
		if d == nil {
			return notFound()
		}
		acc := accessor(ns, mount)
		key := acc + "/" + secretName
		delete(d.Associations, key)
		v := d.associationsView()
		v.AssociatedSecrets[key] = associationView{Accessor: acc, SecretName: secretName, SyncStatus: StatusUnsynced, UpdatedAt: formatTime(now)}
		return okReply(v, b.warnings(), true)
	})
}

func (s *Server) listAssociations(w http.ResponseWriter, _ *http.Request, ns string) {
	s.locked(w, func() reply {
		keyInfo := map[string][]listedAssociation{}
		// Secrets are told apart by mount and name: two of them can share
		// a key of key_info, such as mount "team" with secret "kv/x" and
		// mount "team/kv" with secret "x".
		type secret struct{ mount, name string }
		distinct := map[secret]bool{}
		total := 0
		sp := s.lookupLocked(ns)
		for _, dk := range sortedKeys(sp.destinations) {
			d := sp.destinations[dk]
			for _, ak := range sortedKeys(d.Associations) {
				a := d.Associations[ak]
				k := a.Mount + "/" + a.SecretName
				keyInfo[k] = append(keyInfo[k], listedAssociation{
					Mount: a.Mount, SecretPath: a.SecretName, Accessor: a.Accessor,
					Type: d.Type, Name: d.Name, SyncStatus: a.SyncStatus, UpdatedAt: formatTime(a.UpdatedAt),
				})
				distinct[secret{a.Mount, a.SecretName}] = true
				total++
			}
		}
		return okReply(map[string]any{
			"key_info":           keyInfo,
			"keys":               orEmpty(sortedKeys(keyInfo)),
			"total_associations": total,
			"total_secrets":      len(distinct),
		}, nil, false)
	})
}

func (s *Server) readAssociationsByQuery(w http.ResponseWriter, r *http.Request, ns string) {
	q := r.URL.Query()
	mount, secretName := strings.Trim(q.Get("mount"), "/"), q.Get("secret_name")
	var err error
	switch {
	case mount == "":
		err = invalid("missing mount: required query parameter, the name of a KV mount")
	case secretName == "":
		err = invalid("missing secret_name: required query parameter, the name of a secret of the mount")
	default:
		err = s.checkMount(mount, false)
		if err == nil {
			err = checkSecretName(secretName)
		}
	}
	if err != nil {
		writeInvalid(w, err)
		return
	}
	s.associatedDestinations(w, ns, mount, secretName)
}

// readAssociationsByPath serves the path form, where the mount and the
// secret name share the path: the mount is the longest KV mount the path
// starts with, the rest is the secret name.
func (s *Server) readAssociationsByPath(w http.ResponseWriter, r *http.Request, ns string) {
	p := r.PathValue("path")
	mount := ""
	for m := range s.mounts {
		if len(m) > len(mount) && strings.HasPrefix(p, m+"/") && len(p) > len(m)+1 {
			mount = m
		}
	}
	if mount == "" {
		writeErrors(w, http.StatusBadRequest, fmt.Sprintf(
			"invalid path %q: it must start with a KV mount and go on with a secret name; mount and secret_name can also be query parameters of sys/sync/associations/destinations", p))
		return
	}
	secretName := p[len(mount)+1:]
	if err := checkSecretName(secretName); err != nil {
		writeInvalid(w, err)
		return
	}
	s.associatedDestinations(w, ns, mount, secretName)
}

func (s *Server) associatedDestinations(w http.ResponseWriter, ns, mount, secretName string) {
	key := accessor(ns, mount) + "/" + secretName
	s.locked(w, func() reply {
		out := map[string]destinationEntry{}
		for k, d := range s.lookupLocked(ns).destinations {
			if a := d.Associations[key]; a != nil {
				out[k] = destinationEntry{Type: d.Type, Name: d.Name, SyncStatus: a.SyncStatus, UpdatedAt: formatTime(a.UpdatedAt)}
			}
		}
		return okReply(map[string]any{"associated_destinations": out}, nil, true)
	})
}

// ---- code-host apps

func (s *Server) writeApp(w http.ResponseWriter, r *http.Request, ns string) {
	name := r.PathValue("name")
	if !checkName(w, name) {
		return
	}
	b, ok := readBody(w, r)
	if !ok {
		return
	}
	a, err := appRequest(name, b)
	if err != nil {
		writeInvalid(w, err)
		return
	}
	s.locked(w, func() reply {
		s.spaceLocked(ns).apps[name] = a
		return okReply(a.view(), b.warnings(), true)
	})
}

func (s *Server) readApp(w http.ResponseWriter, r *http.Request, ns string) {
	s.locked(w, func() reply {
		a := s.lookupLocked(ns).apps[r.PathValue("name")]
		if a == nil {
			return notFound()
		}
		return okReply(a.view(), nil, true)
	})
}

func (s *Server) deleteApp(w http.ResponseWriter, r *http.Request, ns string) {
	name := r.PathValue("name")
	s.locked(w, func() reply {
		sp := s.lookupLocked(ns)
		if sp.apps[name] == nil {
			return notFound()
		}
		var users []string
		for k, d := range sp.destinations {
			if d.Type == "codehost" && d.Strings["app_name"] == name {
				users = append(users, k)
			}
		}
		if users != nil {
			slices.Sort(users)
			return errorReply(http.StatusConflict, fmt.Sprintf(
				"codehost app %q is referenced by destinations %s: delete them first", name, strings.Join(users, ", ")))
		}
		delete(sp.apps, name)
		return reply{status: http.StatusNoContent}
	})
}

// ---- responses

// envelope wraps every successful answer that has a body.
type envelope struct {
	RequestID     string   `json:"request_id"`
	LeaseID       string   `json:"lease_id"`
	LeaseDuration int      `json:"lease_duration"`
	Renewable     bool     `json:"renewable"`
	Data          any      `json:"data"`
	WrapInfo      any      `json:"wrap_info"`
	Warnings      []string `json:"warnings"`
	Auth          any      `json:"auth"`
	MountType     string   `json:"mount_type,omitempty"`
}

// reply is an answer ready to send: its status and its JSON body, nil for
// none.
type reply struct {
	status int
	body   []byte
}

// locked runs f under the store's lock and sends its reply once the lock is
// released. f builds the answer from the store and encodes it, so that
// nothing of the store is read after the lock is gone, and a client that
// reads its answer slowly holds up only itself. The unlock is deferred: a
// panic in f, which net/http recovers, must not leave the store locked for
// every later request.
func (s *Server) locked(w http.ResponseWriter, f func() reply) {
	rep := func() reply {
		s.mu.Lock()
		defer s.mu.Unlock()
		return f()
	}()
	rep.send(w)
}

func (rep reply) send(w http.ResponseWriter) {
	if rep.body != nil {
		w.Header().Set("Content-Type", "application/json")
	}
	w.WriteHeader(rep.status)
	_, _ = w.Write(rep.body)
}

// okReply is 200 with data in the envelope; mountType adds mount_type
// "system" (every answer but the lists').
func okReply(data any, warnings []string, mountType bool) reply {
	e := envelope{RequestID: requestID(), Data: data, Warnings: warnings}
	if mountType {
		e.MountType = "system"
	}
	return jsonReply(http.StatusOK, e)
}

// errorReply is {"errors": [...]}; without messages, {"errors": []}.
func errorReply(status int, msgs ...string) reply {
	return jsonReply(status, struct {
		Errors []string `json:"errors"`
	}{orEmpty(msgs)})
}

func invalidReply(err error) reply { return errorReply(http.StatusBadRequest, err.Error()) }

// notFound is the 404 of an unknown object: exactly {"errors":[]}.
func notFound() reply { return errorReply(http.StatusNotFound) }

// jsonReply encodes v compactly, without a trailing newline.
func jsonReply(status int, v any) reply {
	data, err := json.Marshal(v)
	if err != nil {
		// Not reached: every answer is built of maps, slices and strings.
		return reply{status: http.StatusInternalServerError, body: fmt.Appendf(nil, `{"errors":[%q]}`, err.Error())}
	}
	return reply{status: status, body: data}
}

// requestID returns a random UUID.
func requestID() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never fails
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

// writeErrors answers {"errors": [...]}, outside the store's lock.
func writeErrors(w http.ResponseWriter, status int, msgs ...string) {
	errorReply(status, msgs...).send(w)
}

func writeInvalid(w http.ResponseWriter, err error) {
	invalidReply(err).send(w)
}

// WriteError answers, in the API's error form, an error that the emulator
// makes on the API's behalf: an injected fault.
func (s *Server) WriteError(w http.ResponseWriter, status int, msg string) {
	writeErrors(w, status, msg)
}

// readBody reads and parses a JSON object body, answering 400 (413 when too
// large) when it cannot.
func readBody(w http.ResponseWriter, r *http.Request) (*body, bool) {
	data, err := io.ReadAll(http.MaxBytesReader(w, r.Body, maxBodyBytes))
	if err != nil {
		status := http.StatusBadRequest
		if _, ok := errors.AsType[*http.MaxBytesError](err); ok {
			status = http.StatusRequestEntityTooLarge
		}
		writeErrors(w, status, fmt.Sprintf("reading request body: %v", err))
		return nil, false
	}
	b, err := parseBody(data)
	if err != nil {
		writeInvalid(w, err)
		return nil, false
	}
	return b, true
}
