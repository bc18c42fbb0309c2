package platform

import (
	"cmp"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Workspaces
//
//   - A name is 1 to 90 letters, numbers, - and _, unique within the
//     organization in any case (409 pointing at /data/attributes/name).
//     Reads, updates, deletes and safe deletes take the workspace by ID
//     (/workspaces/:id) or by organization and name
//     (/organizations/:org/workspaces/:name, the name matched exactly).
//   - Create defaults: allow-destroy-plan true, assessments-enabled false,
//     auto-apply false, auto-apply-run-trigger false, auto-destroy-at
//     null, auto-destroy-activity-duration null,
//     inherits-project-auto-destroy true, description null,
//     file-triggers-enabled true, global-remote-state false,
//     project-remote-state false, queue-all-runs false, source-name and
//     source-url null, speculative-enabled true,
//     structured-run-output-enabled true, terraform-version
//     DefaultTerraformVersion (the latest version, as the API resolves an
//     omitted one), trigger-prefixes and trigger-patterns [],
//     working-directory "", vcs-repo null, hyok-enabled false, and the
//     project's execution settings (setting-overwrites both false).
//   - A workspace created without the project relationship (or with its
//     data null) lands in its organization's default project; the
//     relationship on an update moves it (null leaves it). A project of
//     another organization, or an unknown ID, is 422 at
//     /data/relationships/project/data.
//   - Rules: auto-destroy-at is an ISO 8601 time (answered in UTC; null
//     unsets); auto-destroy-activity-duration is 1 to 4 digits and d or h
//     (null unsets); the two are kept as given, neither computed from the
//     other. A workspace that has no duration of its own and
//     inherits-project-auto-destroy (the default) answers its project's
//     auto-destroy-activity-duration, which a change of the project's
//     reaches; its own, or inherits-project-auto-destroy false, shows its
//     own. terraform-version is an exact version (1.9.5, 1.10.0-beta1),
//     "latest", or comma-separated constraints (~> 1.9, >= 1.0, < 2.0),
//     answered as given. trigger-patterns and trigger-prefixes replace
//     each other: a request that sets one non-empty clears the other, and
//     only one that gives both non-empty is refused (422 at
//     /data/attributes/trigger-patterns). hyok-enabled, once true, cannot be turned off (422).
//   - Execution: execution-mode and agent-pool-id (or the agent-pool
//     relationship) follow the organization's rule; setting either makes
//     both the workspace's own (setting-overwrites both true), and
//     setting-overwrites {"execution-mode": false, "agent-pool": false} goes
//     back to inheriting from the project, which inherits from the
//     organization, so a change of their defaults reaches the workspaces
//     that inherit. The deprecated operations is answered true but in local
//     mode; written, false means local, true remote (agent stays agent); it
//     cannot be given with execution-mode (422). The agent-pool
//     relationship carries the pool in effect, null but in agent mode; a
//     pool the request names must be one of the organization's, and one
//     that allows the workspace (422 at the pool's pointer otherwise): an
//     organization-scoped pool that does not exclude it, or a pool that
//     allows it or its project (agent_pool.go). A pool the workspace
//     inherits from its project or organization is not checked so.
//   - vcs-repo: identifier (owner/name, required), branch, ingress-submodules,
//     tags-regex (a valid regular expression), and exactly one of
//     oauth-token-id and codehost-app-installation-id (an OAuth token of
//     the organization, see oauth_token.go: otherwise 422 at
//     /data/attributes/vcs-repo/oauth-token-id; a code-host app
//     installation ID is taken as given, registered or not, since the
//     real server's check is undocumented). On an
//     update its members merge into the current connection (one of the
//     two IDs replaces the other); null removes it. tags-regex cannot be
//     set with trigger-patterns or trigger-prefixes, nor given with
//     file-triggers-enabled true. Answers add display-identifier (the
//     identifier), repository-http-url and service-provider (through an
//     OAuth token, its client's http-url and service-provider; "github"
//     and "github_app" through an installation) and webhook-url null (the
//     emulator receives no webhooks), and vcs-repo-identifier.
//   - Answers have every attribute and relationship on every endpoint
//     (create, read, update, list): resource-count (0 until set with
//     SetResourceCount, or by a state: see state_version.go), apply-duration-average and plan-duration-average
//     (milliseconds), policy-check-failures, run-failures and
//     workspace-kpis-runs-count (null until set with SetPerformance; the
//     changelog's "workspaces-kpis-run-count" is this attribute, named as
//     clients read it),
//     tag-names (sorted), locked, environment "default", source
//     "tfe-api", permissions (can-force-delete: see below), and the
//     relationships organization, project, agent-pool, current-run,
//     latest-run, current-configuration-version and readme (null),
//     current-state-version and outputs (its current state and that
//     state's outputs, see state_version.go; null and [] without), ssh-key
//     (the key assigned, see ssh_key.go; null without), tags, locked-by (the user or
//     team holding the lock, null when unlocked), vars (the workspace's own
//     variables, by key and category, with its link), and links to
//     remote-state-consumers, tag-bindings and effective-tag-bindings.
//     links are self (/api/v2/organizations/:org/workspaces/:name) and
//     self-html.
//   - include= knows the API's whole list for workspaces; organization,
//     project, effective-tag-bindings, vars, current-state-version and
//     outputs are included, the others (current_run, readme, locked_by,
//     ...) add nothing, as the emulator holds no runs or configurations.
//   - GET /organizations/:org/workspaces: search[name] is a case-insensitive
//     substring; search[wildcard-name] takes * at the start, the end or
//     both; search[tags] (comma-separated) keeps the workspaces with all
//     those flat tags, search[exclude-tags] (or search[exclude_tags], as
//     the changelog spells it) drops those with any;
//     filter[project][id] one project; filter[tagged][i][key] and
//     [value] keep the workspaces whose effective tag bindings have each
//     key (with that value, when one is given: an empty value, which
//     clients send for a key alone, is any value); filter[current-run][status]
//     matches none, as no workspace has runs. sort is name (the default) or
//     current-run.created-at, which is by name too, "-" reversing.
//   - What a team's token may do with a workspace is what its team's access
//     allows (the owners team's, every workspace; user and organization
//     tokens are not limited so): see it, by organization access
//     read-workspaces or manage-workspaces (or a flag that brings them),
//     or by any access to the workspace (team-workspaces) or to its
//     project (team-projects); change it (PATCH), by manage-workspaces,
//     admin access to it, or maintain or admin access to its project;
//     delete it (either way), by those, or a project access whose
//     workspace-access.delete is true; lock and unlock it, by
//     manage-workspaces or the workspace-locking permission of either
//     access; create one in a project, by manage-workspaces or the
//     workspace-access.create permission of an access to that project.
//     What it may not see, or not do, is 404, as the platform answers
//     whoever may not; lists leave out what it may not see.
//   - Locking: POST /workspaces/:id/actions/lock locks the workspace for
//     the user or the team whose token asks, and answers the workspace
//     (200, locked true, locked-by naming the holder); a locked one is 409
//     "... is already locked by ...". An organization token locks nothing
//     (403 "forbidden"): a lock is held by a user, a team or a run, the
//     kinds locked-by names. The body (a reason) is not kept. .../unlock
//     unlocks a lock its principal holds (another user's or team's is 409
//     "Unable to unlock workspace ...: it is locked by User "name"" or
//     "Team "name"", the words clients match; so is one whose pending
//     state version waits for its state); .../force-unlock unlocks
//     whoever holds it, for anyone who sees the workspace. Both are 409
//     "... is already unlocked" for a workspace that is not locked. A lock
//     changes nothing else: a locked workspace is updated and
//     force-deleted as any other.
//   - GET /workspaces/:id/all-vars lists, by pages and by key and category,
//     the variables a run of the workspace gets: for each key and category
//     one variable, from the first of, in order: priority variable sets
//     that are global, assigned to its project, assigned to it; its own
//     variables; the other sets assigned to it, to its project, global.
//     Between two sets of one rank, the set whose name comes first (by
//     byte order) wins. It has no includes.
//   - Deletion: POST .../actions/safe-delete deletes a workspace that is
//     not locked and manages no resources (204); a locked one is 409
//     "Workspace is currently locked. Workspace must be unlocked before it
//     can be safely deleted ...", and one whose resource-count is
//     above 0 409 "conflict" ("... has N resources under management
//     and cannot be safely deleted ..."), whoever asks: the organization's
//     allow-force-delete-workspaces does not soften safe delete, it says
//     who may force-delete. DELETE force-deletes (204): a workspace with
//     resources under management only by the organization's owners, or by
//     anyone when the organization allows force delete; others get 403
//     "forbidden". Anyone who sees a workspace without resources may
//     delete it either way. permissions.can-force-delete says which applies
//     to the token. A deleted workspace leaves every remote state
//     consumers list.

// prefixWorkspace begins the IDs of this file's objects.
const prefixWorkspace = "ws"

// workspace is a workspace of an organization, in one of its projects.
type workspace struct {
	ID        string    `json:"id"`
	Org       string    `json:"organization"` // the organization's external ID
	Project   string    `json:"project"`
	Name      string    `json:"name"`
	CreatedAt time.Time `json:"created-at"`
	UpdatedAt time.Time `json:"updated-at"`
	// Settings are the boolean attributes of workspaceSettings, by API
	// name.
	Settings                    map[string]bool `json:"settings"`
	Description                 string          `json:"description,omitempty"`
	AutoDestroyAt               *time.Time      `json:"auto-destroy-at,omitempty"`
	AutoDestroyActivityDuration string          `json:"auto-destroy-activity-duration,omitempty"`
	Execution                   ownExecution    `json:"execution"`
	SourceName                  string          `json:"source-name,omitempty"`
	SourceURL                   string          `json:"source-url,omitempty"`
	TerraformVersion            string          `json:"terraform-version"`
	TriggerPrefixes             []string        `json:"trigger-prefixes,omitempty"`
	TriggerPatterns             []string        `json:"trigger-patterns,omitempty"`
	WorkingDirectory            string          `json:"working-directory,omitempty"`
	VCSRepo                     *vcsRepo        `json:"vcs-repo,omitempty"`
	TagBindings                 []*tagBinding   `json:"tag-bindings"`
	Tags                        []string        `json:"tags"` // tag IDs
	RemoteStateConsumers        []string        `json:"remote-state-consumers"`
	ResourceCount               int             `json:"resource-count"`
	Performance                 *Performance    `json:"performance,omitempty"`
	// LockedBy is who holds the workspace's lock, nil when unlocked.
	LockedBy *lockHolder `json:"locked-by,omitempty"`
	// SSHKey is the ID of the SSH key the workspace uses, "" for none.
	SSHKey string `json:"ssh-key,omitempty"`
}

// lockHolder is the user or the team whose token locked a workspace.
type lockHolder struct {
	Kind string `json:"kind"` // kindUser or kindTeam
	ID   string `json:"id"`
}

// workspaceSettings are the workspace's boolean attributes and their
// create defaults.
var workspaceSettings = []struct {
	name string
	def  bool
}{
	{"allow-destroy-plan", true},
	{"assessments-enabled", false},
	{"auto-apply", false},
	{"auto-apply-run-trigger", false},
	{"file-triggers-enabled", true},
	{"global-remote-state", false},
	{"project-remote-state", false},
	{"queue-all-runs", false},
	{"speculative-enabled", true},
	{"structured-run-output-enabled", true},
	{"inherits-project-auto-destroy", true},
	{"hyok-enabled", false},
}

// vcsRepo is a workspace's connection to a repository of a code host,
// through an OAuth token or a code-host app installation.
type vcsRepo struct {
	Identifier                string `json:"identifier"`
	Branch                    string `json:"branch,omitempty"`
	IngressSubmodules         bool   `json:"ingress-submodules"`
	OAuthTokenID              string `json:"oauth-token-id,omitempty"`
	CodehostAppInstallationID string `json:"codehost-app-installation-id,omitempty"`
	TagsRegex                 string `json:"tags-regex,omitempty"`
}

// Performance is what a workspace's runs would have measured; the
// emulator runs nothing, so tests set it with SetPerformance.
type Performance struct {
	ApplyDurationAverage time.Duration `json:"apply-duration-average"`
	PlanDurationAverage  time.Duration `json:"plan-duration-average"`
	PolicyCheckFailures  int           `json:"policy-check-failures"`
	RunFailures          int           `json:"run-failures"`
	RunsCount            int           `json:"workspace-kpis-runs-count"`
}

// DefaultTerraformVersion is a new workspace's terraform-version when its
// create gives none: the latest version, as the API resolves it.
const DefaultTerraformVersion = "1.12.2"

const maxWorkspaceName = 90

var (
	validWorkspaceName = regexp.MustCompile(`^[A-Za-z0-9_-]+$`)
	// validTerraformVersion is an exact version, "latest", or a
	// comma-separated list of constraints such as "~> 1.5" or ">= 1.0, < 2".
	validTerraformVersion = regexp.MustCompile(`^(latest|\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?|\s*(~>|>=|<=|>|<|=|!=)?\s*\d+(\.\d+){0,2}(-[0-9A-Za-z.-]+)?\s*(,\s*(~>|>=|<=|>|<|=|!=)?\s*\d+(\.\d+){0,2}(-[0-9A-Za-z.-]+)?\s*)*)$`)
	validRepoIdentifier   = regexp.MustCompile(`^\S+/\S+$`)
)

func (s *Server) registerWorkspaces(mux route.Mux) {
	byName := apiPrefix + "/organizations/{org}/workspaces/{name}"
	byID := apiPrefix + "/workspaces/{id}"
	s.handle(mux, "GET "+apiPrefix+"/organizations/{org}/workspaces", s.listWorkspaces)
	s.handle(mux, "POST "+apiPrefix+"/organizations/{org}/workspaces", s.createWorkspace)
	for _, path := range []string{byName, byID} {
		s.handle(mux, "GET "+path, s.readWorkspace)
		s.handle(mux, "PATCH "+path, s.updateWorkspace)
		s.handle(mux, "DELETE "+path, s.forceDeleteWorkspace)
		s.handle(mux, "POST "+path+"/actions/safe-delete", s.safeDeleteWorkspace)
	}
	s.handle(mux, "POST "+byID+"/actions/lock", s.lockWorkspace)
	s.handle(mux, "POST "+byID+"/actions/unlock", s.unlockWorkspace(false))
	s.handle(mux, "POST "+byID+"/actions/force-unlock", s.unlockWorkspace(true))
	s.handle(mux, "GET "+byID+"/all-vars", s.listAllWorkspaceVariables)
	s.registerTagBindings(mux, "workspaces", func(p principal, id string) (tagBindingOwner, reply, bool) {
		ws, rep, found := s.visibleWorkspaceLocked(p, id)
		if !found {
			return tagBindingOwner{}, rep, false
		}
		return tagBindingOwner{
			bindings:  &ws.TagBindings,
			effective: func() []effectiveBinding { return effectiveBindings(ws.TagBindings, projects.in(s)[ws.Project]) },
			changed:   func() { ws.UpdatedAt = s.now().UTC() },
		}, reply{}, true
	})
	s.registerTags(mux)
	s.registerRemoteStateConsumers(mux)
}

// visibleWorkspaceLocked returns the workspace id when p may see it, or
// the 404 that answers both a missing and a hidden one.
func (s *Server) visibleWorkspaceLocked(p principal, id string) (*workspace, reply, bool) {
	return workspaces.find(s, p, id, func(ws *workspace) bool { return s.mayOnWorkspaceLocked(p, ws, wsRead) })
}

// workspaceOfRequestLocked returns the workspace a path names, by ID or by
// organization and name, when p may do act with it.
func (s *Server) workspaceOfRequestLocked(p principal, r *http.Request, act workspaceAct) (*workspace, reply, bool) {
	var ws *workspace
	what := "workspace " + quote(r.PathValue("id"))
	if id := r.PathValue("id"); id != "" {
		ws = workspaces.in(s)[id]
		if ws != nil && !p.sees(organizations.in(s)[ws.Org]) {
			ws = nil
		}
	} else {
		o, rep, found := s.visibleOrgLocked(p, r.PathValue("org"))
		if !found {
			return nil, rep, false
		}
		name := r.PathValue("name")
		what = "workspace " + quote(name) + " of organization " + quote(o.Name)
		for _, w := range workspaces.in(s) {
			if w.Org == o.ExternalID && w.Name == name {
				ws = w
			}
		}
	}
	if ws == nil || !s.mayOnWorkspaceLocked(p, ws, act) {
		return nil, notFound(what), false
	}
	return ws, reply{}, true
}

// workspaceAct is what a token does with a workspace, which a team's
// access allows or not (see mayOnWorkspaceLocked).
type workspaceAct int

const (
	wsRead workspaceAct = iota
	wsUpdate
	wsDelete
	wsLock
)

// mayOnWorkspaceLocked reports whether p may do act with ws, which it
// sees the organization of: a team token as its team's access allows,
// any other token all.
func (s *Server) mayOnWorkspaceLocked(p principal, ws *workspace, act workspaceAct) bool {
	t := s.teamOfLocked(p)
	if t == nil || p.ownersTeam || t.Access["manage-workspaces"] {
		return true
	}
	if act == wsRead && t.Access["read-workspaces"] {
		return true
	}
	for _, tw := range teamWorkspaces.in(s) {
		if tw.Team != t.ID || tw.Workspace != ws.ID {
			continue
		}
		if act == wsRead || act != wsLock && tw.Access == "admin" || act == wsLock && tw.Permissions["workspace-locking"] == "true" {
			return true
		}
	}
	for _, tp := range teamProjectAccesses.in(s) {
		if tp.Team != t.ID || tp.Project != ws.Project {
			continue
		}
		switch {
		case act == wsRead, act == wsUpdate && (tp.Access == "maintain" || tp.Access == "admin"),
			act == wsDelete && tp.Permissions["workspace-access.delete"] == "true",
			act == wsLock && tp.Permissions["workspace-access.locking"] == "true":
			return true
		}
	}
	return false
}

// mayCreateWorkspaceLocked reports whether p may create a workspace in
// project prj: a team token by manage-workspaces or an access to the
// project that may create its workspaces.
func (s *Server) mayCreateWorkspaceLocked(p principal, prj string) bool {
	t := s.teamOfLocked(p)
	if t == nil || p.ownersTeam || t.Access["manage-workspaces"] {
		return true
	}
	for _, tp := range teamProjectAccesses.in(s) {
		if tp.Team == t.ID && tp.Project == prj && tp.Permissions["workspace-access.create"] == "true" {
			return true
		}
	}
	return false
}

// workspaceNamedLocked returns org's workspace of that name, in any case.
func (s *Server) workspaceNamedLocked(org, name string) *workspace {
	for _, ws := range workspaces.in(s) {
		if ws.Org == org && strings.EqualFold(ws.Name, name) {
			return ws
		}
	}
	return nil
}

// workspaceExecutionLocked is the execution settings in effect in ws.
func (s *Server) workspaceExecutionLocked(ws *workspace) execution {
	return ws.Execution.over(s.projectExecutionLocked(projects.in(s)[ws.Project]))
}

// workspaceIncludes are the includes of the workspace endpoints: the API's
// whole list; the organization, the project and the effective tag bindings
// are included, the rest (runs, state, outputs, ...) are not held.
func (s *Server) workspaceIncludes(p principal) includes {
	inc := includes{
		"organization": func(res resource) []resource {
			return []resource{s.orgResource(organizations.in(s)[workspaces.in(s)[res.ID].Org], p)}
		},
		"project": func(res resource) []resource {
			return []resource{s.projectResource(projects.in(s)[workspaces.in(s)[res.ID].Project], p, nil)}
		},
		"effective-tag-bindings": func(res resource) []resource {
			ws := workspaces.in(s)[res.ID]
			return renderEach(effectiveBindings(ws.TagBindings, projects.in(s)[ws.Project]), effectiveBinding.resource)
		},
		"vars": s.includeVariables,
		"current-state-version": func(res resource) []resource {
			if sv := s.currentStateVersionLocked(res.ID); sv != nil {
				return []resource{s.stateVersionResource(sv, "")}
			}
			return nil
		},
		"outputs": func(res resource) []resource {
			if sv := s.currentStateVersionLocked(res.ID); sv != nil {
				return renderEach(sv.Outputs, workspaceOutputResource)
			}
			return nil
		},
	}
	for _, name := range []string{
		"agent-pool", "current-assessment-result", "current-configuration-version",
		"current-configuration-version.ingress-attributes", "current-run", "current-run.apply",
		"current-run.plan", "current-run.configuration-version",
		"current-run.configuration-version.ingress-attributes",
		"current-state-version.resources-processed", "latest-run", "latest-run.plan",
		"latest-run.configuration-version", "latest-run.configuration-version.ingress-attributes",
		"locked-by", "no-code-module-version", "no-code-module-version.no-code-module",
		"no-code-module-version.no-code-module.latest-version", "readme",
	} {
		inc[name] = nil
	}
	return inc
}

// workspaceResource renders ws for p; names are the request's includes,
// whose relationships carry their data.
func (s *Server) workspaceResource(ws *workspace, p principal, names []string) resource {
	o := organizations.in(s)[ws.Org]
	exec := s.workspaceExecutionLocked(ws)
	forceDelete := p.owns(o) || o.Settings["allow-force-delete-workspaces"]
	attrs := map[string]any{
		"name":                           ws.Name,
		"created-at":                     formatTime(ws.CreatedAt),
		"updated-at":                     formatTime(ws.UpdatedAt),
		"latest-change-at":               formatTime(ws.UpdatedAt),
		"description":                    stringOrNull(ws.Description),
		"auto-destroy-at":                timeOrNull(ws.AutoDestroyAt),
		"auto-destroy-activity-duration": stringOrNull(s.activityDurationLocked(ws)),
		"auto-destroy-status":            nil,
		"execution-mode":                 exec.mode,
		"operations":                     exec.mode != modeLocal,
		"setting-overwrites":             map[string]bool{"execution-mode": ws.Execution.OverwriteMode, "agent-pool": ws.Execution.OverwritePool},
		"source":                         "tfe-api",
		"source-name":                    stringOrNull(ws.SourceName),
		"source-url":                     stringOrNull(ws.SourceURL),
		"terraform-version":              ws.TerraformVersion,
		"trigger-prefixes":               orEmpty(ws.TriggerPrefixes),
		"trigger-patterns":               orEmpty(ws.TriggerPatterns),
		"working-directory":              ws.WorkingDirectory,
		"vcs-repo":                       ws.VCSRepo.answer(s.oauthTokenHostLocked(ws.VCSRepo)),
		"vcs-repo-identifier":            nil,
		"tag-names":                      s.tagNamesLocked(ws.Tags),
		"environment":                    "default",
		"locked":                         ws.LockedBy != nil,
		"can-queue-destroy-plan":         false,
		"actions":                        map[string]bool{"is-destroyable": true},
		"resource-count":                 ws.ResourceCount,
		"apply-duration-average":         nil,
		"plan-duration-average":          nil,
		"policy-check-failures":          nil,
		"run-failures":                   nil,
		"workspace-kpis-runs-count":      nil,
		"permissions": map[string]bool{
			"can-update": true, "can-destroy": true, "can-force-delete": forceDelete,
			"can-queue-run": true, "can-read-run": true, "can-queue-apply": true, "can-queue-destroy": true,
			"can-read-variable": true, "can-update-variable": true,
			"can-read-state-versions": true, "can-read-state-outputs": true, "can-create-state-versions": true,
			"can-lock": true, "can-unlock": true, "can-force-unlock": true, "can-read-settings": true,
			"can-manage-tags": true, "can-manage-run-tasks": true, "can-manage-assessments": true,
			"can-read-assessment-results": true,
		},
	}
	for _, st := range workspaceSettings {
		attrs[st.name] = ws.Settings[st.name]
	}
	if ws.VCSRepo != nil {
		attrs["vcs-repo-identifier"] = ws.VCSRepo.Identifier
	}
	if perf := ws.Performance; perf != nil {
		attrs["apply-duration-average"] = perf.ApplyDurationAverage.Milliseconds()
		attrs["plan-duration-average"] = perf.PlanDurationAverage.Milliseconds()
		attrs["policy-check-failures"] = perf.PolicyCheckFailures
		attrs["run-failures"] = perf.RunFailures
		attrs["workspace-kpis-runs-count"] = perf.RunsCount
	}
	self := apiPrefix + "/workspaces/" + ws.ID
	effective := related(self + "/effective-tag-bindings")
	if slices.Contains(names, "effective-tag-bindings") {
		effective = toMany(bindingRefs(effectiveBindings(ws.TagBindings, projects.in(s)[ws.Project])))
		effective["links"] = map[string]string{"related": self + "/effective-tag-bindings"}
	}
	var tags []ref
	for _, id := range ws.Tags {
		tags = append(tags, ref{Type: "tags", ID: id})
	}
	var vars []ref
	for _, v := range s.variablesOfLocked(ws.ID) {
		vars = append(vars, ref{Type: "vars", ID: v.ID})
	}
	lockedBy := toOne("users", "")
	if ws.LockedBy != nil {
		lockedBy = toOne(ws.LockedBy.Kind+"s", ws.LockedBy.ID)
	}
	current, outputs := "", []ref(nil)
	if sv := s.currentStateVersionLocked(ws.ID); sv != nil {
		current = sv.ID
		for _, o := range sv.Outputs {
			outputs = append(outputs, ref{Type: "workspace-outputs", ID: o.ID})
		}
	}
	return resource{
		Type: "workspaces", ID: ws.ID, Attributes: attrs,
		Relationships: s.withRetentionPolicy(ws.Org, ws.ID, map[string]any{
			"organization":                  toOne("organizations", o.Name),
			"project":                       toOne("projects", ws.Project),
			"agent-pool":                    toOne("agent-pools", exec.pool),
			"current-run":                   toOne("runs", ""),
			"latest-run":                    toOne("runs", ""),
			"current-state-version":         toOne("state-versions", current),
			"current-configuration-version": toOne("configuration-versions", ""),
			"ssh-key":                       toOne("ssh-keys", ws.SSHKey),
			"readme":                        toOne("workspace-readme", ""),
			"outputs":                       toMany(outputs),
			"tags":                          toMany(tags),
			"vars":                          withRelated(toMany(vars), self+"/vars"),
			"locked-by":                     lockedBy,
			"remote-state-consumers":        related(self + "/relationships/remote-state-consumers"),
			"tag-bindings":                  related(self + "/tag-bindings"),
			"effective-tag-bindings":        effective,
		}),
		Links: map[string]string{
			"self":      apiPrefix + "/organizations/" + o.Name + "/workspaces/" + ws.Name,
			"self-html": "/app/" + o.Name + "/workspaces/" + ws.Name,
		},
	}
}

func orEmpty(l []string) []string {
	if l == nil {
		return []string{}
	}
	return l
}

// answer is the vcs-repo attribute: null without a repository. It adds
// what the API derives from the connection: through an OAuth token, its
// client's code host (host, as oauthTokenHostLocked gives it); through an
// app installation, the GitHub app. webhook-url is null, as the emulator
// receives no webhooks.
func (v *vcsRepo) answer(host codeHost) any {
	if v == nil {
		return nil
	}
	provider, httpURL := host.provider, host.httpURL
	if v.CodehostAppInstallationID != "" || provider == "" {
		provider, httpURL = "github", "https://github.com"
	}
	if v.CodehostAppInstallationID != "" {
		provider = "github_app"
	}
	return map[string]any{
		"identifier":                   v.Identifier,
		"display-identifier":           v.Identifier,
		"branch":                       v.Branch,
		"ingress-submodules":           v.IngressSubmodules,
		"oauth-token-id":               stringOrNull(v.OAuthTokenID),
		"codehost-app-installation-id": stringOrNull(v.CodehostAppInstallationID),
		"tags-regex":                   stringOrNull(v.TagsRegex),
		"repository-http-url":          strings.TrimSuffix(httpURL, "/") + "/" + v.Identifier,
		"service-provider":             provider,
		"webhook-url":                  nil,
	}
}

func (s *Server) readWorkspace(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		inc := s.workspaceIncludes(p)
		names, rep, valid := inc.parse(r.URL.Query())
		if !valid {
			return rep
		}
		ws, rep, found := s.workspaceOfRequestLocked(p, r, wsRead)
		if !found {
			return rep
		}
		return inc.one(s.workspaceResource(ws, p, names), names)
	})
}

