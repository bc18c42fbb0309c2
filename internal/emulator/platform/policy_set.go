package platform

import (
	"crypto/rand"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Policy sets
//
//   - POST /organizations/:org/policy-sets takes name (required: letters,
//     digits, - and _; unique in the organization in any case, else 409
//     "Name has already been taken"), description, kind (sentinel, the
//     default, or opa; set once: another value in an update is 422),
//     global, overridable, agent-enabled, policy-tool-version,
//     policies-path, policy-update-patterns, vcs-repo, the beta
//     tag-selectors and tag-selector-matching-logic (any or all), and the
//     relationships policies, workspaces, projects, workspace-exclusions
//     and project-exclusions.
//   - Answers, of type policy-sets (ID "polset-..."), carry them with
//     policy-count, workspace-count, project-count, created-at and
//     updated-at; the relationships organization, policies, workspaces,
//     projects, workspace-exclusions and project-exclusions with the IDs
//     of their members, whatever include= asks, and newest-version and
//     current-version (policy_set_version.go). include= knows policies,
//     workspaces, projects, workspace_exclusions, project_exclusions,
//     newest_version and current_version, with underscores or hyphens, on
//     reads and lists alike.
//   - The engine: an OPA set always evaluates in the agent, and answers
//     agent-enabled true whatever it is given; a Sentinel set does only
//     with agent-enabled. Where the set does not evaluate in the agent (a
//     Sentinel set without it), overridable is answered null and
//     policy-tool-version "": the incumbent client's tests give both to
//     such a set and expect no refusal, and expect both gone once its
//     agent is turned off. Elsewhere policy-tool-version is "latest" unless
//     given, and a version given must be "latest" or one of the site's
//     versions of the set's engine (engine_version.go): otherwise 422.
//   - A set holds policies of its own kind, of its organization, and none
//     when VCS-backed (422). policies-path needs vcs-repo (422);
//     policy-update-patterns does not, as the incumbent client's tests
//     create an OPA set with patterns alone. vcs-repo takes identifier
//     (owner/name), branch, ingress-submodules and exactly one of
//     oauth-token-id (an OAuth token of the organization) and
//     codehost-app-installation-id, and answers what the workspaces'
//     answers derive from it (workspace.go), with a webhook-url on the
//     address the write came to, /webhooks/vcs/<uuid>; the emulator calls
//     no code host.
//   - A global set applies to every workspace of its organization: it
//     takes no workspace (422 on a create, an attach, and an update that
//     makes a set with workspaces global); it takes exclusions and
//     projects.
//   - PATCH /policy-sets/:id takes what a create takes but kind; the
//     relationship workspaces replaces the set's workspaces, as the
//     changelog of 2023-06-09 has it.
//   - POST and DELETE /policy-sets/:id/relationships/{policies, workspaces,
//     projects, workspace-exclusions, project-exclusions} add and remove
//     members (a list of at least one; 204). POST and DELETE
//     /policy-sets/:id/tag-selectors (beta) add and remove tag selectors,
//     a data list of {tag-key, tag-value, is-exclude}.
//   - GET /organizations/:org/policy-sets lists oldest first, paged, with
//     search[name] (a part of the name, in any case), filter[kind] and
//     filter[versioned] (true: VCS-backed or with versions). GET and DELETE
//     /policy-sets/:id (204; the set's versions and parameters go with
//     it). Whoever sees the organization reads its sets; its owners and
//     the teams with manage-policies write them.
//   - A deleted policy, workspace or project leaves the sets it is in; an
//     organization's delete takes its sets.

// prefixPolicySet begins the IDs of this file's objects.
const prefixPolicySet = "polset"

// latestToolVersion is the policy-tool-version that follows the engine's
// newest version.
const latestToolVersion = "latest"

// policySet is a set of policies and what it applies to.
type policySet struct {
	ID                  string        `json:"id"`
	Org                 string        `json:"organization"` // the organization's external ID
	Name                string        `json:"name"`
	Description         string        `json:"description,omitempty"`
	Kind                string        `json:"kind"`
	Global              bool          `json:"global,omitempty"`
	Overridable         bool          `json:"overridable,omitempty"`
	AgentEnabled        bool          `json:"agent-enabled,omitempty"`
	ToolVersion         string        `json:"policy-tool-version,omitempty"`
	PoliciesPath        string        `json:"policies-path,omitempty"`
	UpdatePatterns      []string      `json:"policy-update-patterns,omitempty"`
	VCSRepo             *vcsRepo      `json:"vcs-repo,omitempty"`
	WebhookURL          string        `json:"webhook-url,omitempty"`
	Policies            []string      `json:"policies"`
	Workspaces          []string      `json:"workspaces"`
	Projects            []string      `json:"projects"`
	WorkspaceExclusions []string      `json:"workspace-exclusions"`
	ProjectExclusions   []string      `json:"project-exclusions"`
	TagSelectors        []tagSelector `json:"tag-selectors,omitempty"`
	TagMatching         string        `json:"tag-selector-matching-logic,omitempty"`
	CreatedAt           time.Time     `json:"created-at"`
	UpdatedAt           time.Time     `json:"updated-at"`
}

// tagSelector includes in a set, or excludes from it, the workspaces of a
// tag (with any value when Value is nil).
type tagSelector struct {
	Key       string  `json:"tag-key"`
	Value     *string `json:"tag-value"`
	IsExclude bool    `json:"is-exclude"`
}

// inAgent reports whether the set evaluates in the agent: an OPA set
// always, a Sentinel set with agent-enabled.
func (ps *policySet) inAgent() bool { return ps.Kind == kindOPA || ps.AgentEnabled }

func (s *Server) registerPolicySets(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/organizations/{org}/policy-sets", s.listPolicySets)
	s.handle(mux, "POST "+apiPrefix+"/organizations/{org}/policy-sets", s.createPolicySet)
	byID := apiPrefix + "/policy-sets/{id}"
	s.handle(mux, "GET "+byID, s.readPolicySet)
	s.handle(mux, "PATCH "+byID, s.updatePolicySet)
	s.handle(mux, "DELETE "+byID, s.deletePolicySet)
	s.handle(mux, "POST "+byID+"/tag-selectors", s.tagSelectors(true))
	s.handle(mux, "DELETE "+byID+"/tag-selectors", s.tagSelectors(false))
	changed := func(ps *policySet) { ps.UpdatedAt = s.now().UTC() }
	member := func(list func(*policySet) *[]string, check func(ps *policySet, id string) string) relation[policySet] {
		return relation[policySet]{
			find: s.managedPolicySetLocked,
			member: func(ps *policySet, id string, add bool) (string, string) {
				if !add {
					return id, ""
				}
				return id, check(ps, id)
			},
			members: keptIn(list),
			empty:   "at least one member is required",
			refusal: atMember,
			changed: changed,
		}
	}
	relate(s, mux, byID+"/relationships/policies", member(func(ps *policySet) *[]string { return &ps.Policies },
		func(ps *policySet, id string) string { return s.policyRefusedBy(ps, policies.in(s)[id], id) }))
	workspacesRel := member(func(ps *policySet) *[]string { return &ps.Workspaces }, s.foreignWorkspaceLocked)
	workspacesRel.closed = func(ps *policySet) string {
		if ps.Global {
			return "a global policy set applies to every workspace: it takes none"
		}
		return ""
	}
	relate(s, mux, byID+"/relationships/workspaces", workspacesRel)
	relate(s, mux, byID+"/relationships/workspace-exclusions", member(func(ps *policySet) *[]string { return &ps.WorkspaceExclusions }, s.foreignWorkspaceLocked))
	relate(s, mux, byID+"/relationships/projects", member(func(ps *policySet) *[]string { return &ps.Projects }, s.foreignSetProjectLocked))
	relate(s, mux, byID+"/relationships/project-exclusions", member(func(ps *policySet) *[]string { return &ps.ProjectExclusions }, s.foreignSetProjectLocked))
}

// policyRefusedBy says why ps cannot hold pol (id when pol is nil), ""
// when it can: a policy of its organization and kind, in a set that is
// not VCS-backed.
func (s *Server) policyRefusedBy(ps *policySet, pol *policy, id string) string {
	switch {
	case pol == nil || pol.Org != ps.Org:
		return fmt.Sprintf("policy %q: not a policy of this organization", id)
	case pol.Kind != ps.Kind:
		return fmt.Sprintf("policy %q is a %s policy: a %s policy set holds %s policies only", id, pol.Kind, ps.Kind, ps.Kind)
	case ps.VCSRepo != nil:
		return fmt.Sprintf("policy %q: a VCS-backed policy set takes its policies from its repository, not one by one", id)
	}
	return ""
}

func (s *Server) foreignWorkspaceLocked(ps *policySet, id string) string {
	if ws := workspaces.in(s)[id]; ws == nil || ws.Org != ps.Org {
		return fmt.Sprintf("workspace %q: not a workspace of this organization", id)
	}
	return ""
}

func (s *Server) foreignSetProjectLocked(ps *policySet, id string) string {
	if prj := projects.in(s)[id]; prj == nil || prj.Org != ps.Org {
		return fmt.Sprintf("project %q: not a project of this organization", id)
	}
	return ""
}

func (s *Server) visiblePolicySetLocked(p principal, id string) (*policySet, reply, bool) {
	return policySets.find(s, p, id, nil)
}

// managedPolicySetLocked is visiblePolicySetLocked for changes, which who
// does not manage the organization's policies is answered 404.
func (s *Server) managedPolicySetLocked(p principal, id string) (*policySet, reply, bool) {
	return policySets.find(s, p, id, func(ps *policySet) bool {
		return s.managesPoliciesLocked(p, organizations.in(s)[ps.Org])
	})
}

func (s *Server) policySetIncludes(p principal) includes {
	set := func(res resource) *policySet { return policySets.in(s)[res.ID] }
	wss := func(ids []string) []resource {
		var out []resource
		for _, id := range ids {
			if ws := workspaces.in(s)[id]; ws != nil {
				out = append(out, s.workspaceResource(ws, p, nil))
			}
		}
		return out
	}
	prjs := func(ids []string) []resource {
		var out []resource
		for _, id := range ids {
			if prj := projects.in(s)[id]; prj != nil {
				out = append(out, s.projectResource(prj, p, nil))
			}
		}
		return out
	}
	version := func(v *policySetVersion) []resource {
		if v == nil {
			return nil
		}
		return []resource{s.policySetVersionResource(v)}
	}
	return includes{
		"policies": func(res resource) []resource {
			var out []resource
			for _, id := range set(res).Policies {
				if pol := policies.in(s)[id]; pol != nil {
					out = append(out, s.policyResource(pol))
				}
			}
			return out
		},
		"workspaces":           func(res resource) []resource { return wss(set(res).Workspaces) },
		"workspace-exclusions": func(res resource) []resource { return wss(set(res).WorkspaceExclusions) },
		"projects":             func(res resource) []resource { return prjs(set(res).Projects) },
		"project-exclusions":   func(res resource) []resource { return prjs(set(res).ProjectExclusions) },
		"newest-version":       func(res resource) []resource { return version(s.newestPolicySetVersionLocked(set(res))) },
		"current-version":      func(res resource) []resource { return version(s.currentPolicySetVersionLocked(set(res))) },
	}
}

func (s *Server) policySetResource(ps *policySet) resource {
	var overridable any
	toolVersion := ""
	if ps.inAgent() {
		overridable, toolVersion = ps.Overridable, ps.ToolVersion
	}
	var repo any
	if ps.VCSRepo != nil {
		answered, _ := ps.VCSRepo.answer(s.oauthTokenHostLocked(ps.VCSRepo)).(map[string]any)
		delete(answered, "tags-regex")
		answered["webhook-url"] = ps.WebhookURL
		repo = answered
	}
	selectors := []any{}
	for _, sel := range ps.TagSelectors {
		selectors = append(selectors, map[string]any{"tag-key": sel.Key, "tag-value": sel.Value, "is-exclude": sel.IsExclude})
	}
	versionRef := func(v *policySetVersion) map[string]any {
		if v == nil {
			return toOne("policy-set-versions", "")
		}
		return toOne("policy-set-versions", v.ID)
	}
	return resource{
		Type: "policy-sets", ID: ps.ID,
		Attributes: map[string]any{
			"name":                        ps.Name,
			"description":                 stringOrNull(ps.Description),
			"kind":                        ps.Kind,
			"global":                      ps.Global,
			"overridable":                 overridable,
			"agent-enabled":               ps.inAgent(),
			"policy-tool-version":         toolVersion,
			"policies-path":               stringOrNull(ps.PoliciesPath),
			"policy-update-patterns":      orEmpty(ps.UpdatePatterns),
			"vcs-repo":                    repo,
			"policy-count":                len(ps.Policies),
			"workspace-count":             len(ps.Workspaces),
			"project-count":               len(ps.Projects),
			"tag-selectors":               selectors,
			"tag-selector-matching-logic": stringOrNull(ps.TagMatching),
			"created-at":                  formatTime(ps.CreatedAt),
			"updated-at":                  formatTime(ps.UpdatedAt),
		},
		Relationships: map[string]any{
			"organization":         toOne("organizations", organizations.in(s)[ps.Org].Name),
			"policies":             toMany(refsOf("policies", ps.Policies)),
			"workspaces":           toMany(refsOf("workspaces", ps.Workspaces)),
			"projects":             toMany(refsOf("projects", ps.Projects)),
			"workspace-exclusions": toMany(refsOf("workspaces", ps.WorkspaceExclusions)),
			"project-exclusions":   toMany(refsOf("projects", ps.ProjectExclusions)),
			"newest-version":       versionRef(s.newestPolicySetVersionLocked(ps)),
			"current-version":      versionRef(s.currentPolicySetVersionLocked(ps)),
		},
		Links: map[string]string{"self": apiPrefix + "/policy-sets/" + ps.ID},
	}
}

// listPolicySets lists the organization's sets, oldest first, paged, with
// search[name], filter[kind] and filter[versioned].
func (s *Server) listPolicySets(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*policySet]{
		includes: func() includes { return s.policySetIncludes(p) },
		render:   plain(s.policySetResource),
	}.serveInOrg(s, w, r, p, func(o *organization, lq *listQuery) ([]*policySet, reply) {
		search, kind, versioned := strings.ToLower(lq.Get("search[name]")), lq.Get("filter[kind]"), lq.Get("filter[versioned]")
		list := policySets.where(s, func(ps *policySet) bool {
			isVersioned := ps.VCSRepo != nil || s.newestPolicySetVersionLocked(ps) != nil
			return ps.Org == o.ExternalID && strings.Contains(strings.ToLower(ps.Name), search) && (kind == "" || ps.Kind == kind) &&
				(versioned == "" || (versioned == "true") == isVersioned)
		})
		return policySets.order(list, false, byTime(func(ps *policySet) time.Time { return ps.CreatedAt })), reply{}
	})
}

