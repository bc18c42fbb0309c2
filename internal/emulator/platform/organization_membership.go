package platform

import (
	"errors"
	"fmt"
	"net/http"
	"slices"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/route"
)

// # Organization memberships
//
//   - POST /organizations/:org/organization-memberships invites a person by
//     email (required, an email address: 422): a user the platform does not
//     know by that email (in any case) gets a record without username. The
//     membership (type organization-memberships, ID "ou-...") is invited;
//     the relationship teams puts it in those teams of the organization
//     (422 for another's). The creator of an organization is an active
//     member of it from its creation, in its owners team. A person invited
//     twice to one organization is 422. The answer (201) includes the user.
//     A subscription's contract-user-limit (see subscription.go) caps
//     members and invitations together: one more is 400 "... has reached
//     its limit of N users" (the admin route that adds members does not
//     count).
//   - Answers carry status (invited or active), email, created-at,
//     is-org-two-factor-required (invitations only), and the relationships
//     organization (by name), user, teams and scim-identity (null).
//     include= knows user and teams, on reads and lists.
//   - GET /organizations/:org/organization-memberships lists by creation
//     and by pages: q a case-insensitive part of the username or the email,
//     filter[email] a comma-separated list of emails (in any case),
//     filter[status] invited or active (another is 400); meta.status-counts
//     {total, active, invited} counts what q and filter[email] keep. GET
//     /organization-memberships lists the token's user's own memberships
//     (none for team and organization tokens).
//   - There is no update. DELETE answers 204 and takes the user out of the
//     organization's teams; an invited person's record goes with its last
//     membership. A user removing itself from an organization it owns is
//     403. An organization's delete takes its memberships (its members'
//     users stay: people are the platform's).
//   - Whoever sees the organization reads its memberships; its owners and
//     teams with manage-membership or manage-teams invite and remove
//     members, and change its teams' members; to the others a write is 404.
//   - An invitation is accepted outside the API, by the emulator's admin
//     API (see the package doc, Go API and routes for tests): the
//     membership becomes active and the user gets a username. A membership
//     changes nothing of what a user's token sees (see the package doc,
//     Tokens and who sees what).

// prefixOrganizationMembership begins the IDs of this file's objects.
const prefixOrganizationMembership = "ou"

// Statuses of a membership.
const (
	membershipInvited = "invited"
	membershipActive  = "active"
)

// organizationMembership is a user's membership of an organization:
// invited by email until the person accepts, then active. It also holds
// the teams of the organization the user is in (see team membership).
type organizationMembership struct {
	ID        string    `json:"id"`
	Org       string    `json:"organization"` // the organization's external ID
	User      string    `json:"user"`
	Status    string    `json:"status"`
	Teams     []string  `json:"teams"`
	CreatedAt time.Time `json:"created-at"`
}

func (s *Server) registerOrganizationMemberships(mux route.Mux) {
	s.handle(mux, "GET "+apiPrefix+"/organizations/{org}/organization-memberships", s.listOrganizationMemberships)
	s.handle(mux, "POST "+apiPrefix+"/organizations/{org}/organization-memberships", s.createOrganizationMembership)
	s.handle(mux, "GET "+apiPrefix+"/organization-memberships", s.listOwnMemberships)
	s.handle(mux, "GET "+apiPrefix+"/organization-memberships/{id}", s.readOrganizationMembership)
	s.handle(mux, "DELETE "+apiPrefix+"/organization-memberships/{id}", s.deleteOrganizationMembership)
}

// managesMembershipLocked reports whether p invites and removes o's
// members and changes its teams' members: the owners, and teams with
// manage-membership or manage-teams.
func (s *Server) managesMembershipLocked(p principal, o *organization) bool {
	if s.managesTeamsLocked(p, o) {
		return true
	}
	own := s.teamOfLocked(p)
	return own != nil && own.Org == o.ExternalID && own.Access["manage-membership"]
}

// visibleMembershipLocked returns the membership id when p sees its
// organization, or the 404 that answers a missing and a hidden one.
func (s *Server) visibleMembershipLocked(p principal, id string) (*organizationMembership, reply, bool) {
	return organizationMemberships.find(s, p, id, nil)
}

func (s *Server) membershipOfLocked(org, userID string) *organizationMembership {
	for _, m := range organizationMemberships.in(s) {
		if m.Org == org && m.User == userID {
			return m
		}
	}
	return nil
}

// membershipIncludes are the includes of memberships: user and teams.
func (s *Server) membershipIncludes(p principal) includes {
	return includes{
		"user": func(res resource) []resource {
			if m := organizationMemberships.in(s)[res.ID]; m != nil {
				if u := users.in(s)[m.User]; u != nil {
					return []resource{u.resource()}
				}
			}
			return nil
		},
		"teams": func(res resource) []resource {
			var out []resource
			if m := organizationMemberships.in(s)[res.ID]; m != nil {
				for _, id := range m.Teams {
					if t := teams.in(s)[id]; t != nil && s.seesTeamLocked(p, t) {
						out = append(out, s.teamResource(t, p))
					}
				}
			}
			return out
		},
	}
}