// newWorkspace is a workspace of o with every create default, in o's
// default project.
func newWorkspace(o *organization) *workspace {
	ws := &workspace{Org: o.ExternalID, Project: o.DefaultProject, TerraformVersion: DefaultTerraformVersion, Settings: map[string]bool{}}
	for _, st := range workspaceSettings {
		ws.Settings[st.name] = st.def
	}
	return ws
}

func (s *Server) createWorkspace(w http.ResponseWriter, r *http.Request, p principal) {
	s.writeInOrg(w, r, p, func(o *organization, in *input) reply {
		probs := in.probs
		f, rl := in.attrs, in.rels
		in.require("name", "name is required")
		ws := newWorkspace(o)
		apply := s.applyWorkspace(ws, f, rl)
		var tagNames []string
		if objs, given := rl.many("tags"); given {
			tagNames = s.readTagNamesLocked(o.ExternalID, objs, rl.at("tags"), probs)
		}
		if len(*probs) > 0 {
			return probs.reply()
		}
		if !s.mayCreateWorkspaceLocked(p, ws.Project) {
			return notFound("project " + quote(ws.Project) + ", in which the token may create workspaces,")
		}
		if taken := s.workspaceNamedLocked(o.ExternalID, ws.Name); taken != nil {
			return conflict(f.at("name"), "name %q has already been taken by workspace %s in organization %q", ws.Name, taken.ID, o.Name)
		}
		ws.ID = newID(prefixWorkspace)
		ws.CreatedAt = s.now().UTC()
		ws.UpdatedAt = ws.CreatedAt
		ws.Tags = s.tagIDsLocked(o.ExternalID, tagNames)
		apply.setBindings(ws)
		workspaces.in(s)[ws.ID] = ws
		return created(document{Data: s.workspaceResource(ws, p, nil)})
	})
}

