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

// # Teams
//
//   - A name is letters, numbers, spaces, - and _ ("foo bar"), not blank,
//     unique within the organization in any case (409 pointing at
//     /data/attributes/name). Create defaults:
//     visibility secret (or organization), allow-member-token-management
//     true, sso-team-id null, and every organization-access flag false:
//     manage-policies, manage-policy-overrides, delegate-policy-overrides,
//     manage-workspaces, manage-vcs-settings, manage-providers,
//     manage-modules, manage-run-tasks, manage-projects, read-workspaces,
//     read-projects, manage-membership, manage-teams,
//     manage-organization-access, access-secret-teams, manage-agent-pools.
//     allow-team-token-management, the name one page of the API's
//     documents uses, is taken for allow-member-token-management, the name
//     answers use.
//   - Implied flags: manage-projects brings manage-workspaces and
//     read-projects; manage-workspaces and read-projects bring
//     read-workspaces. An implied flag is answered true whether the request
//     gave it or not; a request that gives it false while the flag that
//     implies it is (or stays) true is 422 at
//     /data/attributes/organization-access/<flag>. Turning a flag off
//     leaves the flags it brought.
//   - Updates (PATCH) change the members they give, organization-access
//     flag by flag.
//   - A team's users and organization-memberships are its members' (see
//     team_membership.go); allow-member-token-management is stored and
//     answered but changes nothing.
//   - Every organization has its owners team from its creation, named
//     owners, secret, with every organization-access flag true, listed and
//     counted as the others. Its tokens have the owners' rights. It cannot
//     be deleted (403 "forbidden"), renamed or lose a flag (422 at the
//     member); its visibility and its other attributes change as any
//     team's. Its permissions.can-destroy is false.
//   - Who sees and manages teams: the owners and a team with manage-teams
//     see every team of the organization and create, change and delete
//     them (the permissions of the answer say which the token may); another
//     team token sees the teams whose visibility is organization, itself,
//     and with access-secret-teams the secret ones too. What a token may not
//     see, or change, is 404. The organization's permissions.can-create-team
//     follows the same rule.
//   - GET /organizations/:org/teams lists the teams the token sees, by
//     name; q is a case-insensitive substring of the name, filter[names] a
//     comma-separated list of exact names.
//   - Delete answers 204 and takes the team's tokens (401 from then on) and
//     its access to projects and workspaces.

// prefixTeam begins the IDs of this file's objects.
const prefixTeam = "team"

// team is a team of an organization: its organization-wide permissions
// and its visibility. Its members are the organization memberships that
// name it (see team membership).
type team struct {
	ID         string `json:"id"`
	Org        string `json:"organization"` // the organization's external ID
	Name       string `json:"name"`
	SSOTeamID  string `json:"sso-team-id,omitempty"`
	Visibility string `json:"visibility"`
	// AllowMemberTokenManagement is stored and answered; it changes
	// nothing here: members act with their own tokens.
	AllowMemberTokenManagement bool `json:"allow-member-token-management"`
	// Access is the organization-access flags, by API name.
	Access    map[string]bool `json:"organization-access"`
	CreatedAt time.Time       `json:"created-at"`
	// Owners marks the organization's owners team, which every
	// organization has from its creation: its tokens have the owners'
	// rights, and it cannot be renamed, lose a permission or be deleted.
	Owners bool `json:"owners,omitempty"`
}

// ownersTeamName is the name of every organization's owners team.
const ownersTeamName = "owners"

// Team visibilities.
const (
	visibilitySecret       = "secret"
	visibilityOrganization = "organization"
)

// orgAccessFlags are the members of a team's organization-access, each
// false unless given.
var orgAccessFlags = []string{
	"manage-policies", "manage-policy-overrides", "delegate-policy-overrides",
	"manage-workspaces", "manage-vcs-settings", "manage-providers", "manage-modules",
	"manage-run-tasks", "manage-projects", "read-workspaces", "read-projects",
	"manage-membership", "manage-teams", "manage-organization-access",
	"access-secret-teams", "manage-agent-pools",
}

// orgAccessImplies says which flags a flag brings with it: managing
// projects cascades to their workspaces, and managing or reading one
// kind of object includes reading it. A flag that is implied is true
// whatever the request says of it; a request that gives it false is
// refused.
var orgAccessImplies = map[string][]string{
	"manage-projects":   {"manage-workspaces", "read-projects"},
	"manage-workspaces": {"read-workspaces"},
	"read-projects":     {"read-workspaces"},
}

