package platform

import (
	"cmp"
	"net/http"
	"slices"
	"strings"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Team membership
//
// Team membership has no table of its own: a membership of an
// organization names the teams its user is in. The relationship endpoints
// of teams add and remove members by username or by membership ID.
//
//   - A team's members are the memberships that name it. POST and DELETE
//     /teams/:id/relationships/users take data[] of {type users, id: the
//     username}: each must be an active member of the team's organization,
//     else 400 "<username> is not a member of the organization" (an
//     invited person is not yet); removing a member who is not in the team
//     changes nothing. POST and DELETE
//     .../relationships/organization-memberships take membership IDs,
//     invited ones too: one of another organization, or unknown, is 400
//     "<ou-...> is not a member of the organization", and removing one that
//     is not in the team 400 "<ou-...> is not a member of team ...". A
//     request changes all it names or, refused, nothing; an empty data is
//     400. All answer 204.
//   - Teams answer their users (the active members', by username, then the
//     service account when the team has a token) and organization-memberships
//     (every member, invited ones included, by creation) as relationships;
//     users-count counts the users; include=users and
//     include=organization-memberships include them.
//   - GET /teams/:id/relationships/organization-memberships lists the
//     team's memberships by pages, for whoever sees the team:
//     filter[status] as for organization memberships,
//     filter[is_service_account] true keeps none (service accounts have no
//     membership) and false all; include= user, teams. A deleted team
//     leaves its members' memberships.
//   - The plan limits no team's members: the API's documents let a free
//     organization change its owners team's only, yet the incumbent client's
//     tests add members to other teams of organizations they create.

func (s *Server) registerTeamMemberships(mux route.Mux) {
	// A team's members are memberships, which keep the teams they are in;
	// the API refuses a change of them with a 400, not a 422.
	members := memberSet[team]{
		join: func(t *team, id string) {
			if m := organizationMemberships.in(s)[id]; !slices.Contains(m.Teams, t.ID) {
				m.Teams = append(m.Teams, t.ID)
			}
		},
		leave: func(t *team, id string) {
			m := organizationMemberships.in(s)[id]
			m.Teams = slices.DeleteFunc(m.Teams, func(team string) bool { return team == t.ID })
		},
	}
	const empty = "data must name at least one member"
	// By username: each an active member of the organization; removing
	// one who is not in the team changes nothing.
	relate(s, mux, apiPrefix+"/teams/{id}/relationships/users", relation[team]{
		find:    s.memberManagedTeamLocked,
		member:  func(t *team, username string, _ bool) (string, string) { return s.activeMemberNamedLocked(t, username) },
		members: members, empty: empty, refusal: asBadRequest,
	})
	s.handle(mux, "GET "+apiPrefix+"/teams/{id}/relationships/organization-memberships", s.listTeamMemberships)
	// By membership ID, invited ones too; removing one that is not in the
	// team is refused.
	relate(s, mux, apiPrefix+"/teams/{id}/relationships/organization-memberships", relation[team]{
		find: s.memberManagedTeamLocked,
		member: func(t *team, id string, add bool) (string, string) {
			m := organizationMemberships.in(s)[id]
			switch {
			case !add && (m == nil || m.Org != t.Org || !slices.Contains(m.Teams, t.ID)):
				return "", id + " is not a member of team " + quote(t.Name)
			case m == nil || m.Org != t.Org:
				return "", id + " is not a member of the organization"
			}
			return id, ""
		},
		members: members, empty: empty, refusal: asBadRequest,
	})
}

// teamMembershipsLocked returns the memberships in t, by creation;
// status, when given, keeps those with it.
func (s *Server) teamMembershipsLocked(t *team, status string) []*organizationMembership {
	return byCreation(organizationMemberships.where(s, func(m *organizationMembership) bool {
		return m.Org == t.Org && slices.Contains(m.Teams, t.ID) && (status == "" || m.Status == status)
	}))
}

// teamUsersLocked returns t's users: those of its active memberships (an
// invited person is in no team's users until it accepts), by username,
// then the team's service account when the team has a token, as the
// platform lists it.
func (s *Server) teamUsersLocked(t *team) []*user {
	var out []*user
	for _, m := range s.teamMembershipsLocked(t, membershipActive) {
		if u := users.in(s)[m.User]; u != nil {
			out = append(out, u)
		}
	}
	slices.SortFunc(out, func(a, b *user) int {
		return cmp.Or(strings.Compare(strings.ToLower(a.Username), strings.ToLower(b.Username)), strings.Compare(a.ID, b.ID))
	})
	if s.teamHasTokenLocked(t) {
		out = append(out, serviceAccount(t))
	}
	return out
}

// memberManagedTeamLocked returns the team the path names when p may
// change its members: who manages the organization's membership; to the
// others a team they see is not found either.
func (s *Server) memberManagedTeamLocked(p principal, id string) (*team, reply, bool) {
	return teams.find(s, p, id, func(t *team) bool {
		return s.seesTeamLocked(p, t) && s.managesMembershipLocked(p, organizations.in(s)[t.Org])
	})
}

// activeMemberNamedLocked returns the ID of the active membership in t's
// organization of the user named username, or the API's refusal.
func (s *Server) activeMemberNamedLocked(t *team, username string) (string, string) {
	refused := username + " is not a member of the organization"
	u := s.userByNameLocked(username)
	if u == nil {
		return "", refused
	}
	m := s.membershipOfLocked(t.Org, u.ID)
	if m == nil || m.Status != membershipActive {
		return "", refused
	}
	return m.ID, ""
}

// listTeamMemberships lists the team's memberships by pages:
// filter[status] keeps one status, filter[is_service_account] true keeps
// none (service accounts have no membership here) and false all.
func (s *Server) listTeamMemberships(w http.ResponseWriter, r *http.Request, p principal) {
	s.membershipListing(p).serve(s, w, r, func(lq *listQuery) ([]*organizationMembership, reply) {
		status := lq.Get("filter[status]")
		if rep := membershipStatusFilter(status); rep.status != 0 {
			return nil, rep
		}
		service := lq.Get("filter[is_service_account]")
		if service != "" && service != "true" && service != "false" {
			return nil, badParameter("filter[is_service_account]", "Invalid filter[is_service_account] %q: must be true or false", service)
		}
		t, rep, found := s.visibleTeamLocked(p, r.PathValue("id"))
		switch {
		case !found:
			return nil, rep
		case service == "true":
			return nil, reply{}
		}
		return s.teamMembershipsLocked(t, status), reply{}
	})
}

func init() { addRoutes((*Server).registerTeamMemberships) }
