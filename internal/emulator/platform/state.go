package platform

import (
	"encoding/json"
	"fmt"
)

// The state file is a JSON object with one member per registered table,
// its objects sorted by ID so that the file is stable. Secrets are kept in
// clear: the file is the emulator's own.

// MarshalState returns the store as JSON, for the emulator's state file.
func (s *Server) MarshalState() ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	saved := map[string]any{}
	for _, t := range registry {
		saved[t.stateKey()] = t.marshal(&s.store)
	}
	return json.MarshalIndent(saved, "", "  ")
}

// UnmarshalState replaces the store with one that MarshalState wrote. It
// refuses what no request could have stored, so that a hand-edited or
// foreign file fails to load rather than fail, or panic, in a later
// request. A member that is missing is an empty table.
func (s *Server) UnmarshalState(data []byte) error {
	var saved map[string]json.RawMessage
	if err := json.Unmarshal(data, &saved); err != nil {
		return fmt.Errorf("platform state: %w", err)
	}
	var st store
	st.clear()
	if err := st.load(saved); err != nil {
		return fmt.Errorf("platform state: %w", err)
	}
	s.mu.Lock()
	s.store = st
	s.mu.Unlock()
	return nil
}

// load fills an empty store with saved's objects, each table after those
// it needs, checking each object; then checks every table's references.
func (st *store) load(saved map[string]json.RawMessage) error {
	for _, t := range loadOrder() {
		if err := t.load(st, saved[t.stateKey()]); err != nil {
			return err
		}
	}
	for _, t := range loadOrder() {
		if err := t.verifyLoaded(st); err != nil {
			return err
		}
	}
	return nil
}