func (s *Server) membershipResource(m *organizationMembership) resource {
	u := users.in(s)[m.User]
	teamRefs := []ref{}
	for _, id := range m.Teams {
		teamRefs = append(teamRefs, ref{Type: "teams", ID: id})
	}
	attrs := map[string]any{
		"status":     m.Status,
		"email":      u.Email,
		"created-at": formatTime(m.CreatedAt),
	}
	if m.Status == membershipInvited {
		attrs["is-org-two-factor-required"] = organizations.in(s)[m.Org].CollaboratorAuthPolicy == "two_factor_mandatory"
	}
	return resource{
		Type: "organization-memberships", ID: m.ID,
		Attributes: attrs,
		Relationships: map[string]any{
			"organization":  toOne("organizations", organizations.in(s)[m.Org].Name),
			"user":          toOne("users", m.User),
			"teams":         toMany(teamRefs),
			"scim-identity": toOne("scim-identities", ""),
		},
		Links: map[string]string{"self": apiPrefix + "/organization-memberships/" + m.ID},
	}
}

// byCreation orders memberships by creation, the ID breaking ties.
func byCreation(list []*organizationMembership) []*organizationMembership {
	return organizationMemberships.order(list, false, byTime(func(m *organizationMembership) time.Time { return m.CreatedAt }))
}

// membershipListing is the listing of every list of memberships.
func (s *Server) membershipListing(p principal) listing[*organizationMembership] {
	return listing[*organizationMembership]{includes: func() includes { return s.membershipIncludes(p) }, render: plain(s.membershipResource)}
}

// membershipStatusFilter reads filter[status]: "", invited or active; a
// refusal has a status.
func membershipStatusFilter(status string) reply {
	if status != "" && status != membershipInvited && status != membershipActive {
		return badParameter("filter[status]", "Invalid filter[status] %q: must be invited or active", status)
	}
	return reply{}
}

// listOrganizationMemberships lists the organization's memberships by
// creation: q is a part of the username or the email, filter[email] a
// list of emails, filter[status] one status; meta.status-counts counts what
// q and filter[email] keep.
func (s *Server) listOrganizationMemberships(w http.ResponseWriter, r *http.Request, p principal) {
	s.membershipListing(p).serveInOrg(s, w, r, p, func(o *organization, lq *listQuery) ([]*organizationMembership, reply) {
		status := lq.Get("filter[status]")
		if rep := membershipStatusFilter(status); rep.status != 0 {
			return nil, rep
		}
		emails, search := commaList(lq.Get("filter[email]")), lq.Get("q")
		counts := map[string]int{"total": 0, membershipActive: 0, membershipInvited: 0}
		list := organizationMemberships.where(s, func(m *organizationMembership) bool {
			u := users.in(s)[m.User]
			if m.Org != o.ExternalID ||
				emails != nil && !slices.ContainsFunc(emails, func(e string) bool { return strings.EqualFold(e, u.Email) }) ||
				search != "" && !containsFold(u.Username, search) && !containsFold(u.Email, search) {
				return false
			}
			counts["total"]++
			counts[m.Status]++
			return status == "" || m.Status == status
		})
		lq.meta = map[string]any{"status-counts": counts}
		return byCreation(list), reply{}
	})
}

// listOwnMemberships is GET /organization-memberships: the memberships of
// the token's user, in the organizations it sees; none for a team or an
// organization token.
func (s *Server) listOwnMemberships(w http.ResponseWriter, r *http.Request, p principal) {
	s.membershipListing(p).serve(s, w, r, func(*listQuery) ([]*organizationMembership, reply) {
		u := s.userOfLocked(p)
		if u == nil {
			return nil, reply{}
		}
		return byCreation(organizationMemberships.where(s, func(m *organizationMembership) bool { return m.User == u.ID })), reply{}
	})
}

func (s *Server) readOrganizationMembership(w http.ResponseWriter, r *http.Request, p principal) {
	readOnPath(s, w, r, p, func() includes { return s.membershipIncludes(p) }, s.visibleMembershipLocked,
		func(m *organizationMembership, _ []string) resource { return s.membershipResource(m) })
}

