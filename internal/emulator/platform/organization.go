package platform

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"regexp"
	"slices"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Organizations
//
//   - The JSON:API ID of an organization is its name; a name change
//     (PATCH with a new name) changes the ID, and the old name is not found
//     from then on. The external-id ("org-...") never changes, and what is
//     in the organization keeps following it.
//   - A name is 1 to 40 letters, numbers, - and _; an email has one @ with
//     no spaces; both are required on create. Names are unique in any case
//     ("ACME" is taken by "acme"), answered 409 "conflict" pointing at
//     /data/attributes/name. A name is matched in any case, as the platform
//     matches the names in its paths: /organizations/ACME is "acme", and
//     answers with the name as it is kept, "acme".
//   - Create defaults: session-timeout and session-remember (minutes,
//     positive integers) null: the platform applies 20160 (14 days) to an
//     organization that never set them, but answers them null, as the
//     incumbent provider's tests against it show (an organization whose
//     configuration leaves them out plans no change only then); null in
//     an update sets them back to that. collaborator-auth-policy password (or
//     two_factor_mandatory), cost-estimation-enabled false,
//     send-passing-statuses-for-untriggered-speculative-plans false,
//     aggregated-commit-status-enabled true,
//     speculative-plan-management-enabled true, assessments-enforced false,
//     allow-force-delete-workspaces false, enforce-hyok false,
//     stacks-enabled false, registry-monorepo-support-enabled false,
//     user-tokens-enabled true, max-ttl-enabled false,
//     owners-team-saml-role-id null, default-execution-mode remote with no
//     default-agent-pool. Read-only attributes are answered as a free,
//     non-trial, non-SAML organization has them.
//   - A new organization gets its default project, "Default Project",
//     named by the default-project relationship (include=default-project
//     includes it). The default project cannot be deleted (409), but can be
//     renamed.
//   - Updates (PATCH, and PUT, which is the same) change only the members
//     they give; a refused update changes nothing. Every request answers
//     the whole organization.
//   - Default settings (the provider's organization_default_settings):
//     default-execution-mode remote, local or agent; the agent pool is the
//     relationship default-agent-pool or the attribute
//     default-agent-pool-id, the ID of one of the organization's agent
//     pools (agent_pool.go; a malformed ID, an unknown one or another
//     organization's is 422, the last two "... no agent pool of this
//     organization has that ID"). Agent mode requires a pool (422), other
//     modes take none (422); a change to another mode that gives no pool
//     clears the pool.
//   - include= knows default-project, entitlement-set and subscription
//     (included once the administrator set one). GET /organizations lists what the token
//     sees, by name; q matches the name or the email, q[name] and q[email]
//     one of them, each a case-insensitive substring.
//   - Delete answers 204 and deletes everything in the organization, its
//     organization token and its teams' tokens included.
//   - permissions: the owners' rights (can-update, can-destroy, ...) for
//     who has them, can-create-team for who manages teams, can-manage-auditing
//     for owners whose plan has audit-logging, can-deploy-no-code-modules
//     and can-manage-no-code-modules for owners on the Business plan, the
//     HYOK ones false.

// prefixOrganization begins the IDs of this file's objects.
const prefixOrganization = "org"

// organization is an organization: its settings, its owners and its
// default project. Its JSON:API ID is its name, which may change; what is
// in it refers to it by its external ID, which does not.
type organization struct {
	Name                   string    `json:"name"`
	ExternalID             string    `json:"external-id"`
	CreatedAt              time.Time `json:"created-at"`
	Email                  string    `json:"email"`
	SessionTimeout         int       `json:"session-timeout"`
	SessionRemember        int       `json:"session-remember"`
	CollaboratorAuthPolicy string    `json:"collaborator-auth-policy"`
	OwnersTeamSAMLRoleID   string    `json:"owners-team-saml-role-id,omitempty"`
	// Settings are the boolean settings of orgSettings, by API name.
	Settings             map[string]bool `json:"settings"`
	DefaultExecutionMode string          `json:"default-execution-mode"`
	DefaultAgentPool     string          `json:"default-agent-pool,omitempty"`
	DefaultProject       string          `json:"default-project"`
	// Owners are the users with the owners' rights: whoever created it.
	Owners []string `json:"owners"`
	// Subscription is the plan the site administrator set; nil is the
	// free plan.
	Subscription *subscription `json:"subscription,omitempty"`
}

