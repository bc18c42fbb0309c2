package platform

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
)

// TeamMemberships are the calls of a team's members: its relationships
// users (by username; active members of the organization only) and
// organization-memberships (by membership ID; invited ones too).
type TeamMemberships struct{ c *Client }

// teamMembers is a team read for its members.
type teamMembers struct {
	ID          string                    `jsonapi:"primary,teams"`
	Users       []*User                   `jsonapi:"relation,users"`
	Memberships []*OrganizationMembership `jsonapi:"relation,organization-memberships"`
}

// TeamMembershipListOptions narrow the list of a team's memberships:
// Status one status; ServiceAccounts, when set, keeps the service
// accounts' (true) or the people's (false).
type TeamMembershipListOptions struct {
	Status          string
	ServiceAccounts *bool
}

// AddUsers adds users to a team by username.
func (s *TeamMemberships) AddUsers(ctx context.Context, teamID string, usernames []string) error {
	return relate(ctx, s.c, http.MethodPost, teams.at(teamID), "users", "users", usernames)
}

// RemoveUsers removes users from a team by username.
func (s *TeamMemberships) RemoveUsers(ctx context.Context, teamID string, usernames []string) error {
	return relate(ctx, s.c, http.MethodDelete, teams.at(teamID), "users", "users", usernames)
}

// AddMemberships adds organization memberships to a team by ID.
func (s *TeamMemberships) AddMemberships(ctx context.Context, teamID string, ids []string) error {
	return relate(ctx, s.c, http.MethodPost, teams.at(teamID), "organization-memberships", "organization-memberships", ids)
}

// RemoveMemberships removes organization memberships from a team by ID;
// the platform refuses one that is not in the team (400).
func (s *TeamMemberships) RemoveMemberships(ctx context.Context, teamID string, ids []string) error {
	return relate(ctx, s.c, http.MethodDelete, teams.at(teamID), "organization-memberships", "organization-memberships", ids)
}

// ListUsers returns a team's users, its service account included when it
// has a token (User.IsServiceAccount tells it).
func (s *TeamMemberships) ListUsers(ctx context.Context, teamID string) ([]*User, error) {
	t, err := get[teamMembers](ctx, s.c, teams.at(teamID), "users")
	if err != nil {
		return nil, err
	}
	return t.Users, nil
}

// MembershipIDs returns the IDs of a team's organization memberships,
// invited ones included, from the team's relationship: one request,
// whatever the team's size, and no service account, which has no
// membership.
func (s *TeamMemberships) MembershipIDs(ctx context.Context, teamID string) ([]string, error) {
	t, err := get[teamMembers](ctx, s.c, teams.at(teamID))
	if err != nil {
		return nil, err
	}
	ids := make([]string, 0, len(t.Memberships))
	for _, m := range t.Memberships {
		ids = append(ids, m.ID)
	}
	return ids, nil
}

// ListMemberships returns a team's organization memberships, invited ones
// included, each with its user, from every page.
func (s *TeamMemberships) ListMemberships(ctx context.Context, teamID string, opts TeamMembershipListOptions) ([]*OrganizationMembership, error) {
	q := url.Values{}
	if opts.Status != "" {
		q.Set("filter[status]", opts.Status)
	}
	if opts.ServiceAccounts != nil {
		q.Set("filter[is_service_account]", strconv.FormatBool(*opts.ServiceAccounts))
	}
	l, err := list[OrganizationMembership](ctx, s.c, teams.at(teamID).sub("relationships/organization-memberships"), includeQuery(q, userIncluded))
	if err != nil {
		return nil, err
	}
	return l.Items, nil
}