// validTeamName is a team's name: letters, numbers, spaces, - and _ ("foo
// bar"), not blank.
var validTeamName = regexp.MustCompile(`^[A-Za-z0-9 _-]*[A-Za-z0-9_-][A-Za-z0-9 _-]*$`)

func (s *Server) registerTeams(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/organizations/{org}/teams", s.listTeams)
	s.handle(mux, "POST "+apiPrefix+"/organizations/{org}/teams", s.createTeam)
	s.handle(mux, "GET "+apiPrefix+"/teams/{id}", s.readTeam)
	s.handle(mux, "PATCH "+apiPrefix+"/teams/{id}", s.updateTeam)
	s.handle(mux, "DELETE "+apiPrefix+"/teams/{id}", s.deleteTeam)
}

// teamOfLocked returns the team a team token acts for, nil for any other
// principal.
func (s *Server) teamOfLocked(p principal) *team {
	if p.kind != kindTeam {
		return nil
	}
	return teams.in(s)[p.id]
}

// managesByAccessLocked reports whether p manages in o what the
// organization access permission grants (manage-run-tasks, say): the
// owners do, and a team whose organization access has it.
func (s *Server) managesByAccessLocked(p principal, o *organization, permission string) bool {
	if p.owns(o) {
		return true
	}
	own := s.teamOfLocked(p)
	return own != nil && own.Org == o.ExternalID && own.Access[permission]
}

// managesTeamsLocked reports whether p manages o's teams (their settings,
// their tokens, their access to every project): the owners do, and a team
// with manage-teams.
func (s *Server) managesTeamsLocked(p principal, o *organization) bool {
	if p.owns(o) {
		return true
	}
	own := s.teamOfLocked(p)
	return own != nil && own.Org == o.ExternalID && own.Access["manage-teams"]
}

// seesTeamLocked reports whether p sees t: a team visible to the
// organization is seen by whoever sees the organization; a secret team
// by those who manage teams, by a team with access-secret-teams, and by
// itself.
func (s *Server) seesTeamLocked(p principal, t *team) bool {
	o := organizations.in(s)[t.Org]
	if !p.sees(o) {
		return false
	}
	if t.Visibility == visibilityOrganization || s.managesTeamsLocked(p, o) {
		return true
	}
	own := s.teamOfLocked(p)
	return own != nil && (own == t || own.Org == t.Org && own.Access["access-secret-teams"])
}

// visibleTeamLocked returns the team id when p may see it, or the 404 that
// answers both a missing and a hidden one.
func (s *Server) visibleTeamLocked(p principal, id string) (*team, reply, bool) {
	return teams.find(s, p, id, func(t *team) bool { return s.seesTeamLocked(p, t) })
}

// managedTeamLocked is visibleTeamLocked for what only those who manage
// teams do: to the others, a team they see is not found either.
func (s *Server) managedTeamLocked(p principal, id string) (*team, reply, bool) {
	return teams.find(s, p, id, func(t *team) bool {
		return s.seesTeamLocked(p, t) && s.managesTeamsLocked(p, organizations.in(s)[t.Org])
	})
}

// teamIncludes are the API's includes of teams: their members, as users
// and as organization memberships (see team membership).
func (s *Server) teamIncludes() includes {
	return includes{
		"users": func(res resource) []resource {
			return renderEach(s.teamUsersLocked(teams.in(s)[res.ID]), (*user).resource)
		},
		"organization-memberships": func(res resource) []resource {
			return renderEach(s.teamMembershipsLocked(teams.in(s)[res.ID], ""), s.membershipResource)
		},
	}
}

// newOwnersTeamLocked gives a new organization its owners team, which has
// every organization permission.
func (s *Server) newOwnersTeamLocked(o *organization) *team {
	t := &team{
		ID: newID(prefixTeam), Org: o.ExternalID, Name: ownersTeamName, Owners: true,
		Visibility: visibilitySecret, AllowMemberTokenManagement: true,
		Access: map[string]bool{}, CreatedAt: s.now().UTC(),
	}
	for _, flag := range orgAccessFlags {
		t.Access[flag] = true
	}
	teams.in(s)[t.ID] = t
	return t
}