func (s *Server) readPolicySet(w http.ResponseWriter, r *http.Request, p principal) {
	readOnPath(s, w, r, p, func() includes { return s.policySetIncludes(p) }, s.visiblePolicySetLocked,
		func(ps *policySet, _ []string) resource { return s.policySetResource(ps) })
}

// createPolicySet takes name (required), kind, and what applyPolicySet
// reads.
func (s *Server) createPolicySet(w http.ResponseWriter, r *http.Request, p principal) {
	s.writeInOrg(w, r, p, func(o *organization, in *input) reply {
		if !s.managesPoliciesLocked(p, o) {
			return notFound("organization " + quote(o.Name))
		}
		f, probs := in.attrs, in.probs
		ps := &policySet{Org: o.ExternalID, Kind: kindSentinel}
		if _, given := f.str("name"); !given {
			probs.add(f.at("name"), "name is required")
		}
		if kind, _ := f.str("kind"); kind != "" {
			if engines[kind] == nil {
				probs.add(f.at("kind"), "invalid kind %q: must be sentinel or opa", kind)
			}
			ps.Kind = kind
		}
		s.applyPolicySet(ps, in, r, true)
		if len(*probs) > 0 {
			return probs.reply()
		}
		if taken := s.policySetNamedLocked(o, ps.Name); taken != nil {
			return conflict(f.at("name"), "Name has already been taken: policy set %s of organization %q is named %q", taken.ID, o.Name, taken.Name)
		}
		ps.ID = newID(prefixPolicySet)
		ps.CreatedAt = s.now().UTC()
		ps.UpdatedAt = ps.CreatedAt
		policySets.in(s)[ps.ID] = ps
		return created(document{Data: s.policySetResource(ps)})
	})
}