// createOrganizationMembership invites a person by email: a user the
// platform does not know gets a record of its own, without a username
// until it accepts. The relationship teams puts the membership in those
// teams of the organization. The answer includes the user.
func (s *Server) createOrganizationMembership(w http.ResponseWriter, r *http.Request, p principal) {
	s.writeInOrg(w, r, p, func(o *organization, in *input) reply {
		if !s.managesMembershipLocked(p, o) {
			return notFound("organization " + quote(o.Name))
		}
		f, probs := in.attrs, in.probs
		email, _ := f.str("email")
		switch {
		case !f.has("email"):
			probs.add(f.at("email"), "email is required")
		case !validEmail.MatchString(email):
			probs.add(f.at("email"), "invalid email %q: must be an email address", email)
		}
		var teamIDs []string
		if objs, given := in.rels.many("teams"); given {
			for i, obj := range objs {
				t := teams.in(s)[obj.ID]
				if t == nil || t.Org != o.ExternalID || !s.seesTeamLocked(p, t) {
					probs.add(fmt.Sprintf("%s/%d", in.rels.at("teams"), i), "team %q is not a team of organization %q", obj.ID, o.Name)
					continue
				}
				if !slices.Contains(teamIDs, t.ID) {
					teamIDs = append(teamIDs, t.ID)
				}
			}
		}
		if len(*probs) > 0 {
			return probs.reply()
		}
		if limit := userLimit(o); limit > 0 && s.memberCountLocked(o) >= limit {
			return errorReply(http.StatusBadRequest, fmt.Sprintf("organization %q has reached its limit of %d users: remove a member or an invitation first", o.Name, limit))
		}
		u := s.userByEmailLocked(email)
		if u != nil {
			if m := s.membershipOfLocked(o.ExternalID, u.ID); m != nil {
				probs.add(f.at("email"), "%s has already been invited to organization %q (%s, %s)", email, o.Name, m.ID, m.Status)
				return probs.reply()
			}
		} else {
			u = &user{ID: newID(prefixUser), Email: email}
			users.in(s)[u.ID] = u
		}
		m := s.addMembershipLocked(o, u, membershipInvited, teamIDs)
		return created(document{Data: s.membershipResource(m), Included: []resource{u.resource()}})
	})
}

// userLimit is the number of members and invitations o's subscription
// allows (contract-user-limit, as the administrator set it); 0 is no limit.
func userLimit(o *organization) int {
	if o.Subscription == nil {
		return 0
	}
	return o.Subscription.Limits["contract-user-limit"]
}

func (s *Server) memberCountLocked(o *organization) int {
	n := 0
	for _, m := range organizationMemberships.in(s) {
		if m.Org == o.ExternalID {
			n++
		}
	}
	return n
}

// addMembershipLocked stores a new membership of u in o.
func (s *Server) addMembershipLocked(o *organization, u *user, status string, teamIDs []string) *organizationMembership {
	m := &organizationMembership{
		ID: newID(prefixOrganizationMembership), Org: o.ExternalID, User: u.ID,
		Status: status, Teams: append([]string{}, teamIDs...), CreatedAt: s.now().UTC(),
	}
	organizationMemberships.in(s)[m.ID] = m
	return m
}

// addCreatorLocked makes the user who created o an active member of it,
// in its owners team.
func (s *Server) addCreatorLocked(o *organization, owners *team, p principal) {
	if u := s.userOfLocked(p); u != nil {
		s.addMembershipLocked(o, u, membershipActive, []string{owners.ID})
	}
}

// deleteOrganizationMembership removes a member, or withdraws an
// invitation: the user leaves the organization's teams. A user may not
// remove itself from an organization it owns (403).
func (s *Server) deleteOrganizationMembership(w http.ResponseWriter, r *http.Request, p principal) {
	onPath(s, w, r, p, s.visibleMembershipLocked, func(m *organizationMembership) reply {
		o := organizations.in(s)[m.Org]
		if !s.managesMembershipLocked(p, o) {
			return notFound("organization membership " + quote(m.ID))
		}
		if u := s.userOfLocked(p); u != nil && u.ID == m.User && slices.Contains(o.Owners, u.ID) {
			return errorReply(http.StatusForbidden, "you cannot remove yourself from organization "+quote(o.Name)+", which you own")
		}
		organizationMemberships.remove(s, m)
		return noContent()
	})
}

// checkOrganizationMembership refuses a membership of the state file that
// no request could have stored.
func (st *store) checkOrganizationMembership(m *organizationMembership) error {
	if !isID(prefixOrganizationMembership, m.ID) {
		return errors.New("no valid ID")
	}
	if organizations.in(st)[m.Org] == nil {
		return fmt.Errorf("organization %q is not in the file", m.Org)
	}
	if users.in(st)[m.User] == nil {
		return fmt.Errorf("user %q is not in the file", m.User)
	}
	if m.Status != membershipInvited && m.Status != membershipActive {
		return fmt.Errorf("status %q: must be invited or active", m.Status)
	}
	for _, other := range organizationMemberships.in(st) {
		if other.Org == m.Org && other.User == m.User {
			return fmt.Errorf("user %q is a member twice", m.User)
		}
	}
	for _, id := range m.Teams {
		if t := teams.in(st)[id]; t == nil || t.Org != m.Org {
			return fmt.Errorf("team %q is not a team of its organization", id)
		}
	}
	if m.Teams == nil {
		m.Teams = []string{}
	}
	return nil
}

