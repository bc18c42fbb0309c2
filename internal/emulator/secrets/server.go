package secrets

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"strconv"
	"strings"
	"sync"
	"time"
)

// DefaultPurgeDelay is how long a purge takes when Options.PurgeDelay is
// zero.
const DefaultPurgeDelay = 2 * time.Second

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

// space is one namespace's data; "" is the root namespace.
type space struct {
	destinations map[string]*destination // by "<type>/<name>"
	apps         map[string]*app
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

func normalizeNamespace(ns string) string {
	return strings.Trim(strings.TrimSpace(ns), "/")
}

func (s *Server) purgeDelay() time.Duration {
	switch {
	case s.opts.PurgeDelay == 0:
		return DefaultPurgeDelay
	case s.opts.PurgeDelay < 0:
		return 0
	}
	return s.opts.PurgeDelay
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
	return &space{destinations: map[string]*destination{}, apps: map[string]*app{}}
}

// spaceLocked returns a namespace's data, creating it.
func (s *Server) spaceLocked(ns string) *space {
	sp := s.spaces[ns]
	if sp == nil {
		sp = &space{destinations: map[string]*destination{}, apps: map[string]*app{}}
		s.spaces[ns] = sp
	}
	return sp
}

// pendingLocked counts the queued operations, across namespaces.
func (s *Server) pendingLocked() int64 {
	var n int64
	for _, sp := range s.spaces {
		for _, d := range sp.destinations {
			for _, a := range d.Associations {
				if a.SyncStatus == StatusPending {
					n++
				}
			}
		}
	}
	return n
}

// flushLocked completes the queued operations: every PENDING association
// becomes SYNCED.
func (s *Server) flushLocked(now time.Time) {
	for _, sp := range s.spaces {
		for _, d := range sp.destinations {
			for _, a := range d.Associations {
				if a.SyncStatus == StatusPending {
					a.SyncStatus, a.UpdatedAt = StatusSynced, now
				}
			}
		}
	}
}

// startPurgeLocked schedules the end of a destination's purge.
func (s *Server) startPurgeLocked(ns string, d *destination, now time.Time) {
	d.PurgeInitiatedAt = &now
	s.schedulePurgeLocked(ns, d.key())
}

func (s *Server) schedulePurgeLocked(ns, key string) {
	gen := s.gen
	time.AfterFunc(s.purgeDelay(), func() { s.finishPurge(gen, ns, key) })
}

// SetOnChange makes the Server call f, without its lock held, after each
// change of its data that no request makes: a purge that completes. Call it
// before serving.
func (s *Server) SetOnChange(f func()) {
	s.onChange = f
}

// finishPurge removes a purged destination and its associations, unless the
// store was reset or reloaded meanwhile.
func (s *Server) finishPurge(gen uint64, ns, key string) {
	purged := false
	// Deferred before the unlock, so that it runs after it.
	defer func() {
		if purged && s.onChange != nil {
			s.onChange()
		}
	}()
	s.mu.Lock()
	defer s.mu.Unlock()
	sp := s.spaces[ns]
	if s.gen != gen || sp == nil {
		return
	}
	if d := sp.destinations[key]; d != nil && d.PurgeInitiatedAt != nil {
		delete(sp.destinations, key)
		purged = true
	}
}

// savedState is the JSON of the state file.
type savedState struct {
	Config     syncConfig             `json:"config"`
	Namespaces map[string]*savedSpace `json:"namespaces"`
}

type savedSpace struct {
	Destinations []*destination `json:"destinations"`
	Apps         []*app         `json:"apps"`
}

// MarshalState returns the store as JSON, for the emulator's state file.
// Secrets are kept in clear: the file is the emulator's own.
func (s *Server) MarshalState() ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := savedState{Config: s.config, Namespaces: map[string]*savedSpace{}}
	for ns, sp := range s.spaces {
		if len(sp.destinations) == 0 && len(sp.apps) == 0 {
			continue
		}
		saved := &savedSpace{Destinations: []*destination{}, Apps: []*app{}}
		for _, k := range sortedKeys(sp.destinations) {
			saved.Destinations = append(saved.Destinations, sp.destinations[k])
		}
		for _, k := range sortedKeys(sp.apps) {
			saved.Apps = append(saved.Apps, sp.apps[k])
		}
		st.Namespaces[ns] = saved
	}
	return json.MarshalIndent(st, "", "  ")
}