// orgSettings are the organization's boolean settings and their defaults.
var orgSettings = []struct {
	name string
	def  bool
}{
	{"cost-estimation-enabled", false},
	{"send-passing-statuses-for-untriggered-speculative-plans", false},
	{"aggregated-commit-status-enabled", true},
	{"speculative-plan-management-enabled", true},
	{"assessments-enforced", false},
	{"allow-force-delete-workspaces", false},
	{"enforce-hyok", false},
	{"stacks-enabled", false},
	{"registry-monorepo-support-enabled", false},
	{"user-tokens-enabled", true},
	{"max-ttl-enabled", false},
}

const (
	defaultProjectName = "Default Project"
)

var (
	validOrgName = regexp.MustCompile(`^[A-Za-z0-9_-]{1,40}$`)
	validEmail   = regexp.MustCompile(`^[^@\s]+@[^@\s]+$`)
	authPolicies = []string{"password", "two_factor_mandatory"}
)

func (s *Server) registerOrganizations(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/organizations", s.listOrganizations)
	s.handle(mux, "POST "+apiPrefix+"/organizations", s.createOrganization)
	s.handle(mux, "GET "+apiPrefix+"/organizations/{org}", s.readOrganization)
	s.handle(mux, "PATCH "+apiPrefix+"/organizations/{org}", s.updateOrganization)
	s.handle(mux, "PUT "+apiPrefix+"/organizations/{org}", s.updateOrganization)
	s.handle(mux, "DELETE "+apiPrefix+"/organizations/{org}", s.deleteOrganization)
}

// orgByNameLocked returns the organization named name in any case, as the
// platform matches the names in its paths: "ACME" names "acme".
func (s *Server) orgByNameLocked(name string) *organization {
	return s.orgNamed(name)
}

// orgNamed returns the organization named name in any case.
func (st *store) orgNamed(name string) *organization {
	lower := strings.ToLower(name)
	for _, o := range organizations.in(st) {
		if strings.ToLower(o.Name) == lower {
			return o
		}
	}
	return nil
}

// visibleOrgLocked returns the organization named name when p may see it,
// or the 404 that answers both a missing and a hidden one. A user token
// that would see it but for user-tokens-enabled false is answered 401.
func (s *Server) visibleOrgLocked(p principal, name string) (*organization, reply, bool) {
	o := s.orgByNameLocked(name)
	if o != nil && p.kind == kindUser && !o.Settings["user-tokens-enabled"] && (p.admin || slices.Contains(o.Owners, p.id)) {
		return nil, errorReply(http.StatusUnauthorized, "user tokens are disabled for organization "+quote(o.Name)+": use a team or organization token"), false
	}
	if o == nil || !p.sees(o) {
		return nil, notFound("organization " + quote(name)), false
	}
	return o, reply{}, true
}

// ownedOrgLocked is visibleOrgLocked for what only owners do: to the
// others, an organization they see but do not own is not found either.
func (s *Server) ownedOrgLocked(p principal, name string) (*organization, reply, bool) {
	o, rep, found := s.visibleOrgLocked(p, name)
	if found && !p.owns(o) {
		return nil, notFound("organization " + quote(name)), false
	}
	return o, rep, found
}

func quote(s string) string { return `"` + s + `"` }

func (s *Server) orgIncludes(p principal) includes {
	return includes{
		"default-project": func(res resource) []resource {
			o := s.orgByNameLocked(res.ID)
			if prj := projects.in(s)[o.DefaultProject]; prj != nil {
				return []resource{s.projectResource(prj, p, nil)}
			}
			return nil
		},
		"entitlement-set": func(res resource) []resource {
			return []resource{entitlementSetResource(s.orgByNameLocked(res.ID))}
		},
		"subscription": func(res resource) []resource {
			if o := s.orgByNameLocked(res.ID); o.Subscription != nil {
				return []resource{s.subscriptionResource(o)}
			}
			return nil
		},
	}
}