var organizationMemberships = &table[organizationMembership]{
	key: "organization-memberships", noun: "organization membership",
	id: func(m *organizationMembership) string { return m.ID },
}

func init() {
	organizationMemberships.needs = []anyTable{organizations, users, teams}
	organizationMemberships.check = (*store).checkOrganizationMembership
	// An organization's delete takes its memberships, a user's its own; a
	// team's delete leaves the memberships' teams.
	organizationMemberships.belongsTo(organizations, func(m *organizationMembership) string { return m.Org })
	organizationMemberships.belongsTo(users, func(m *organizationMembership) string { return m.User })
	organizationMemberships.refersTo(teams, func(m *organizationMembership) *[]string { return &m.Teams })
	organizationMemberships.org = func(st *store, m *organizationMembership) *organization { return organizations.in(st)[m.Org] }
	register(organizationMemberships)
	addRoutes((*Server).registerOrganizationMemberships)
}

// AcceptMembership accepts the invitation id ("ou-..."), as the invited
// person would by signing up: the membership becomes active and its user
// gets the username, when it has none yet (empty takes the email's part
// before @, its other characters than letters, numbers, - and _ dropped).
// It returns the user's ID and username.
func (s *Server) AcceptMembership(id, username string) (userID, name string, err error) {
	err = s.change(func() error {
		m := organizationMemberships.in(s)[id]
		if m == nil {
			return fmt.Errorf("organization membership %q: no such membership", id)
		}
		if m.Status != membershipInvited {
			return fmt.Errorf("organization membership %q is %s: only an invitation is accepted", id, m.Status)
		}
		u := users.in(s)[m.User]
		if u.Username == "" {
			if err := s.nameUserLocked(u, username); err != nil {
				return err
			}
		} else if username != "" && username != u.Username {
			return fmt.Errorf("the invited user has the username %q already", u.Username)
		}
		m.Status = membershipActive
		userID, name = u.ID, u.Username
		return nil
	})
	return userID, name, err
}

// nameUserLocked gives u, an invited person's record, a username.
func (s *Server) nameUserLocked(u *user, username string) error {
	if username == "" {
		local, _, _ := strings.Cut(u.Email, "@")
		username = strings.Map(func(r rune) rune {
			if r < 128 && validUsername.MatchString(string(r)) {
				return r
			}
			return -1
		}, local)
		username = username[:min(len(username), 40)]
	}
	if !validUsername.MatchString(username) || strings.HasPrefix(username, prefixServiceAccount) {
		return fmt.Errorf("username %q: must be 1 to 40 letters, numbers, - or _", username)
	}
	if s.userByNameLocked(username) != nil {
		return fmt.Errorf("username %q is taken", username)
	}
	u.Username = username
	return nil
}

// AddMember makes the user named username an active member of the
// organization named org, as if invited and accepted: the user is created
// when there is none, with email (username@example.com when empty); an
// invitation it has is accepted. It returns the membership's ID and the
// user's.
func (s *Server) AddMember(org, username, email string) (membershipID, userID string, err error) {
	if email != "" && !validEmail.MatchString(email) {
		return "", "", fmt.Errorf("email %q: must be an email address", email)
	}
	err = s.change(func() error {
		o := s.orgByNameLocked(org)
		if o == nil {
			return fmt.Errorf("organization %q: no such organization", org)
		}
		u := s.userByNameLocked(username)
		if u == nil && email != "" {
			if byEmail := s.userByEmailLocked(email); byEmail != nil {
				if byEmail.Username != "" {
					return fmt.Errorf("email %q is the user %q's", email, byEmail.Username)
				}
				if err := s.nameUserLocked(byEmail, username); err != nil {
					return err
				}
				u = byEmail
			}
		}
		if u == nil {
			if !validUsername.MatchString(username) {
				return fmt.Errorf("username %q: must be 1 to 40 letters, numbers, - or _", username)
			}
			created, err := s.userNamedOrNewLocked(username)
			if err != nil {
				return err
			}
			if email != "" {
				created.Email = email
			}
			u = created
		}
		m := s.membershipOfLocked(o.ExternalID, u.ID)
		switch {
		case m == nil:
			m = s.addMembershipLocked(o, u, membershipActive, nil)
		case m.Status == membershipActive:
			return fmt.Errorf("user %q is a member of organization %q already (%s)", u.Username, o.Name, m.ID)
		default:
			m.Status = membershipActive
		}
		membershipID, userID = m.ID, u.ID
		return nil
	})
	return membershipID, userID, err
}