// workspaceApply is what applyWorkspace leaves to do once the request is
// accepted: its tag bindings, which take IDs.
type workspaceApply struct {
	s        *Server
	given    bool
	bindings []tagBinding
}

func (wa workspaceApply) setBindings(ws *workspace) {
	if wa.given {
		ws.TagBindings = wa.s.setBindingsLocked(ws.TagBindings, wa.bindings, true)
	}
}

// applyWorkspace sets ws's attributes from a request, recording what it
// refuses in f's problems; ws is a new workspace, or a copy of the one an
// update changes.
func (s *Server) applyWorkspace(ws *workspace, f fields, rl relationships) workspaceApply {
	probs := f.probs
	if name, given := f.str("name"); given {
		if len(name) > maxWorkspaceName || !validWorkspaceName.MatchString(name) {
			probs.add(f.at("name"), "invalid name %q: must be 1 to %d letters, numbers, - or _", name, maxWorkspaceName)
		}
		ws.Name = name
	}
	wasHYOK := ws.Settings["hyok-enabled"]
	for _, st := range workspaceSettings {
		if v, given := f.boolean(st.name); given {
			ws.Settings[st.name] = v
		}
	}
	if wasHYOK && !ws.Settings["hyok-enabled"] {
		probs.add(f.at("hyok-enabled"), "hyok-enabled cannot be turned off once it is on")
	}
	for _, attr := range []struct {
		name  string
		field *string
	}{
		{"description", &ws.Description}, {"source-name", &ws.SourceName}, {"source-url", &ws.SourceURL},
		{"working-directory", &ws.WorkingDirectory},
	} {
		if v, given := f.str(attr.name); given {
			*attr.field = v
		}
	}
	if at, given := f.time("auto-destroy-at"); given {
		ws.AutoDestroyAt = at
	}
	if d, given := f.str("auto-destroy-activity-duration"); given {
		checkActivityDuration(f, d)
		ws.AutoDestroyActivityDuration = d
	}
	if v, given := f.str("terraform-version"); given {
		if !validTerraformVersion.MatchString(v) {
			probs.add(f.at("terraform-version"), "invalid terraform-version %q: must be a version such as 1.9.5, a constraint such as ~> 1.9, or latest", v)
		}
		ws.TerraformVersion = v
	}
	// Patterns and prefixes are two ways of saying which changes start a
	// run: setting one clears the other, and only a request that gives
	// both non-empty is refused.
	prefixes, prefixesGiven := f.strings("trigger-prefixes")
	patterns, patternsGiven := f.strings("trigger-patterns")
	switch {
	case len(prefixes) > 0 && len(patterns) > 0:
		probs.add(f.at("trigger-patterns"), "trigger-patterns and trigger-prefixes cannot both be given: give one of them")
	case len(prefixes) > 0:
		ws.TriggerPrefixes, ws.TriggerPatterns = prefixes, nil
	case len(patterns) > 0:
		ws.TriggerPrefixes, ws.TriggerPatterns = nil, patterns
	default:
		if prefixesGiven {
			ws.TriggerPrefixes = nil
		}
		if patternsGiven {
			ws.TriggerPatterns = nil
		}
	}
	s.applyVCSRepo(ws, f)
	// null, or an empty ID, names no project: the workspace stays where it
	// is, or lands in the default project.
	if projectID, given := rl.one("project"); given && projectID != "" {
		if prj := projects.in(s)[projectID]; prj == nil || prj.Org != ws.Org {
			probs.add(rl.at("project"), "project %q: not a project of this organization", projectID)
		} else {
			ws.Project = projectID
		}
	}
	s.applyWorkspaceExecution(ws, f, rl)
	objs, given := rl.many("tag-bindings")
	if !given {
		return workspaceApply{}
	}
	with := readTagBindings(objs, rl.at("tag-bindings"), probs)
	checkBindingCount(nil, with, true, rl.at("tag-bindings"), probs)
	return workspaceApply{s: s, given: true, bindings: with}
}

