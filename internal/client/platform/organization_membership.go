package platform

import (
	"context"
	"fmt"
	"net/url"
	"strings"
)

// PrefixOrganizationMembership begins the IDs of organization memberships.
const PrefixOrganizationMembership = "ou"

// Statuses of an organization membership: invited until the person
// accepts, then active.
const (
	MembershipInvited = "invited"
	MembershipActive  = "active"
)

// OrganizationMembership is a person's membership of an organization,
// type organization-memberships (ou-…). User is the user with its
// attributes when the answer includes it (every call here asks for it),
// its ID alone otherwise; Teams are the teams it is in, by ID.
type OrganizationMembership struct {
	ID     string `jsonapi:"primary,organization-memberships"`
	Status string `jsonapi:"attr,status"`
	Email  string `jsonapi:"attr,email"`

	Organization *Organization `jsonapi:"relation,organization"`
	User         *User         `jsonapi:"relation,user"`
	Teams        []*Team       `jsonapi:"relation,teams"`
}

// OrganizationMembershipCreateOptions is the body of an invitation: Email
// is required; Teams puts the membership in those teams.
type OrganizationMembershipCreateOptions struct {
	Type  string  `jsonapi:"primary,organization-memberships"`
	Email *string `jsonapi:"attr,email,omitempty"`
	Teams []*Team `jsonapi:"relation,teams,omitempty"`
}

// OrganizationMembershipListOptions narrow a list of memberships: Emails
// are exact emails (filter[email]), Status one status (filter[status]),
// Query a part of the username or the email (q).
type OrganizationMembershipListOptions struct {
	Emails []string
	Status string
	Query  string
}

// OrganizationMembershipList is a list of memberships.
type OrganizationMembershipList = List[OrganizationMembership]

// OrganizationMemberships are the calls of organization memberships.
type OrganizationMemberships struct{ c *Client }

// userIncluded is the include= of every call: the membership's user.
var userIncluded = []string{"user"}

var organizationMemberships = collection{path: "/organization-memberships", id: "organization membership ID"}

// List lists an organization's memberships with their users.
func (s *OrganizationMemberships) List(ctx context.Context, org string, opts OrganizationMembershipListOptions) (*OrganizationMembershipList, error) {
	q := url.Values{}
	if len(opts.Emails) > 0 {
		q.Set("filter[email]", strings.Join(opts.Emails, ","))
	}
	if opts.Status != "" {
		q.Set("filter[status]", opts.Status)
	}
	if opts.Query != "" {
		q.Set("q", opts.Query)
	}
	return list[OrganizationMembership](ctx, s.c, organizationMemberships.under(organizations.at(org)), includeQuery(q, userIncluded))
}

// Create invites a person to an organization by email; the answer
// includes the user.
func (s *OrganizationMemberships) Create(ctx context.Context, org string, opts OrganizationMembershipCreateOptions) (*OrganizationMembership, error) {
	return post[OrganizationMembership](ctx, s.c, organizationMemberships.under(organizations.at(org)), &opts)
}

// Read reads a membership by ID, with its user.
func (s *OrganizationMemberships) Read(ctx context.Context, id string) (*OrganizationMembership, error) {
	return get[OrganizationMembership](ctx, s.c, organizationMemberships.at(id), userIncluded...)
}

// ReadByEmail finds an organization's membership of the person with that
// email, in any case; none is a 404 (client.IsNotFound).
func (s *OrganizationMemberships) ReadByEmail(ctx context.Context, org, email string) (*OrganizationMembership, error) {
	l, err := s.List(ctx, org, OrganizationMembershipListOptions{Emails: []string{email}})
	if err != nil {
		return nil, err
	}
	return find(l, organizationMemberships.under(organizations.at(org)), fmt.Sprintf("no membership of %q", email),
		func(m *OrganizationMembership) bool { return strings.EqualFold(m.Email, email) })
}

// ReadByUsername finds an organization's membership of the user with that
// username, exactly; none is a 404 (client.IsNotFound). q matches
// usernames and emails loosely: the included user decides.
func (s *OrganizationMemberships) ReadByUsername(ctx context.Context, org, username string) (*OrganizationMembership, error) {
	l, err := s.List(ctx, org, OrganizationMembershipListOptions{Query: username})
	if err != nil {
		return nil, err
	}
	return find(l, organizationMemberships.under(organizations.at(org)), fmt.Sprintf("no membership of a user named %q", username),
		func(m *OrganizationMembership) bool { return m.User != nil && m.User.Username == username })
}

// Delete removes a member, or withdraws an invitation.
func (s *OrganizationMemberships) Delete(ctx context.Context, id string) error {
	return del(ctx, s.c, organizationMemberships.at(id))
}
