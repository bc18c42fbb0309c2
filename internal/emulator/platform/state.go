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
	Tags          []*tag          `json:"tags"`
	Workspaces    []*workspace    `json:"workspaces"`
	Teams         []*team         `json:"teams"`
	TeamProjects  []*teamProject  `json:"team-projects"`
	Varsets       []*varset       `json:"varsets"`
	Vars          []*variable     `json:"vars"`
	AgentPools    []*agentPool    `json:"agent-pools"`

	SSHKeys        []*sshKey        `json:"ssh-keys"`
	TeamWorkspaces []*teamWorkspace `json:"team-workspaces"`
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
		Tags:          sortedValues(s.tags),
		Workspaces:    sortedValues(s.workspaces),
		Teams:         sortedValues(s.teams),
		TeamProjects:  sortedValues(s.teamProjects),
		Varsets:       sortedValues(s.varsets),
		Vars:          sortedValues(s.vars),
		AgentPools:    sortedValues(s.agentPools),

		SSHKeys:        sortedValues(s.sshKeys),
		TeamWorkspaces: sortedValues(s.teamWorkspaces),
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
		if err := checkBindings(prj.TagBindings); err != nil {
			return fmt.Errorf("project %s: %w", prj.ID, err)
		}
		st.projects[prj.ID] = prj
	}
	for _, o := range st.organizations {
		if prj := st.projects[o.DefaultProject]; prj == nil || prj.Org != o.ExternalID {
			return fmt.Errorf("organization %q: default project %q is not one of its projects", o.Name, o.DefaultProject)
		}
	}
	for i, t := range saved.Tags {
		if t == nil || !isID(prefixTag, t.ID) || st.organizations[t.Org] == nil || !validTagName.MatchString(t.Name) {
			return fmt.Errorf("tag %d has no valid ID, organization and name", i)
		}
		st.tags[t.ID] = t
	}
	for i, k := range saved.SSHKeys {
		if err := st.checkSSHKey(k); err != nil {
			return fmt.Errorf("SSH key %d: %w", i, err)
		}
		st.sshKeys[k.ID] = k
	}
	for i, ws := range saved.Workspaces {
		if err := st.checkWorkspace(ws); err != nil {
			return fmt.Errorf("workspace %d: %w", i, err)
		}
		st.workspaces[ws.ID] = ws
	}
	for i, pool := range saved.AgentPools {
		if err := st.checkAgentPool(pool); err != nil {
			return fmt.Errorf("agent pool %d: %w", i, err)
		}
		st.agentPools[pool.ID] = pool
	}
	if err := st.checkAgentPoolRefs(); err != nil {
		return err
	}
	for _, ws := range st.workspaces {
		for _, id := range ws.RemoteStateConsumers {
			if c := st.workspaces[id]; c == nil || c.Org != ws.Org {
				return fmt.Errorf("workspace %s: remote state consumer %q is not a workspace of its organization", ws.ID, id)
			}
		}
	}
	for i, t := range saved.Teams {
		if err := st.checkTeam(t); err != nil {
			return fmt.Errorf("team %d: %w", i, err)
		}
		st.teams[t.ID] = t
	}
	for i, tp := range saved.TeamProjects {
		if err := st.checkTeamProject(tp); err != nil {
			return fmt.Errorf("team project access %d: %w", i, err)
		}
		st.teamProjects[tp.ID] = tp
	}
	for i, tw := range saved.TeamWorkspaces {
		if err := st.checkTeamWorkspace(tw); err != nil {
			return fmt.Errorf("team workspace access %d: %w", i, err)
		}
		st.teamWorkspaces[tw.ID] = tw
	}
	for _, ws := range st.workspaces {
		if err := st.checkWorkspaceSSHKey(ws); err != nil {
			return fmt.Errorf("workspace %s: %w", ws.ID, err)
		}
	}
	for i, vs := range saved.Varsets {
		if err := st.checkVarset(vs); err != nil {
			return fmt.Errorf("variable set %d: %w", i, err)
		}
		st.varsets[vs.ID] = vs
	}
	for i, v := range saved.Vars {
		if err := st.checkVariable(v); err != nil {
			return fmt.Errorf("variable %d: %w", i, err)
		}
		st.vars[v.ID] = v
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
	if sub := o.Subscription; sub != nil {
		if _, known := planByID(sub.FeatureSet); !known || !isID(prefixSubscription, sub.ID) {
			return fmt.Errorf("subscription %q: no valid ID and feature set", sub.ID)
		}
	}
	return checkExecution(ownExecution{Mode: o.DefaultExecutionMode, Pool: o.DefaultAgentPool, OverwriteMode: true, OverwritePool: true})
}

func (st *store) checkWorkspace(ws *workspace) error {
	if ws == nil || !isID(prefixWorkspace, ws.ID) || !validWorkspaceName.MatchString(ws.Name) {
		return errors.New("no valid ID and name")
	}
	if st.organizations[ws.Org] == nil {
		return fmt.Errorf("organization %q is not in the file", ws.Org)
	}
	if prj := st.projects[ws.Project]; prj == nil || prj.Org != ws.Org {
		return fmt.Errorf("project %q is not a project of its organization", ws.Project)
	}
	for _, id := range ws.Tags {
		if t := st.tags[id]; t == nil || t.Org != ws.Org {
			return fmt.Errorf("tag %q is not a tag of its organization", id)
		}
	}
	if err := checkBindings(ws.TagBindings); err != nil {
		return err
	}
	if ws.VCSRepo != nil && (ws.VCSRepo.OAuthTokenID == "") == (ws.VCSRepo.CodehostAppInstallationID == "") {
		return errors.New("vcs-repo: one of an OAuth token and an app installation is needed")
	}
	if ws.Settings == nil {
		ws.Settings = map[string]bool{}
	}
	for _, setting := range workspaceSettings {
		if _, ok := ws.Settings[setting.name]; !ok {
			ws.Settings[setting.name] = setting.def
		}
	}
	return checkExecution(ws.Execution)
}

// checkBindings refuses a tag binding without an ID or a key.
func checkBindings(bindings []*tagBinding) error {
	for i, b := range bindings {
		if b == nil || !isID(prefixTagBinding, b.ID) || b.Key == "" {
			return fmt.Errorf("tag binding %d has no valid ID and key", i)
		}
	}
	return nil
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
		if team := st.teams[t.Subject]; team == nil || team.Org != t.Organization {
			return fmt.Errorf("team %q is not a team of organization %q in the file", t.Subject, t.Organization)
		}
	case kindOrganization, kindAuditTrail:
		if t.Subject != t.Organization {
			return fmt.Errorf("%s token of %q for organization %q", t.Kind, t.Subject, t.Organization)
		}
	default:
		return fmt.Errorf("kind %q: must be %s, %s, %s or %s", t.Kind, kindUser, kindTeam, kindOrganization, kindAuditTrail)
	}
	if st.organizations[t.Organization] == nil {
		return fmt.Errorf("organization %q is not in the file", t.Organization)
	}
	return nil
}
