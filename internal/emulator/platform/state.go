package platform

import (
	"encoding/json"
	"errors"
	"fmt"
	"maps"
	"slices"
	"strings"
)

// savedState is the JSON of the state file: every object, sorted by ID so
// that the file is stable. Secrets are kept in clear: the file is the
// emulator's own.
type savedState struct {
	Users         []*user         `json:"users"`
	Tokens        []*token        `json:"tokens"`
	Organizations []*organization `json:"organizations"`
	Projects      []*project      `json:"projects"`
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
		Users:         sortedValues(s.users),
		Tokens:        sortedValues(s.tokens),
		Organizations: sortedValues(s.organizations),
		Projects:      sortedValues(s.projects),
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
	for i, o := range saved.Organizations {
		if err := st.checkOrganization(o); err != nil {
			return fmt.Errorf("organization %d: %w", i, err)
		}
		st.organizations[o.ExternalID] = o
		st.orgNames[strings.ToLower(o.Name)] = o.ExternalID
	}
	for i, prj := range saved.Projects {
		if prj == nil || !isID(prefixProject, prj.ID) || st.organizations[prj.Org] == nil {
			return fmt.Errorf("project %d has no valid ID and organization", i)
		}
		if err := checkExecution(prj.Execution); err != nil {
			return fmt.Errorf("project %s: %w", prj.ID, err)
		}
		st.projects[prj.ID] = prj
	}
	for _, o := range st.organizations {
		if prj := st.projects[o.DefaultProject]; prj == nil || prj.Org != o.ExternalID {
			return fmt.Errorf("organization %q: default project %q is not one of its projects", o.Name, o.DefaultProject)
		}
	}
	for i, t := range saved.Tokens {
		if err := st.checkToken(t); err != nil {
			return fmt.Errorf("token %d: %w", i, err)
		}
		st.tokens[t.Secret] = t
	}
	return nil
}

func (st *store) checkOrganization(o *organization) error {
	if o == nil || !validOrgName.MatchString(o.Name) || !isID(prefixOrganization, o.ExternalID) {
		return errors.New("no valid name and external ID")
	}
	if st.orgNames[strings.ToLower(o.Name)] != "" {
		return fmt.Errorf("name %q is there twice", o.Name)
	}
	if o.Settings == nil {
		o.Settings = map[string]bool{}
	}
	for _, setting := range orgSettings {
		if _, ok := o.Settings[setting.name]; !ok {
			o.Settings[setting.name] = setting.def
		}
	}
	return checkExecution(ownExecution{Mode: o.DefaultExecutionMode, Pool: o.DefaultAgentPool, OverwriteMode: true, OverwritePool: true})
}

// checkExecution refuses an unknown mode, and a pool that is not an agent
// pool ID.
func checkExecution(e ownExecution) error {
	if e.OverwriteMode && !slices.Contains(executionModes, e.Mode) {
		return fmt.Errorf("execution mode %q: must be remote, local or agent", e.Mode)
	}
	if e.Pool != "" && !isID(prefixAgentPool, e.Pool) {
		return fmt.Errorf("agent pool %q: not an agent pool ID", e.Pool)
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
		return nil
	case kindTeam:
		if !isID(prefixTeam, t.Subject) {
			return fmt.Errorf("team %q: not a team ID", t.Subject)
		}
	case kindOrganization:
		if t.Subject != t.Organization {
			return fmt.Errorf("organization token of %q for organization %q", t.Subject, t.Organization)
		}
	default:
		return fmt.Errorf("kind %q: must be %s, %s or %s", t.Kind, kindUser, kindTeam, kindOrganization)
	}
	if st.organizations[t.Organization] == nil {
		return fmt.Errorf("organization %q is not in the file", t.Organization)
	}
	return nil
}
