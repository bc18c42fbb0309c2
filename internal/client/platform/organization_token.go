package platform

import (
	"context"
	"net/http"
	"time"
)

// OrganizationToken is an organization's API token, type
// authentication-tokens; an organization has one at most. Token, the
// secret, is answered by the create only.
type OrganizationToken struct {
	ID          string `jsonapi:"primary,authentication-tokens"`
	Token       string `jsonapi:"attr,token"`
	Description string `jsonapi:"attr,description"`
	// ExpiredAt is when the token stops working, nil for never.
	ExpiredAt  *time.Time `jsonapi:"attr,expired-at,rfc3339"`
	CreatedAt  *time.Time `jsonapi:"attr,created-at,rfc3339"`
	LastUsedAt *time.Time `jsonapi:"attr,last-used-at,rfc3339"`
}

// OrganizationTokenCreateOptions is the body of a create.
type OrganizationTokenCreateOptions struct {
	Type      string     `jsonapi:"primary,authentication-token"`
	ExpiredAt *time.Time `jsonapi:"attr,expired-at,rfc3339,omitempty"`
}

// OrganizationTokens are the calls of organization tokens.
type OrganizationTokens struct{ c *Client }

func organizationTokenPath(org string) (string, error) {
	path, err := organizationPath(org)
	if err != nil {
		return "", err
	}
	return path + "/authentication-token", nil
}

// Create creates the organization's token, replacing the one it has.
func (s *OrganizationTokens) Create(ctx context.Context, org string, opts OrganizationTokenCreateOptions) (*OrganizationToken, error) {
	path, err := organizationTokenPath(org)
	if err != nil {
		return nil, err
	}
	return one[OrganizationToken](ctx, s.c, request{method: http.MethodPost, path: path, body: &opts})
}

// Read reads the organization's token; its secret is not answered.
func (s *OrganizationTokens) Read(ctx context.Context, org string) (*OrganizationToken, error) {
	path, err := organizationTokenPath(org)
	if err != nil {
		return nil, err
	}
	return one[OrganizationToken](ctx, s.c, request{method: http.MethodGet, path: path})
}

// Delete deletes the organization's token.
func (s *OrganizationTokens) Delete(ctx context.Context, org string) error {
	path, err := organizationTokenPath(org)
	if err != nil {
		return err
	}
	return s.c.exec(ctx, request{method: http.MethodDelete, path: path})
}