// UnmarshalState replaces the store with one that MarshalState wrote. Purges
// that were under way start again, taking the whole purge delay.
func (s *Server) UnmarshalState(data []byte) error {
	var st savedState
	if err := json.Unmarshal(data, &st); err != nil {
		return fmt.Errorf("secrets state: %w", err)
	}
	if st.Config.QueueCapacity <= 0 {
		st.Config.QueueCapacity = defaultConfig().QueueCapacity
	}
	for ns, sp := range st.Namespaces {
		if err := s.checkSavedSpace(ns, sp, st.Config.Disabled); err != nil {
			return fmt.Errorf("secrets state: namespace %q: %w", ns, err)
		}
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	s.clear()
	s.config = st.Config
	for ns, saved := range st.Namespaces {
		sp := s.spaceLocked(ns)
		for _, d := range saved.Destinations {
			if d.Associations == nil {
				d.Associations = map[string]*association{}
			}
			sp.destinations[d.key()] = d
			if d.PurgeInitiatedAt != nil {
				s.schedulePurgeLocked(ns, d.key())
			}
		}
		for _, a := range saved.Apps {
			sp.apps[a.Name] = a
		}
	}
	return nil
}

// checkSavedSpace refuses what no request could have stored, so that a
// hand-edited or foreign state file fails to load rather than fail, or
// panic, in some later request. syncDisabled is the saved config's.
func (s *Server) checkSavedSpace(ns string, sp *savedSpace, syncDisabled bool) error {
	if sp == nil {
		return errors.New("null")
	}
	if ns != normalizeNamespace(ns) {
		return fmt.Errorf("not a namespace name as requests give it: want %q", normalizeNamespace(ns))
	}
	seen := map[string]bool{}
	for i, d := range sp.Destinations {
		if d == nil || destTypes[d.Type] == nil || !validName.MatchString(d.Name) {
			return fmt.Errorf("destination %d has no valid type and name", i)
		}
		if seen[d.key()] {
			return fmt.Errorf("destination %q is there twice", d.key())
		}
		seen[d.key()] = true
		if g := d.Options.Granularity; g != granularityPath && g != granularityKey {
			return fmt.Errorf("destination %q: granularity %q: must be %s or %s", d.key(), g, granularityPath, granularityKey)
		}
		for k, a := range d.Associations {
			if err := s.checkSavedAssociation(ns, k, a, syncDisabled); err != nil {
				return fmt.Errorf("destination %q: association %q: %w", d.key(), k, err)
			}
		}
	}
	clear(seen)
	for i, a := range sp.Apps {
		if a == nil || !validName.MatchString(a.Name) {
			return fmt.Errorf("app %d has no valid name", i)
		}
		if seen[a.Name] {
			return fmt.Errorf("app %q is there twice", a.Name)
		}
		seen[a.Name] = true
	}
	for _, d := range sp.Destinations {
		if d.Type != "codehost" {
			continue
		}
		if err := checkCodehost(d); err != nil {
			return fmt.Errorf("destination %q: %w", d.key(), err)
		}
		if app := d.Strings["app_name"]; app != "" && !seen[app] {
			return fmt.Errorf("destination %q: app_name %q: no codehost app of that name in the namespace", d.key(), app)
		}
	}
	return nil
}

// checkSavedAssociation checks an association as set association would
// have stored it under key in namespace ns.
func (s *Server) checkSavedAssociation(ns, key string, a *association, syncDisabled bool) error {
	if a == nil {
		return errors.New("null")
	}
	if err := s.checkMount(a.Mount, true); err != nil {
		return err
	}
	if err := checkSecretName(a.SecretName); err != nil {
		return err
	}
	if want := accessor(ns, a.Mount); a.Accessor != want {
		return fmt.Errorf("accessor %q, but mount %q has accessor %q in this namespace", a.Accessor, a.Mount, want)
	}
	if want := a.Accessor + "/" + a.SecretName; key != want {
		return fmt.Errorf("keyed %q, want %q (<accessor>/<secret_name>)", key, want)
	}
	if a.SyncStatus != StatusSynced && a.SyncStatus != StatusPending {
		// UNSYNCED is only ever an answer: a removed association is gone.
		return fmt.Errorf("sync_status %q: must be %s or %s", a.SyncStatus, StatusSynced, StatusPending)
	}
	if a.SyncStatus == StatusPending && !syncDisabled {
		// Enabling sync runs the queue, so nothing would ever run this one.
		return fmt.Errorf("sync_status %s while sync is enabled: only a disabled sync queues", StatusPending)
	}
	return nil
}
