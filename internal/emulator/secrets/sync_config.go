package secrets

import (
	"fmt"
	"net/http"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// syncConfig is the global sync configuration.
type syncConfig struct {
	Disabled      bool  `json:"disabled"`
	QueueCapacity int64 `json:"queue_capacity"`
}

// adminNamespace is the administrative namespace, where sys/sync/config
// answers besides the root namespace.
const adminNamespace = "admin"

func defaultConfig() syncConfig {
	return syncConfig{QueueCapacity: 1_000_000}
}

func (s *Server) registerSyncConfig(mux route.Mux) {
	s.handle(mux, "GET "+pathConfig, s.readConfig)
	s.handle(mux, "PATCH "+pathConfig, s.patchConfig)
	s.handle(mux, "DELETE "+pathConfig, s.deleteConfig)
}

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

// deleteConfig resets the configuration to its defaults, as real servers
// do. Sync is then enabled, so the queue runs as when a PATCH enables it.
func (s *Server) deleteConfig(w http.ResponseWriter, _ *http.Request, ns string) {
	if !s.checkConfigNamespace(w, ns) {
		return
	}
	s.locked(w, func() reply {
		if s.config.Disabled {
			s.flushLocked(time.Now())
		}
		s.config = defaultConfig()
		return reply{status: http.StatusNoContent}
	})
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