// applyWorkspaceExecution applies the execution mode, the agent pool and
// the deprecated operations (true: remote, or agent if already so; false:
// local) under the project's settings.
func (s *Server) applyWorkspaceExecution(ws *workspace, f fields, rl relationships) {
	er := readExecution(f, rl, "execution-mode", "agent-pool-id", "agent-pool")
	s.checkAgentPoolLocked(ws.Org, er, f.probs)
	if pool := agentPools.in(s)[er.pool]; er.poolGiven && pool != nil && pool.Org == ws.Org && !s.allowsWorkspaceLocked(pool, ws) {
		f.probs.add(er.poolPointer, "%s %q: the agent pool does not allow workspace %q: pool %q is not organization-scoped and allows neither the workspace nor its project, or it excludes the workspace",
			er.poolMessage, er.pool, ws.Name, pool.Name)
	}
	if operations, given := f.boolean("operations"); given {
		switch {
		case er.modeGiven:
			f.probs.add(f.at("operations"), "operations and execution-mode cannot both be given: operations is deprecated, give execution-mode alone")
		case !operations:
			er.mode, er.modeGiven = modeLocal, true
		case s.workspaceExecutionLocked(ws).mode == modeLocal:
			er.mode, er.modeGiven = modeRemote, true
		}
	}
	ws.Execution.write(s.projectExecutionLocked(projects.in(s)[ws.Project]), er, f, "execution-mode", "agent-pool")
}