func (s *Server) orgResource(o *organization, p principal) resource {
	owner := p.owns(o)
	pl := planOf(o)
	attrs := map[string]any{
		"name":                     o.Name,
		"external-id":              o.ExternalID,
		"created-at":               formatTime(o.CreatedAt),
		"email":                    o.Email,
		"session-timeout":          intOrNull(o.SessionTimeout),
		"session-remember":         intOrNull(o.SessionRemember),
		"collaborator-auth-policy": o.CollaboratorAuthPolicy,
		"owners-team-saml-role-id": stringOrNull(o.OwnersTeamSAMLRoleID),
		"default-execution-mode":   o.DefaultExecutionMode,
		"is-unified":               false,
		"saml-enabled":             false,
		"two-factor-conformant":    true,
		"trial-expires-at":         nil,
		"plan-expired":             false,
		"plan-expires-at":          nil,
		"plan-is-trial":            false,
		"plan-is-enterprise":       false,
		"remaining-testable-count": 5,
		"fair-run-queuing-enabled": true,
		"is-in-degraded-mode":      false,
		"permissions": map[string]bool{
			"can-update":                      owner,
			"can-destroy":                     owner,
			"can-update-authentication-token": owner,
			"can-update-api-token":            owner,
			"can-create-team":                 s.managesTeamsLocked(p, o),
			"can-create-workspace":            true,
			"can-create-project":              true,
			"can-manage-tags":                 true,
			"can-manage-varsets":              true,
			"can-read-varsets":                true,
			"can-traverse":                    true,
			"can-update-agent-pools":          owner,
			"can-manage-run-tasks":            owner,
			"can-update-oauth":                owner,
			"can-update-sentinel":             owner,
			"can-create-workspace-migration":  owner,
			"can-manage-auditing":             owner && pl.entitled("audit-logging"),
			"can-deploy-no-code-modules":      owner && pl.NoCode,
			"can-manage-no-code-modules":      owner && pl.NoCode,
			"can-update-hyok-configuration":   false,
			"can-view-hyok-feature-info":      false,
			"can-enable-stacks":               owner,
		},
	}
	for _, st := range orgSettings {
		attrs[st.name] = o.Settings[st.name]
	}
	// Names are letters, numbers, - and _: links need no escaping.
	name := o.Name
	return resource{
		Type: "organizations", ID: o.Name, Attributes: attrs,
		Relationships: s.withRetentionPolicy(o.ExternalID, "", map[string]any{
			"default-project":      toOne("projects", o.DefaultProject),
			"default-agent-pool":   toOne("agent-pools", o.DefaultAgentPool),
			"oauth-tokens":         related(apiPrefix + "/organizations/" + name + "/oauth-tokens"),
			"authentication-token": related(apiPrefix + "/organizations/" + name + "/authentication-token"),
			"entitlement-set":      withRelated(toOne("entitlement-sets", o.ExternalID), apiPrefix+"/organizations/"+name+"/entitlement-set"),
			"subscription":         toOne("subscriptions", subscriptionID(o)),
		}),
		Links: map[string]string{"self": apiPrefix + "/organizations/" + name},
	}
}

// listOrganizations lists the organizations p sees, by name; q is a part
// of the name or the email, q[name] and q[email] of one of them.
func (s *Server) listOrganizations(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*organization]{
		includes: func() includes { return s.orgIncludes(p) },
		render:   func(o *organization, _ []string) resource { return s.orgResource(o, p) },
	}.serve(s, w, r, func(lq *listQuery) ([]*organization, reply) {
		list := organizations.where(s, func(o *organization) bool {
			either := lq.Get("q")
			return p.sees(o) && containsFold(o.Name, lq.Get("q[name]")) && containsFold(o.Email, lq.Get("q[email]")) &&
				(containsFold(o.Name, either) || containsFold(o.Email, either))
		})
		return organizations.order(list, false, byString(func(o *organization) string { return o.Name })), reply{}
	})
}

// containsFold reports whether s contains sub, in any case; an empty sub
// is in everything.
func containsFold(s, sub string) bool {
	return strings.Contains(strings.ToLower(s), strings.ToLower(sub))
}

func (s *Server) readOrganization(w http.ResponseWriter, r *http.Request, p principal) {
	s.readInOrg(w, r, p, func() includes { return s.orgIncludes(p) }, func(o *organization) resource { return s.orgResource(o, p) })
}

// newOrganization is an organization with every default.
func newOrganization() *organization {
	o := &organization{
		CollaboratorAuthPolicy: "password",
		DefaultExecutionMode:   modeRemote,
		Settings:               map[string]bool{},
	}
	for _, st := range orgSettings {
		o.Settings[st.name] = st.def
	}
	return o
}

func (s *Server) createOrganization(w http.ResponseWriter, r *http.Request, p principal) {
	s.write(w, r, func(in *input) reply {
		if p.kind != kindUser {
			return errorReply(http.StatusNotFound, "organizations are created with a user token: an organization or team token cannot create one")
		}
		o := newOrganization()
		f, probs := in.attrs, in.probs
		in.require("name", "name is required")
		in.require("email", "email is required")
		s.applyOrganization(o, f, in.rels, probs)
		if len(*probs) > 0 {
			return probs.reply()
		}
		if taken := s.orgNamed(o.Name); taken != nil {
			return conflict(f.at("name"), "name %q has already been taken by organization %q", o.Name, taken.Name)
		}
		o.ExternalID = newID(prefixOrganization)
		o.CreatedAt = s.now().UTC()
		o.Owners = []string{p.id}
		organizations.in(s)[o.ExternalID] = o
		prj := s.newProjectLocked(o, defaultProjectName)
		o.DefaultProject = prj.ID
		s.addCreatorLocked(o, s.newOwnersTeamLocked(o), p)
		return created(document{Data: s.orgResource(o, p)})
	})
}

