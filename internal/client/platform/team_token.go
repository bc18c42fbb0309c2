package platform

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

// TeamToken is a team's API token, type authentication-tokens (at-…).
// Token, the secret, is answered by the create only.
type TeamToken struct {
	ID    string `jsonapi:"primary,authentication-tokens"`
	Token string `jsonapi:"attr,token"`
	// Description is a described token's, "" when empty; nil for the
	// team's legacy token, which has none.
	Description *string `jsonapi:"attr,description"`
	// ExpiredAt is when the token stops working, nil for never.
	ExpiredAt  *time.Time `jsonapi:"attr,expired-at,rfc3339"`
	CreatedAt  *time.Time `jsonapi:"attr,created-at,rfc3339"`
	LastUsedAt *time.Time `jsonapi:"attr,last-used-at,rfc3339"`

	Team *Team `jsonapi:"relation,team"`
}

// TeamTokenCreateOptions is the body of a create of one of a team's
// several tokens. Description is required, empty or not, and unique within
// the team: the platform refuses a second token of a description, the
// empty one too (see DescriptionTaken).
type TeamTokenCreateOptions struct {
	Type        string     `jsonapi:"primary,authentication-tokens"`
	Description *string    `jsonapi:"attr,description,omitempty"`
	ExpiredAt   *time.Time `jsonapi:"attr,expired-at,rfc3339,omitempty"`
}

// TeamLegacyTokenCreateOptions is the body of a create of a team's single
// legacy token.
type TeamLegacyTokenCreateOptions struct {
	Type      string     `jsonapi:"primary,authentication-token"`
	ExpiredAt *time.Time `jsonapi:"attr,expired-at,rfc3339,omitempty"`
}

// TeamTokenListOptions narrow a list of an organization's team tokens.
type TeamTokenListOptions struct {
	// Query matches descriptions and team names (q).
	Query string
}

// TeamTokenList is a list of team tokens.
type TeamTokenList = List[TeamToken]

// TeamTokens are the calls of team tokens. A team has several tokens,
// each with a description, and a legacy single token without one; both
// kinds are team tokens, through endpoints of their own.
type TeamTokens struct{ c *Client }

// Create creates one more token for a team.
func (s *TeamTokens) Create(ctx context.Context, teamID string, opts TeamTokenCreateOptions) (*TeamToken, error) {
	return post[TeamToken](ctx, s.c, tokens.under(teams.at(teamID)), &opts)
}

// Read reads a token of a team by ID; its secret is not answered.
func (s *TeamTokens) Read(ctx context.Context, id string) (*TeamToken, error) {
	return get[TeamToken](ctx, s.c, tokens.at(id))
}

// Delete deletes a token of a team by ID.
func (s *TeamTokens) Delete(ctx context.Context, id string) error {
	return del(ctx, s.c, tokens.at(id))
}

// CreateLegacy creates the team's legacy token, replacing the one it has.
func (s *TeamTokens) CreateLegacy(ctx context.Context, teamID string, opts TeamLegacyTokenCreateOptions) (*TeamToken, error) {
	return post[TeamToken](ctx, s.c, teams.at(teamID).sub("authentication-token"), &opts)
}

// ReadLegacy reads the team's legacy token; its secret is not answered.
func (s *TeamTokens) ReadLegacy(ctx context.Context, teamID string) (*TeamToken, error) {
	return get[TeamToken](ctx, s.c, teams.at(teamID).sub("authentication-token"))
}

// DeleteLegacy deletes the team's legacy token.
func (s *TeamTokens) DeleteLegacy(ctx context.Context, teamID string) error {
	return del(ctx, s.c, teams.at(teamID).sub("authentication-token"))
}

// List lists the team tokens of an organization, of every team.
func (s *TeamTokens) List(ctx context.Context, org string, opts TeamTokenListOptions) (*TeamTokenList, error) {
	q := url.Values{}
	if opts.Query != "" {
		q.Set("q", opts.Query)
	}
	return list[TeamToken](ctx, s.c, organizations.at(org).sub("team-tokens"), q)
}

// descriptionTakenText is what the platform answers a create of a
// team's token whose description another token of the team has: 422
// "Validation failed: Description has already been taken" (servers that
// answer 409 say "has already been taken" too).
const descriptionTakenText = "has already been taken"

// DescriptionTaken reports whether err is the platform's refusal of a
// team token whose description the team's other token has.
func DescriptionTaken(err error) bool {
	var e *client.Error
	return errors.As(err, &e) && (e.StatusCode == http.StatusUnprocessableEntity || e.StatusCode == http.StatusConflict) &&
		strings.Contains(strings.ToLower(e.Message), descriptionTakenText)
}