// applyVCSRepo applies vcs-repo: an object sets the members it gives over
// the current connection (the OAuth token and the app installation replace
// each other), null removes the connection.
func (s *Server) applyVCSRepo(ws *workspace, f fields) {
	repo, given, null := f.object("vcs-repo")
	if !given {
		s.checkTagsRegex(ws, f, false)
		return
	}
	if null {
		ws.VCSRepo = nil
		return
	}
	v := vcsRepo{}
	if ws.VCSRepo != nil {
		v = *ws.VCSRepo
	}
	if id, ok := repo.str("identifier"); ok {
		v.Identifier = id
	}
	if branch, ok := repo.str("branch"); ok {
		v.Branch = branch
	}
	if sub, ok := repo.boolean("ingress-submodules"); ok {
		v.IngressSubmodules = sub
	}
	if regex, ok := repo.str("tags-regex"); ok {
		v.TagsRegex = regex
	}
	oauth, oauthGiven := repo.str("oauth-token-id")
	app, appGiven := repo.str("codehost-app-installation-id")
	switch {
	case oauthGiven && appGiven && oauth != "" && app != "":
		f.probs.add(repo.at("codehost-app-installation-id"), "oauth-token-id and codehost-app-installation-id cannot both be given")
	case oauthGiven && oauth != "":
		if !s.isOAuthTokenOfLocked(ws.Org, oauth) {
			f.probs.add(repo.at("oauth-token-id"), "invalid oauth-token-id %q: no OAuth token of this organization has that ID (an OAuth client's oauth-tokens)", oauth)
		}
		v.OAuthTokenID, v.CodehostAppInstallationID = oauth, ""
	case appGiven && app != "":
		v.OAuthTokenID, v.CodehostAppInstallationID = "", app
	}
	if !validRepoIdentifier.MatchString(v.Identifier) {
		f.probs.add(repo.at("identifier"), "invalid identifier %q: must be the repository's owner and name, such as org/repo", v.Identifier)
	}
	if v.OAuthTokenID == "" && v.CodehostAppInstallationID == "" {
		f.probs.add(repo.at("oauth-token-id"), "one of oauth-token-id and codehost-app-installation-id is required")
	}
	if v.TagsRegex != "" {
		if _, err := regexp.Compile(v.TagsRegex); err != nil {
			f.probs.add(repo.at("tags-regex"), "invalid tags-regex %q: %v", v.TagsRegex, err)
		}
	}
	ws.VCSRepo = &v
	s.checkTagsRegex(ws, f, true)
}