// policySetNamedLocked is o's set of that name, in any case; nil for
// none.
func (s *Server) policySetNamedLocked(o *organization, name string) *policySet {
	for _, ps := range policySets.in(s) {
		if ps.Org == o.ExternalID && strings.EqualFold(ps.Name, name) {
			return ps
		}
	}
	return nil
}

// applyPolicySet sets what a create and an update take, and checks the
// rules that tie them together once they are all set.
func (s *Server) applyPolicySet(ps *policySet, in *input, r *http.Request, create bool) {
	f, rl, probs := in.attrs, in.rels, in.probs
	if name, given := f.text("name", "name must not be blank"); given {
		if name != "" && !policyNameRe.MatchString(name) {
			probs.add(f.at("name"), "invalid name %q: it may contain letters, numbers, - and _ only", name)
		}
		ps.Name = name
	}
	if v, given := f.str("description"); given {
		ps.Description = v
	}
	for name, flag := range map[string]*bool{"global": &ps.Global, "overridable": &ps.Overridable, "agent-enabled": &ps.AgentEnabled} {
		if v, given := f.boolean(name); given {
			*flag = v
		}
	}
	if v, given := f.str("policy-tool-version"); given {
		ps.ToolVersion = v
	}
	if v, given := f.str("policies-path"); given {
		ps.PoliciesPath = v
	}
	if v, given := f.strings("policy-update-patterns"); given {
		ps.UpdatePatterns = v
	}
	if v, given := f.str("tag-selector-matching-logic"); given {
		if v != "" && v != "any" && v != "all" {
			probs.add(f.at("tag-selector-matching-logic"), "invalid tag-selector-matching-logic %q: must be any or all", v)
		}
		ps.TagMatching = v
	}
	if raw, given := f.get("tag-selectors"); given {
		ps.TagSelectors = nil
		if raw != nil && json.Unmarshal(raw, &ps.TagSelectors) != nil {
			probs.add(f.at("tag-selectors"), "invalid tag-selectors %s: must be a list of {tag-key, tag-value, is-exclude}", raw)
		}
	}
	s.applyPolicySetRepo(ps, f, r)
	for _, m := range []struct {
		name  string
		list  *[]string
		check func(ps *policySet, id string) string
	}{
		{"policies", &ps.Policies, func(ps *policySet, id string) string { return s.policyRefusedBy(ps, policies.in(s)[id], id) }},
		{"workspaces", &ps.Workspaces, s.foreignWorkspaceLocked},
		{"projects", &ps.Projects, s.foreignSetProjectLocked},
		{"workspace-exclusions", &ps.WorkspaceExclusions, s.foreignWorkspaceLocked},
		{"project-exclusions", &ps.ProjectExclusions, s.foreignSetProjectLocked},
	} {
		// An update replaces the set's workspaces alone; its other
		// members change through their relationship endpoints.
		objs, given := rl.many(m.name)
		if !given || !create && m.name != "workspaces" {
			continue
		}
		*m.list = []string{}
		for i, obj := range objs {
			if why := m.check(ps, obj.ID); why != "" {
				probs.add(fmt.Sprintf("%s/%d/id", rl.at(m.name), i), "%s", why)
			} else if !slices.Contains(*m.list, obj.ID) {
				*m.list = append(*m.list, obj.ID)
			}
		}
	}
	s.checkPolicySet(ps, f, rl)
}

