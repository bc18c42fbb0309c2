package platform

import "context"

// User is a person of the platform, type users (user-…), or the synthetic
// service account that a team's tokens act as (IsServiceAccount, username
// api-team_…). Username is empty while an invited person has not signed
// up. The account's own fields (UnconfirmedEmail, IsAdmin, TwoFactor) are
// set on the current user only.
type User struct {
	ID               string `jsonapi:"primary,users"`
	Username         string `jsonapi:"attr,username"`
	Email            string `jsonapi:"attr,email"`
	AvatarURL        string `jsonapi:"attr,avatar-url"`
	IsServiceAccount bool   `jsonapi:"attr,is-service-account"`

	UnconfirmedEmail string         `jsonapi:"attr,unconfirmed-email"`
	IsAdmin          *bool          `jsonapi:"attr,is-admin"`
	TwoFactor        *UserTwoFactor `jsonapi:"attr,two-factor"`
	// AuthenticatedResource is what the current user's token acts for
	// (changelog 2023-11-17): its user, or a team token's team.
	AuthenticatedResource *AuthenticatedResource `jsonapi:"polyrelation,authenticated-resource"`
}

// AuthenticatedResource is what a token acts for: one of its fields is
// set.
type AuthenticatedResource struct {
	User         *LockingUser
	Team         *Team
	Organization *Organization
}

// Kind and ID are the resource's JSON:API type (users, teams,
// organizations) and ID (an organization's is its name); "" for none.
func (a *AuthenticatedResource) Kind() string {
	switch {
	case a == nil:
		return ""
	case a.User != nil:
		return "users"
	case a.Team != nil:
		return "teams"
	case a.Organization != nil:
		return "organizations"
	}
	return ""
}

func (a *AuthenticatedResource) ID() string {
	switch a.Kind() {
	case "users":
		return a.User.ID
	case "teams":
		return a.Team.ID
	case "organizations":
		return a.Organization.Name
	}
	return ""
}

// UserTwoFactor is the state of the current user's second factor.
type UserTwoFactor struct {
	Enabled  bool `jsonapi:"attr,enabled"`
	Verified bool `jsonapi:"attr,verified"`
}

// Users are the calls of users: they are read, never written, here.
type Users struct{ c *Client }

var users = collection{path: "/users", id: "user ID"}

// Read reads a user by ID: 404 for one the token may not see.
func (s *Users) Read(ctx context.Context, id string) (*User, error) {
	return get[User](ctx, s.c, users.at(id))
}

// ReadCurrent reads the token's own account: a user token's user, or a
// team token's service account.
func (s *Users) ReadCurrent(ctx context.Context) (*User, error) {
	return get[User](ctx, s.c, ref{path: "/account/details"})
}