// checkTagsRegex refuses a tags-regex, which starts runs on tags, together
// with what starts them on file changes: trigger patterns or prefixes, or
// file triggers turned on in the same request.
func (s *Server) checkTagsRegex(ws *workspace, f fields, repoGiven bool) {
	if ws.VCSRepo == nil || ws.VCSRepo.TagsRegex == "" {
		return
	}
	pointer := f.at("vcs-repo") + "/tags-regex"
	if !repoGiven {
		pointer = f.at("trigger-patterns")
	}
	if len(ws.TriggerPatterns) > 0 || len(ws.TriggerPrefixes) > 0 {
		f.probs.add(pointer, "vcs-repo.tags-regex cannot be set with trigger-patterns or trigger-prefixes")
	}
	if on, given := f.boolean("file-triggers-enabled"); given && on && repoGiven {
		f.probs.add(f.at("file-triggers-enabled"), "file-triggers-enabled cannot be true with vcs-repo.tags-regex")
	}
}

func (s *Server) updateWorkspace(w http.ResponseWriter, r *http.Request, p principal) {
	s.write(w, r, func(in *input) reply {
		cur, rep, found := s.workspaceOfRequestLocked(p, r, wsUpdate)
		if !found {
			return rep
		}
		ws := *cur
		ws.Settings = maps.Clone(cur.Settings)
		f, probs := in.attrs, in.probs
		apply := s.applyWorkspace(&ws, f, in.rels)
		if len(*probs) > 0 {
			return probs.reply()
		}
		if taken := s.workspaceNamedLocked(ws.Org, ws.Name); taken != nil && taken != cur {
			return conflict(f.at("name"), "name %q has already been taken by workspace %s", ws.Name, taken.ID)
		}
		apply.setBindings(&ws)
		ws.UpdatedAt = s.now().UTC()
		*cur = ws
		return ok(document{Data: s.workspaceResource(cur, p, nil)})
	})
}

// safeDeleteWorkspace deletes a workspace that is not locked and manages
// no resources, and refuses (409) one that is or does, whoever asks and whatever the
// organization allows: that is what force delete is for.
func (s *Server) safeDeleteWorkspace(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		ws, rep, found := s.workspaceOfRequestLocked(p, r, wsDelete)
		if !found {
			return rep
		}
		if ws.LockedBy != nil {
			return conflict("", "Workspace is currently locked. Workspace must be unlocked before it can be safely deleted (workspace %s is locked by %s)", ws.ID, s.lockHolderNameLocked(ws.LockedBy))
		}
		if ws.ResourceCount > 0 {
			return conflict("", "workspace %s has %d resources under management and cannot be safely deleted: destroy them first, or force-delete the workspace (DELETE)", ws.ID, ws.ResourceCount)
		}
		workspaces.remove(s, ws)
		return noContent()
	})
}

// forceDeleteWorkspace deletes a workspace whatever it manages; one that
// manages resources only for the organization's owners, or for anyone when
// the organization allows force delete (403 otherwise).
func (s *Server) forceDeleteWorkspace(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		ws, rep, found := s.workspaceOfRequestLocked(p, r, wsDelete)
		if !found {
			return rep
		}
		o := organizations.in(s)[ws.Org]
		if ws.ResourceCount > 0 && !p.owns(o) && !o.Settings["allow-force-delete-workspaces"] {
			return errorReply(http.StatusForbidden, fmt.Sprintf("workspace %s has %d resources under management: only the organization's owners may force-delete it, as organization %q does not allow force delete (allow-force-delete-workspaces)", ws.ID, ws.ResourceCount, o.Name))
		}
		workspaces.remove(s, ws)
		return noContent()
	})
}