// checkPolicySet checks what ties a set's attributes together.
func (s *Server) checkPolicySet(ps *policySet, f fields, rl relationships) {
	probs := f.probs
	if ps.Global && len(ps.Workspaces) > 0 {
		probs.add(rl.at("workspaces"), "a global policy set applies to every workspace: it takes none (it has %d)", len(ps.Workspaces))
	}
	if ps.PoliciesPath != "" && ps.VCSRepo == nil {
		probs.add(f.at("policies-path"), "policies-path needs vcs-repo: it is a path in the set's repository")
	}
	if ps.VCSRepo != nil && len(ps.Policies) > 0 {
		probs.add(f.at("vcs-repo"), "a VCS-backed policy set takes its policies from its repository: it cannot hold the %d it has", len(ps.Policies))
	}
	if !ps.inAgent() {
		ps.ToolVersion = ""
		return
	}
	if ps.ToolVersion == "" {
		ps.ToolVersion = latestToolVersion
	}
	if e := engines[ps.Kind]; e != nil && ps.ToolVersion != latestToolVersion && e.named(s, ps.ToolVersion) == nil {
		probs.add(f.at("policy-tool-version"), "invalid policy-tool-version %q: the site has no %s version %q (its admin %s), nor is it %q",
			ps.ToolVersion, ps.Kind, ps.ToolVersion, e.typ, latestToolVersion)
	}
}