// applyOrganization sets o's attributes from a request, recording what it
// refuses in probs.
func (s *Server) applyOrganization(o *organization, f fields, rl relationships, probs *problems) {
	if name, given := f.str("name"); given {
		if !validOrgName.MatchString(name) {
			probs.add(f.at("name"), "invalid name %q: must be 1 to 40 letters, numbers, - or _", name)
		}
		o.Name = name
	}
	if email, given := f.str("email"); given {
		if !validEmail.MatchString(email) {
			probs.add(f.at("email"), "invalid email %q: must be an email address", email)
		}
		o.Email = email
	}
	for _, attr := range []struct {
		name  string
		field *int
	}{{"session-timeout", &o.SessionTimeout}, {"session-remember", &o.SessionRemember}} {
		if raw, given := f.get(attr.name); given && raw == nil {
			*attr.field = 0
		}
		if v, given := f.integer(attr.name); given {
			if v < 1 {
				probs.add(f.at(attr.name), "invalid %s %d: must be a positive number of minutes", attr.name, v)
			}
			*attr.field = v
		}
	}
	if policy, given := f.str("collaborator-auth-policy"); given {
		if !slices.Contains(authPolicies, policy) {
			probs.add(f.at("collaborator-auth-policy"), "invalid collaborator-auth-policy %q: must be password or two_factor_mandatory", policy)
		}
		o.CollaboratorAuthPolicy = policy
	}
	if role, given := f.str("owners-team-saml-role-id"); given {
		o.OwnersTeamSAMLRoleID = role
	}
	for _, st := range orgSettings {
		if v, given := f.boolean(st.name); given {
			o.Settings[st.name] = v
		}
	}
	er := readExecution(f, rl, "default-execution-mode", "default-agent-pool-id", "default-agent-pool")
	s.checkAgentPoolLocked(o.ExternalID, er, probs)
	if er.given() {
		next := er.apply(execution{o.DefaultExecutionMode, o.DefaultAgentPool}, probs)
		o.DefaultExecutionMode, o.DefaultAgentPool = next.mode, next.pool
	}
}

func (s *Server) updateOrganization(w http.ResponseWriter, r *http.Request, p principal) {
	s.write(w, r, func(in *input) reply {
		cur, rep, found := s.ownedOrgLocked(p, r.PathValue("org"))
		if !found {
			return rep
		}
		o := cur.clone()
		f, probs := in.attrs, in.probs
		s.applyOrganization(o, f, in.rels, probs)
		if len(*probs) > 0 {
			return probs.reply()
		}
		if taken := s.orgNamed(o.Name); taken != nil && taken != cur {
			return conflict(f.at("name"), "name %q has already been taken by organization %q", o.Name, taken.Name)
		}
		*cur = *o
		return ok(document{Data: s.orgResource(cur, p)})
	})
}

// subscriptionID is the ID of o's subscription, "" on the free plan.
func subscriptionID(o *organization) string {
	if o.Subscription == nil {
		return ""
	}
	return o.Subscription.ID
}

func (o *organization) clone() *organization {
	c := *o
	c.Settings = maps.Clone(o.Settings)
	c.Owners = slices.Clone(o.Owners)
	return &c
}

func (s *Server) deleteOrganization(w http.ResponseWriter, r *http.Request, p principal) {
	s.locked(w, func() reply {
		o, rep, found := s.ownedOrgLocked(p, r.PathValue("org"))
		if !found {
			return rep
		}
		organizations.remove(s, o)
		return noContent()
	})
}

func (st *store) checkOrganization(o *organization) error {
	if o == nil || !validOrgName.MatchString(o.Name) || !isID(prefixOrganization, o.ExternalID) {
		return errors.New("no valid name and external ID")
	}
	if st.orgNamed(o.Name) != nil {
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

var organizations = &table[organization]{key: "organizations", noun: "organization", id: func(o *organization) string { return o.ExternalID }}

func init() {
	organizations.check = (*store).checkOrganization
	organizations.verify = func(st *store) error {
		for _, o := range organizations.in(st) {
			if prj := projects.in(st)[o.DefaultProject]; prj == nil || prj.Org != o.ExternalID {
				return fmt.Errorf("organization %q: default project %q is not one of its projects", o.Name, o.DefaultProject)
			}
		}
		return nil
	}
	register(organizations)
	addRoutes((*Server).registerOrganizations)
}