// taggedFilter is a filter[tagged][i] of a list: a key, and a value, ""
// (or not given) for any value: clients send the parameter empty for a
// filter by key alone.
type taggedFilter struct {
	key, value string
}

type taggedFilters []taggedFilter

// match reports whether bindings have every key of the filters, each with
// its value when one is given.
func (tfs taggedFilters) match(bindings []effectiveBinding) bool {
	for _, tf := range tfs {
		if !slices.ContainsFunc(bindings, func(eb effectiveBinding) bool {
			return eb.binding.Key == tf.key && (tf.value == "" || eb.binding.Value == tf.value)
		}) {
			return false
		}
	}
	return true
}

var taggedParam = regexp.MustCompile(`^filter\[tagged\]\[(\d+)\]\[(key|value)\]$`)

// readTaggedFilters reads the filter[tagged][i][key] and [value]
// parameters.
func readTaggedFilters(q url.Values) taggedFilters {
	byIndex := map[int]*taggedFilter{}
	for k, v := range q {
		m := taggedParam.FindStringSubmatch(k)
		if m == nil {
			continue
		}
		i, _ := strconv.Atoi(m[1])
		tf := byIndex[i]
		if tf == nil {
			tf = &taggedFilter{}
			byIndex[i] = tf
		}
		if m[2] == "key" {
			tf.key = v[0]
		} else {
			tf.value = v[0]
		}
	}
	var out taggedFilters
	for _, i := range slices.Sorted(maps.Keys(byIndex)) {
		out = append(out, *byIndex[i])
	}
	return out
}

// matchWildcard matches a name against search[wildcard-name]: * at the
// start, the end or both, in any case.
func matchWildcard(name, pattern string) bool {
	name, pattern = strings.ToLower(name), strings.ToLower(pattern)
	prefix, suffix := strings.HasSuffix(pattern, "*"), strings.HasPrefix(pattern, "*")
	core := strings.Trim(pattern, "*")
	switch {
	case prefix && suffix:
		return strings.Contains(name, core)
	case prefix:
		return strings.HasPrefix(name, core)
	case suffix:
		return strings.HasSuffix(name, core)
	}
	return name == core
}

// workspaceListing is the listing of the lists of workspaces, each
// rendered with the includes the request names.
func (s *Server) workspaceListing(p principal) listing[*workspace] {
	return listing[*workspace]{
		includes: func() includes { return s.workspaceIncludes(p) },
		render:   func(ws *workspace, names []string) resource { return s.workspaceResource(ws, p, names) },
	}
}

// listWorkspaces lists the organization's workspaces by name, for both
// sorts: no workspace has a current run.
func (s *Server) listWorkspaces(w http.ResponseWriter, r *http.Request, p principal) {
	l := s.workspaceListing(p)
	l.sorts = []string{"name", "current-run.created-at"}
	l.serveInOrg(s, w, r, p, func(o *organization, lq *listQuery) ([]*workspace, reply) {
		withTags := lowerAll(commaList(lq.Get("search[tags]")))
		withoutTags := lowerAll(commaList(cmp.Or(lq.Get("search[exclude-tags]"), lq.Get("search[exclude_tags]"))))
		tagged := readTaggedFilters(lq.Values)
		list := workspaces.where(s, func(ws *workspace) bool {
			if ws.Org != o.ExternalID || !containsFold(ws.Name, lq.Get("search[name]")) || !s.mayOnWorkspaceLocked(p, ws, wsRead) {
				return false
			}
			if pattern := lq.Get("search[wildcard-name]"); pattern != "" && !matchWildcard(ws.Name, pattern) {
				return false
			}
			if id := lq.Get("filter[project][id]"); id != "" && ws.Project != id {
				return false
			}
			// No workspace has runs: a run status matches none.
			if lq.Get("filter[current-run][status]") != "" {
				return false
			}
			if withTags != nil || withoutTags != nil {
				tagNames := s.tagNamesLocked(ws.Tags)
				for _, t := range withTags {
					if !slices.Contains(tagNames, t) {
						return false
					}
				}
				for _, t := range withoutTags {
					if slices.Contains(tagNames, t) {
						return false
					}
				}
			}
			return tagged == nil || tagged.match(effectiveBindings(ws.TagBindings, projects.in(s)[ws.Project]))
		})
		return workspaces.order(list, lq.desc, byFold(func(ws *workspace) string { return ws.Name })), reply{}
	})
}

func lowerAll(l []string) []string {
	for i := range l {
		l[i] = strings.ToLower(l[i])
	}
	return l
}

// SetResourceCount sets the number of resources workspace id manages, as
// its runs would: safe delete refuses a workspace that manages any.
func (s *Server) SetResourceCount(id string, n int) error {
	if n < 0 {
		return fmt.Errorf("resource count %d: must not be negative", n)
	}
	return s.change(func() error {
		ws := workspaces.in(s)[id]
		if ws == nil {
			return fmt.Errorf("workspace %q: no such workspace", id)
		}
		ws.ResourceCount = n
		return nil
	})
}

// SetPerformance sets what workspace id's runs would have measured; until
// then its performance attributes are null.
func (s *Server) SetPerformance(id string, perf Performance) error {
	return s.change(func() error {
		ws := workspaces.in(s)[id]
		if ws == nil {
			return fmt.Errorf("workspace %q: no such workspace", id)
		}
		ws.Performance = &perf
		return nil
	})
}

// activityDurationLocked is ws's auto-destroy-activity-duration in effect:
// its own, or, when it has none and inherits its project's auto-destroy
// settings, its project's.
func (s *Server) activityDurationLocked(ws *workspace) string {
	if ws.AutoDestroyActivityDuration == "" && ws.Settings["inherits-project-auto-destroy"] {
		if prj := projects.in(s)[ws.Project]; prj != nil {
			return prj.AutoDestroyActivityDuration
		}
	}
	return ws.AutoDestroyActivityDuration
}

// lockWorkspace locks a workspace for the user or the team whose token
// asks: 409 when it is locked already, by anyone. An organization token
// locks nothing (403): a lock is held by a user, a team or a run, the
// only kinds locked-by names. The body (a reason) is not kept.
func (s *Server) lockWorkspace(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		ws, rep, found := s.workspaceOfRequestLocked(p, r, wsLock)
		if !found {
			return rep
		}
		if p.kind != kindUser && p.kind != kindTeam {
			return errorReply(http.StatusForbidden, "an organization token cannot lock a workspace: use a user or a team token")
		}
		if ws.LockedBy != nil {
			return conflict("", "workspace %s is already locked by %s", ws.ID, s.lockHolderNameLocked(ws.LockedBy))
		}
		ws.LockedBy = &lockHolder{Kind: p.kind, ID: p.id}
		return ok(document{Data: s.workspaceResource(ws, p, nil)})
	})
}