func (s *Server) teamResource(t *team, p principal) resource {
	o := organizations.in(s)[t.Org]
	manage := s.managesTeamsLocked(p, o)
	access := map[string]bool{}
	for _, flag := range orgAccessFlags {
		access[flag] = t.Access[flag]
	}
	self := apiPrefix + "/teams/" + t.ID
	members := s.teamUsersLocked(t)
	userRefs, membershipRefs := []ref{}, []ref{}
	for _, u := range members {
		userRefs = append(userRefs, ref{Type: "users", ID: u.ID})
	}
	for _, m := range s.teamMembershipsLocked(t, "") {
		membershipRefs = append(membershipRefs, ref{Type: "organization-memberships", ID: m.ID})
	}
	return resource{
		Type: "teams", ID: t.ID,
		Attributes: map[string]any{
			"name":                          t.Name,
			"sso-team-id":                   stringOrNull(t.SSOTeamID),
			"visibility":                    t.Visibility,
			"allow-member-token-management": t.AllowMemberTokenManagement,
			"organization-access":           access,
			"users-count":                   len(members),
			"is-unified":                    false,
			"scim-linked":                   false,
			"scim-sync-paused":              false,
			"scim-group-name":               nil,
			"scim-updated-at":               nil,
			"permissions": map[string]bool{
				"can-update-membership":          manage,
				"can-destroy":                    manage && !t.Owners,
				"can-update-organization-access": manage,
				"can-update-api-token":           manage,
				"can-update-visibility":          manage,
			},
		},
		Relationships: map[string]any{
			"organization":             toOne("organizations", o.Name),
			"users":                    toMany(userRefs),
			"organization-memberships": toMany(membershipRefs),
			"authentication-token":     map[string]any{"meta": map[string]any{}},
		},
		Links: map[string]string{"self": self},
	}
}

// listTeams lists the organization's teams that p sees, by name: q is a
// part of the name, filter[names] a list of exact names.
func (s *Server) listTeams(w http.ResponseWriter, r *http.Request, p principal) {
	listing[*team]{
		includes: s.teamIncludes,
		render:   func(t *team, _ []string) resource { return s.teamResource(t, p) },
	}.serveInOrg(s, w, r, p, func(o *organization, lq *listQuery) ([]*team, reply) {
		only := commaList(lq.Get("filter[names]"))
		list := teams.where(s, func(t *team) bool {
			return t.Org == o.ExternalID && s.seesTeamLocked(p, t) && (only == nil || slices.Contains(only, t.Name)) && containsFold(t.Name, lq.Get("q"))
		})
		return teams.order(list, false, byFold(func(t *team) string { return t.Name })), reply{}
	})
}

func (s *Server) readTeam(w http.ResponseWriter, r *http.Request, p principal) {
	readOnPath(s, w, r, p, s.teamIncludes, s.visibleTeamLocked, func(t *team, _ []string) resource { return s.teamResource(t, p) })
}

func (s *Server) createTeam(w http.ResponseWriter, r *http.Request, p principal) {
	s.writeInOrg(w, r, p, func(o *organization, in *input) reply {
		if !s.managesTeamsLocked(p, o) {
			return notFound("organization " + quote(o.Name))
		}
		f, probs := in.attrs, in.probs
		in.require("name", "name is required")
		t := &team{Org: o.ExternalID, Visibility: visibilitySecret, AllowMemberTokenManagement: true, Access: map[string]bool{}}
		applyTeam(t, f)
		if len(*probs) > 0 {
			return probs.reply()
		}
		if taken := s.teamNamed(o.ExternalID, t.Name); taken != nil {
			return conflict(f.at("name"), "name %q has already been taken by team %s in organization %q", t.Name, taken.ID, o.Name)
		}
		t.ID, t.CreatedAt = newID(prefixTeam), s.now().UTC()
		teams.in(s)[t.ID] = t
		return created(document{Data: s.teamResource(t, p)})
	})
}

// teamNamed returns org's team of that name, in any case.
func (st *store) teamNamed(org, name string) *team {
	for _, t := range teams.in(st) {
		if t.Org == org && strings.EqualFold(t.Name, name) {
			return t
		}
	}
	return nil
}

