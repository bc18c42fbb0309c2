package secrets

import (
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// Sync statuses of an association.
const (
	StatusSynced   = "SYNCED"
	StatusUnsynced = "UNSYNCED"
	StatusPending  = "PENDING"
)

// association links one secret to one destination.
type association struct {
	Mount      string    `json:"mount"`
	Accessor   string    `json:"accessor"`
	SecretName string    `json:"secret_name"`
	SyncStatus string    `json:"sync_status"`
	UpdatedAt  time.Time `json:"updated_at"`
}

// associationView is an entry of associated_secrets.
type associationView struct {
	Accessor   string `json:"accessor"`
	SecretName string `json:"secret_name"`
	SyncStatus string `json:"sync_status"`
	UpdatedAt  string `json:"updated_at"`
}

// associationsView is the answer of read, set and remove associations.
type associationsView struct {
	AssociatedSecrets map[string]associationView `json:"associated_secrets"`
	StoreName         string                     `json:"store_name"`
	StoreType         string                     `json:"store_type"`
}

// destinationEntry is an entry of associated_destinations.
type destinationEntry struct {
	Type       string `json:"type"`
	Name       string `json:"name"`
	SyncStatus string `json:"sync_status"`
	UpdatedAt  string `json:"updated_at"`
}

// listedAssociation is one object of a key_info entry of the associations
// list: one per destination the secret is associated with.
type listedAssociation struct {
	Mount      string `json:"mount"`
	SecretPath string `json:"secret_path"`
	Accessor   string `json:"accessor"`
	Type       string `json:"type"`
	Name       string `json:"name"`
	SyncStatus string `json:"sync_status"`
	UpdatedAt  string `json:"updated_at"`
}

func (a *association) view() associationView {
	return associationView{Accessor: a.Accessor, SecretName: a.SecretName, SyncStatus: a.SyncStatus, UpdatedAt: formatTime(a.UpdatedAt)}
}

func (d *destination) associationsView() associationsView {
	v := associationsView{AssociatedSecrets: make(map[string]associationView, len(d.Associations)), StoreName: d.Name, StoreType: d.Type}
	for k, a := range d.Associations {
		v.AssociatedSecrets[k] = a.view()
	}
	return v
}

func (s *Server) registerAssociations(mux route.Mux) {
	s.handle(mux, "GET "+pathDestination+"/associations", s.readAssociations)
	s.handleWrite(mux, pathDestination+"/associations/set", s.setAssociation)
	s.handleWrite(mux, pathDestination+"/associations/remove", s.removeAssociation)
	s.handleList(mux, pathAssociations, s.listAssociations)
	s.handle(mux, "GET "+pathAssociations+"/destinations", s.readAssociationsByQuery)
	s.handle(mux, "GET "+pathAssociations+"/{path...}", s.readAssociationsByPath)
}

func (s *Server) readAssociations(w http.ResponseWriter, r *http.Request, ns string) {
	if !checkType(w, r.PathValue("type")) {
		return
	}
	s.onDestination(w, r, ns, func(d *destination) reply {
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

// associationRequest reads the body of set and remove association.
func associationRequest(b *body) (mount, secretName string, err error) {
	if mount, err = b.str("mount"); err != nil {
		return "", "", err
	}
	if secretName, err = b.str("secret_name"); err != nil {
		return "", "", err
	}
	mount = strings.Trim(mount, "/")
	if mount == "" {
		return "", "", invalid("missing mount: required, the name of a KV version 2 mount")
	}
	if secretName == "" {
		return "", "", invalid("missing secret_name: required, the name of a secret of the mount")
	}
	if err := checkSecretName(secretName); err != nil {
		return "", "", err
	}
	return mount, secretName, nil
}

// checkSecretName refuses names that no path could carry: empty segments
// and the segments "." and "..".
func checkSecretName(name string) error {
	for seg := range strings.SplitSeq(name, "/") {
		if seg == "" || seg == "." || seg == ".." {
			return invalid("invalid secret_name %q: path segments must not be empty, \".\" or \"..\"", name)
		}
	}
	return nil
}

func (s *Server) setAssociation(w http.ResponseWriter, r *http.Request, ns string) {
	b, mount, secretName, ok := s.associationBody(w, r, true)
	if !ok {
		return
	}
	now := time.Now()
	s.onDestination(w, r, ns, func(d *destination) reply {
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
	s.onDestination(w, r, ns, func(d *destination) reply {
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
