package secrets

import (
	"encoding/json"
	"errors"
	"fmt"
	"strconv"
)

// savedState is the JSON of the state file.
type savedState struct {
	Config     syncConfig             `json:"config"`
	Namespaces map[string]*savedSpace `json:"namespaces"`
}

type savedSpace struct {
	Destinations []*destination `json:"destinations"`
	Apps         []*codehostApp `json:"apps"`
}

// MarshalState returns the store as JSON, for the emulator's state file.
// Secrets are kept in clear: the file is the emulator's own.
func (s *Server) MarshalState() ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := savedState{Config: s.config, Namespaces: map[string]*savedSpace{}}
	for ns, sp := range s.spaces {
		if len(sp.destinations) == 0 && len(sp.codehostApps) == 0 {
			continue
		}
		saved := &savedSpace{Destinations: []*destination{}, Apps: []*codehostApp{}}
		for _, k := range sortedKeys(sp.destinations) {
			saved.Destinations = append(saved.Destinations, sp.destinations[k])
		}
		for _, k := range sortedKeys(sp.codehostApps) {
			saved.Apps = append(saved.Apps, sp.codehostApps[k])
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
			sp.codehostApps[a.Name] = a
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
		for _, p := range destTypes[d.Type].params {
			if v, ok := d.Strings[p.name]; ok && p.kind == kindInteger {
				if _, err := positiveInteger(p.name, json.RawMessage(strconv.Quote(v))); err != nil {
					return fmt.Errorf("destination %q: %w", d.key(), err)
				}
			}
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
