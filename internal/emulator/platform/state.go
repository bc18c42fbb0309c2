package platform

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
)

// savedState is the JSON of the state file: every object, sorted by ID so
// that the file is stable. Secrets are kept in clear: the file is the
// emulator's own.
type savedState struct {
	Users  []*user  `json:"users"`
	Tokens []*token `json:"tokens"`
}

// sortedValues returns a map's values in the order of their keys.
func sortedValues[V any](m map[string]V) []V {
	out := make([]V, 0, len(m))
	for _, k := range slices.Sorted(maps.Keys(m)) {
		out = append(out, m[k])
	}
	return out
}

// MarshalState returns the store as JSON, for the emulator's state file.
func (s *Server) MarshalState() ([]byte, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := savedState{
		Users:  sortedValues(s.users),
		Tokens: sortedValues(s.tokens),
	}
	return json.MarshalIndent(st, "", "  ")
}

// UnmarshalState replaces the store with one that MarshalState wrote. It
// refuses what no request could have stored, so that a hand-edited or
// foreign file fails to load rather than fail, or panic, in a later
// request.
func (s *Server) UnmarshalState(data []byte) error {
	var saved savedState
	if err := json.Unmarshal(data, &saved); err != nil {
		return fmt.Errorf("platform state: %w", err)
	}
	var st store
	st.clear()
	if err := st.load(&saved); err != nil {
		return fmt.Errorf("platform state: %w", err)
	}
	s.mu.Lock()
	s.store = st
	s.mu.Unlock()
	return nil
}

// load fills an empty store with saved's objects, checking each.
func (st *store) load(saved *savedState) error {
	for i, u := range saved.Users {
		if u == nil || !isID(prefixUser, u.ID) || !validUsername.MatchString(u.Username) {
			return fmt.Errorf("user %d has no valid ID and username", i)
		}
		st.users[u.ID] = u
	}
	for i, t := range saved.Tokens {
		if err := st.checkToken(t); err != nil {
			return fmt.Errorf("token %d: %w", i, err)
		}
		st.tokens[t.Secret] = t
	}
	return nil
}

func (st *store) checkToken(t *token) error {
	if t == nil || !isID(prefixToken, t.ID) || t.Secret == "" {
		return errors.New("no valid ID and secret")
	}
	switch t.Kind {
	case kindUser:
		if st.users[t.Subject] == nil {
			return fmt.Errorf("user %q is not in the file", t.Subject)
		}
	default:
		return fmt.Errorf("kind %q: must be %s", t.Kind, kindUser)
	}
	return nil
}
