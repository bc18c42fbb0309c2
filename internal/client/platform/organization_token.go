package platform

import (
	"context"
	"net/http"
	"net/url"
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

// OrganizationTokens are the calls of one of an organization's singleton
// tokens: its own token (Client.OrganizationTokens), or its audit trail
// token (Client.AuditTrailTokens), a token of the same shape beside it for
// reading the organization's audit trail, which the same path serves with
// ?token=audit-trails. Each kind is replaced, read and deleted alone.
type OrganizationTokens struct {
	c *Client
	// kind is the token query parameter, "" for the organization's own.
	kind string
}

// AuditTrailTokenKind is the token query parameter of the audit trail
// token.
const AuditTrailTokenKind = "audit-trails"

// request is a call of the token of the kind of s.
func (s *OrganizationTokens) request(method, org string, body any) request {
	r := request{method: method, at: organizations.at(org).sub("authentication-token"), body: body}
	if s.kind != "" {
		r.query = url.Values{"token": {s.kind}}
	}
	return r
}

// Create creates the organization's token of this kind, replacing the one
// it has.
func (s *OrganizationTokens) Create(ctx context.Context, org string, opts OrganizationTokenCreateOptions) (*OrganizationToken, error) {
	return one[OrganizationToken](ctx, s.c, s.request(http.MethodPost, org, &opts))
}

// Read reads the organization's token of this kind; its secret is not
// answered.
func (s *OrganizationTokens) Read(ctx context.Context, org string) (*OrganizationToken, error) {
	return one[OrganizationToken](ctx, s.c, s.request(http.MethodGet, org, nil))
}

// Delete deletes the organization's token of this kind.
func (s *OrganizationTokens) Delete(ctx context.Context, org string) error {
	return s.c.exec(ctx, s.request(http.MethodDelete, org, nil))
}