// unlockWorkspace unlocks a workspace: unlock only for the user or the
// team that holds the lock (409 "... is locked by User ..." or "... by
// Team ..." for another), force-unlock for anyone who sees the workspace.
// Both answer 409 for a workspace that is not locked.
func (s *Server) unlockWorkspace(force bool) handler {
	return func(w http.ResponseWriter, r *http.Request, p principal) {
		s.locked(w, func() reply {
			ws, rep, found := s.workspaceOfRequestLocked(p, r, wsLock)
			if !found {
				return rep
			}
			if ws.LockedBy == nil {
				return conflict("", "workspace %s is already unlocked", ws.ID)
			}
			if !force && (ws.LockedBy.Kind != p.kind || ws.LockedBy.ID != p.id) {
				return conflict("", "Unable to unlock workspace %s: it is locked by %s; force-unlock it instead", ws.ID, s.lockHolderNameLocked(ws.LockedBy))
			}
			if !force && s.pendingStateVersionLocked(ws.ID) {
				return conflict("", "Unable to unlock workspace %s: a state version of it is pending, its state not uploaded; force-unlock it instead", ws.ID)
			}
			ws.LockedBy = nil
			return ok(document{Data: s.workspaceResource(ws, p, nil)})
		})
	}
}

// lockHolderNameLocked names who holds a lock as the API's messages do,
// which clients match: User "name" or Team "name".
func (s *Server) lockHolderNameLocked(h *lockHolder) string {
	if h.Kind == kindTeam {
		name := h.ID
		if t := teams.in(s)[h.ID]; t != nil {
			name = t.Name
		}
		return fmt.Sprintf("Team %q", name)
	}
	name := h.ID
	if u := users.in(s)[h.ID]; u != nil {
		name = u.Username
	}
	return fmt.Sprintf("User %q", name)
}

// Ranks of a variable in a workspace's run, the lower winning a key and
// category that more than one source gives: priority variable sets first
// (global, then assigned to the project, then to the workspace), the
// workspace's own variables, then the other sets (assigned to the
// workspace, to its project, global).
const (
	rankPriorityGlobal = iota
	rankPriorityProject
	rankPriorityWorkspace
	rankWorkspace
	rankSetWorkspace
	rankSetProject
	rankSetGlobal
)

// allVariablesLocked is every variable a run of ws would get: one for each
// key and category, from the source of the lowest rank; between two sets
// of one rank, the one whose name comes first (then the older ID) wins.
// The list is by key and category.
func (s *Server) allVariablesLocked(ws *workspace) []*variable {
	type candidate struct {
		v    *variable
		rank int
		set  *variableSet
	}
	best := map[[2]string]candidate{}
	offer := func(c candidate) {
		k := [2]string{c.v.Key, c.v.Category}
		cur, taken := best[k]
		if taken {
			if c.rank > cur.rank || c.rank == cur.rank && cmp.Or(strings.Compare(c.set.Name, cur.set.Name), strings.Compare(c.set.ID, cur.set.ID)) >= 0 {
				return
			}
		}
		best[k] = c
	}
	for _, v := range s.variablesOfLocked(ws.ID) {
		offer(candidate{v: v, rank: rankWorkspace})
	}
	for _, vs := range variableSets.in(s) {
		if vs.Org != ws.Org {
			continue
		}
		var rank int
		switch {
		case slices.Contains(vs.Workspaces, ws.ID):
			rank = rankSetWorkspace
		case slices.Contains(vs.Projects, ws.Project):
			rank = rankSetProject
		case vs.Global:
			rank = rankSetGlobal
		default:
			continue
		}
		if vs.Priority {
			rank = map[int]int{rankSetWorkspace: rankPriorityWorkspace, rankSetProject: rankPriorityProject, rankSetGlobal: rankPriorityGlobal}[rank]
		}
		for _, v := range s.variablesOfLocked(vs.ID) {
			offer(candidate{v: v, rank: rank, set: vs})
		}
	}
	var list []*variable
	for _, c := range best {
		list = append(list, c.v)
	}
	slices.SortFunc(list, func(a, b *variable) int {
		return cmp.Or(strings.Compare(a.Key, b.Key), strings.Compare(a.Category, b.Category), strings.Compare(a.ID, b.ID))
	})
	return list
}

// listAllWorkspaceVariables is GET /workspaces/:id/all-vars: the
// variables a run of the workspace gets, its own and its variable sets',
// by pages; it has no includes.
func (s *Server) listAllWorkspaceVariables(w http.ResponseWriter, r *http.Request, p principal) {
	listOnPath(listing[*variable]{includes: noIncludes, render: plain(s.variableResource)}, s, w, r, p, s.visibleWorkspaceLocked, func(ws *workspace, _ *listQuery) ([]*variable, reply) {
		return s.allVariablesLocked(ws), reply{}
	})
}

func (st *store) checkWorkspace(ws *workspace) error {
	if ws == nil || !isID(prefixWorkspace, ws.ID) || !validWorkspaceName.MatchString(ws.Name) {
		return errors.New("no valid ID and name")
	}
	if organizations.in(st)[ws.Org] == nil {
		return fmt.Errorf("organization %q is not in the file", ws.Org)
	}
	if prj := projects.in(st)[ws.Project]; prj == nil || prj.Org != ws.Org {
		return fmt.Errorf("project %q is not a project of its organization", ws.Project)
	}
	for _, id := range ws.Tags {
		if t := tags.in(st)[id]; t == nil || t.Org != ws.Org {
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

var workspaces = &table[workspace]{key: "workspaces", noun: "workspace", id: func(ws *workspace) string { return ws.ID }}

func init() {
	workspaces.needs = []anyTable{organizations, projects, tags, sshKeys}
	workspaces.check = (*store).checkWorkspace
	workspaces.verify = func(st *store) error {
		for _, ws := range workspaces.in(st) {
			for _, id := range ws.RemoteStateConsumers {
				if c := workspaces.in(st)[id]; c == nil || c.Org != ws.Org {
					return fmt.Errorf("workspace %s: remote state consumer %q is not a workspace of its organization", ws.ID, id)
				}
			}
			if err := st.checkWorkspaceSSHKey(ws); err != nil {
				return fmt.Errorf("workspace %s: %w", ws.ID, err)
			}
		}
		return nil
	}
	// An organization's delete deletes its workspaces; a deleted workspace
	// is no remote state consumer any more, and a deleted SSH key no
	// workspace's key.
	workspaces.belongsTo(organizations, func(ws *workspace) string { return ws.Org })
	workspaces.refersTo(workspaces, func(ws *workspace) *[]string { return &ws.RemoteStateConsumers })
	workspaces.onDelete = func(st *store, gone anyTable, id string) {
		if gone == sshKeys {
			for _, ws := range workspaces.in(st) {
				if ws.SSHKey == id {
					ws.SSHKey = ""
				}
			}
		}
	}
	workspaces.org = func(st *store, ws *workspace) *organization { return organizations.in(st)[ws.Org] }
	register(workspaces)
	addRoutes((*Server).registerWorkspaces)
}