// applyPolicySetRepo applies vcs-repo: an object sets the members it gives
// over the current connection, null removes it. A new connection gets a
// webhook URL on the address the request came to.
func (s *Server) applyPolicySetRepo(ps *policySet, f fields, r *http.Request) {
	repo, given, null := f.object("vcs-repo")
	switch {
	case !given:
		return
	case null:
		ps.VCSRepo, ps.WebhookURL = nil, ""
		return
	}
	v := vcsRepo{}
	if ps.VCSRepo != nil {
		v = *ps.VCSRepo
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
	oauth, _ := repo.str("oauth-token-id")
	app, _ := repo.str("codehost-app-installation-id")
	switch {
	case oauth != "" && app != "":
		f.probs.add(repo.at("codehost-app-installation-id"), "oauth-token-id and codehost-app-installation-id cannot both be given")
	case oauth != "":
		if !s.isOAuthTokenOfLocked(ps.Org, oauth) {
			f.probs.add(repo.at("oauth-token-id"), "invalid oauth-token-id %q: no OAuth token of this organization has that ID (an OAuth client's oauth-tokens)", oauth)
		}
		v.OAuthTokenID, v.CodehostAppInstallationID = oauth, ""
	case app != "":
		v.OAuthTokenID, v.CodehostAppInstallationID = "", app
	}
	if !validRepoIdentifier.MatchString(v.Identifier) {
		f.probs.add(repo.at("identifier"), "invalid identifier %q: must be the repository's owner and name, such as org/repo", v.Identifier)
	}
	if v.OAuthTokenID == "" && v.CodehostAppInstallationID == "" {
		f.probs.add(repo.at("oauth-token-id"), "one of oauth-token-id and codehost-app-installation-id is required")
	}
	if ps.VCSRepo == nil {
		scheme := "http"
		if r.TLS != nil {
			scheme = "https"
		}
		ps.WebhookURL = scheme + "://" + r.Host + "/webhooks/vcs/" + newUUID()
	}
	ps.VCSRepo = &v
}

// newUUID returns a random UUID, as the platform's webhook URLs end with.
func newUUID() string {
	b := make([]byte, 16)
	_, _ = rand.Read(b) // crypto/rand.Read never fails
	b[6] = b[6]&0x0f | 0x40
	b[8] = b[8]&0x3f | 0x80
	return fmt.Sprintf("%x-%x-%x-%x-%x", b[0:4], b[4:6], b[6:8], b[8:10], b[10:])
}

func (s *Server) updatePolicySet(w http.ResponseWriter, r *http.Request, p principal) {
	writeOnPath(s, w, r, p, s.managedPolicySetLocked, func(cur *policySet, in *input) reply {
		ps := *cur
		ps.UpdatePatterns = slices.Clone(cur.UpdatePatterns)
		ps.Workspaces = slices.Clone(cur.Workspaces)
		ps.TagSelectors = slices.Clone(cur.TagSelectors)
		f, probs := in.attrs, in.probs
		if kind, given := f.str("kind"); given && kind != ps.Kind {
			probs.add(f.at("kind"), "kind cannot be changed: it is set when the policy set is created")
		}
		s.applyPolicySet(&ps, in, r, false)
		if len(*probs) > 0 {
			return probs.reply()
		}
		if ps.Name != cur.Name {
			if taken := s.policySetNamedLocked(organizations.in(s)[ps.Org], ps.Name); taken != nil && taken.ID != ps.ID {
				return conflict(f.at("name"), "Name has already been taken: policy set %s is named %q", taken.ID, taken.Name)
			}
		}
		ps.UpdatedAt = s.now().UTC()
		*cur = ps
		return ok(document{Data: s.policySetResource(cur)})
	})
}

func (s *Server) deletePolicySet(w http.ResponseWriter, r *http.Request, p principal) {
	removeOnPath(s, w, r, p, policySets, s.managedPolicySetLocked)
}

// tagSelectors adds (add) or removes the tag selectors of the body's data
// list, each {tag-key, tag-value, is-exclude}; a selector is the same as
// another when all three are.
func (s *Server) tagSelectors(add bool) handler {
	return func(w http.ResponseWriter, r *http.Request, p principal) {
		raw, read := readData(w, r)
		if !read {
			return
		}
		onPath(s, w, r, p, s.managedPolicySetLocked, func(ps *policySet) reply {
			var list []tagSelector
			if err := json.Unmarshal(raw, &list); err != nil || len(list) == 0 {
				probs := problems{}
				probs.add("/data", "data must be a list of at least one {tag-key, tag-value, is-exclude}")
				return probs.reply()
			}
			same := func(a, b tagSelector) bool {
				return a.Key == b.Key && a.IsExclude == b.IsExclude && (a.Value == nil) == (b.Value == nil) && (a.Value == nil || *a.Value == *b.Value)
			}
			for _, sel := range list {
				i := slices.IndexFunc(ps.TagSelectors, func(t tagSelector) bool { return same(t, sel) })
				switch {
				case add && i < 0:
					ps.TagSelectors = append(ps.TagSelectors, sel)
				case !add && i >= 0:
					ps.TagSelectors = slices.Delete(ps.TagSelectors, i, i+1)
				}
			}
			ps.UpdatedAt = s.now().UTC()
			return noContent()
		})
	}
}

// checkStoredPolicySet refuses a set of the state file that no request
// could have stored.
func (st *store) checkStoredPolicySet(ps *policySet) error {
	switch {
	case ps == nil || !isID(prefixPolicySet, ps.ID):
		return errors.New("no valid ID")
	case organizations.in(st)[ps.Org] == nil:
		return fmt.Errorf("organization %q is not in the file", ps.Org)
	case !policyNameRe.MatchString(ps.Name):
		return fmt.Errorf("name %q is no policy set's", ps.Name)
	case engines[ps.Kind] == nil:
		return fmt.Errorf("kind %q is none the API knows", ps.Kind)
	case ps.Global && len(ps.Workspaces) > 0:
		return errors.New("a global set with workspaces")
	}
	for _, id := range ps.Policies {
		if pol := policies.in(st)[id]; pol == nil || pol.Org != ps.Org || pol.Kind != ps.Kind {
			return fmt.Errorf("policy %q is no %s policy of its organization", id, ps.Kind)
		}
	}
	for _, id := range slices.Concat(ps.Workspaces, ps.WorkspaceExclusions) {
		if ws := workspaces.in(st)[id]; ws == nil || ws.Org != ps.Org {
			return fmt.Errorf("workspace %q is no workspace of its organization", id)
		}
	}
	for _, id := range slices.Concat(ps.Projects, ps.ProjectExclusions) {
		if prj := projects.in(st)[id]; prj == nil || prj.Org != ps.Org {
			return fmt.Errorf("project %q is no project of its organization", id)
		}
	}
	return nil
}

var policySets = &table[policySet]{key: "policy-sets", noun: "policy set", id: func(ps *policySet) string { return ps.ID }}

func init() {
	policySets.needs = []anyTable{organizations, policies, workspaces, projects}
	policySets.check = (*store).checkStoredPolicySet
	// An organization's delete takes its sets; a deleted policy,
	// workspace or project leaves them.
	policySets.belongsTo(organizations, func(ps *policySet) string { return ps.Org })
	policySets.refersTo(policies, func(ps *policySet) *[]string { return &ps.Policies })
	policySets.refersTo(workspaces, func(ps *policySet) *[]string { return &ps.Workspaces })
	policySets.refersTo(workspaces, func(ps *policySet) *[]string { return &ps.WorkspaceExclusions })
	policySets.refersTo(projects, func(ps *policySet) *[]string { return &ps.Projects })
	policySets.refersTo(projects, func(ps *policySet) *[]string { return &ps.ProjectExclusions })
	policySets.org = func(st *store, ps *policySet) *organization { return organizations.in(st)[ps.Org] }
	register(policySets)
	addRoutes((*Server).registerPolicySets)
}