// applyTeam sets t's attributes from a request, recording what it refuses
// in f's problems. allow-team-token-management, the name one page of the
// API's documents uses, is taken for allow-member-token-management.
func applyTeam(t *team, f fields) {
	if name, given := f.str("name"); given {
		if !validTeamName.MatchString(name) {
			f.probs.add(f.at("name"), "invalid name %q: must be letters, numbers, spaces, - or _", name)
		}
		t.Name = name
	}
	if id, given := f.str("sso-team-id"); given {
		t.SSOTeamID = id
	}
	if v, given := f.str("visibility"); given {
		if v != visibilitySecret && v != visibilityOrganization {
			f.probs.add(f.at("visibility"), "invalid visibility %q: must be secret or organization", v)
		}
		t.Visibility = v
	}
	for _, name := range []string{"allow-team-token-management", "allow-member-token-management"} {
		if v, given := f.boolean(name); given {
			t.AllowMemberTokenManagement = v
		}
	}
	access, given, null := f.object("organization-access")
	if !given || null {
		return
	}
	refused := map[string]bool{}
	for _, flag := range orgAccessFlags {
		if v, given := access.boolean(flag); given {
			t.Access[flag] = v
			refused[flag] = !v
		}
	}
	for changed := true; changed; {
		changed = false
		for _, flag := range slices.Sorted(maps.Keys(orgAccessImplies)) {
			if !t.Access[flag] {
				continue
			}
			for _, implied := range orgAccessImplies[flag] {
				if t.Access[implied] {
					continue
				}
				if refused[implied] {
					access.probs.add(access.at(implied), "%s cannot be false while %s is true", implied, flag)
					refused[implied] = false
				}
				t.Access[implied], changed = true, true
			}
		}
	}
}

func (s *Server) updateTeam(w http.ResponseWriter, r *http.Request, p principal) {
	writeOnPath(s, w, r, p, s.managedTeamLocked, func(cur *team, in *input) reply {
		t := *cur
		t.Access = maps.Clone(cur.Access)
		f, probs := in.attrs, in.probs
		applyTeam(&t, f)
		if cur.Owners {
			keepOwners(&t, f)
		}
		if len(*probs) > 0 {
			return probs.reply()
		}
		if taken := s.teamNamed(t.Org, t.Name); taken != nil && taken != cur {
			return conflict(f.at("name"), "name %q has already been taken by team %s", t.Name, taken.ID)
		}
		*cur = t
		return ok(document{Data: s.teamResource(cur, p)})
	})
}

// keepOwners refuses an update of the owners team that renames it or
// takes one of its permissions away.
func keepOwners(t *team, f fields) {
	if t.Name != ownersTeamName {
		f.probs.add(f.at("name"), "the owners team cannot be renamed")
	}
	access, _, _ := f.object("organization-access")
	for _, flag := range orgAccessFlags {
		if !t.Access[flag] {
			f.probs.add(access.at(flag), "the owners team has every organization permission: %s cannot be false", flag)
		}
	}
}

func (s *Server) deleteTeam(w http.ResponseWriter, r *http.Request, p principal) {
	onPath(s, w, r, p, s.managedTeamLocked, func(t *team) reply {
		if t.Owners {
			return errorReply(http.StatusForbidden, "the owners team of an organization cannot be deleted")
		}
		teams.remove(s, t)
		return noContent()
	})
}

// checkTeam refuses a team of the state file that no request could have
// stored.
func (st *store) checkTeam(t *team) error {
	if t == nil || !isID(prefixTeam, t.ID) || !validTeamName.MatchString(t.Name) {
		return errors.New("no valid ID and name")
	}
	if organizations.in(st)[t.Org] == nil {
		return fmt.Errorf("organization %q is not in the file", t.Org)
	}
	if t.Visibility != visibilitySecret && t.Visibility != visibilityOrganization {
		return fmt.Errorf("visibility %q: must be secret or organization", t.Visibility)
	}
	if st.teamNamed(t.Org, t.Name) != nil {
		return fmt.Errorf("name %q is there twice", t.Name)
	}
	if t.Access == nil {
		t.Access = map[string]bool{}
	}
	return nil
}

var teams = &table[team]{key: "teams", noun: "team", id: func(t *team) string { return t.ID }}

func init() {
	teams.needs = []anyTable{organizations}
	teams.check = (*store).checkTeam
	teams.belongsTo(organizations, func(t *team) string { return t.Org })
	teams.org = func(st *store, t *team) *organization { return organizations.in(st)[t.Org] }
	register(teams)
	addRoutes((*Server).registerTeams)
}
