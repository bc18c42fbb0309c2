package platform

import (
	"context"
	"time"
)

// PrefixOAuthToken begins the IDs of OAuth tokens.
const PrefixOAuthToken = "ot"

// OAuthToken is the token through which an OAuth client reaches its code
// host, type oauth-tokens (ot-…): what a workspace's vcs_repo names. Its
// SSH key is written and never read back: HasSSHKey says whether it has
// one.
type OAuthToken struct {
	ID        string     `jsonapi:"primary,oauth-tokens"`
	CreatedAt *time.Time `jsonapi:"attr,created-at,rfc3339"`
	HasSSHKey bool       `jsonapi:"attr,has-ssh-key"`

	OAuthClient *OAuthClient `jsonapi:"relation,oauth-client"`
}

// OAuthTokenUpdateOptions is the body of an update: the private SSH key
// the token clones submodules with; Null() removes it.
type OAuthTokenUpdateOptions struct {
	Type   string           `jsonapi:"primary,oauth-tokens"`
	SSHKey Nullable[string] `jsonapi:"attr,ssh-key,omitempty"`
}

// OAuthTokenList is a list of OAuth tokens.
type OAuthTokenList = List[OAuthToken]

// OAuthTokens are the calls of OAuth tokens.
type OAuthTokens struct{ c *Client }

var oauthTokens = collection{path: "/oauth-tokens", id: "OAuth token ID"}

// Read reads an OAuth token by ID.
func (s *OAuthTokens) Read(ctx context.Context, id string) (*OAuthToken, error) {
	return get[OAuthToken](ctx, s.c, oauthTokens.at(id))
}

// ListByClient lists the tokens of an OAuth client.
func (s *OAuthTokens) ListByClient(ctx context.Context, clientID string) (*OAuthTokenList, error) {
	return list[OAuthToken](ctx, s.c, oauthTokens.under(oauthClients.at(clientID)), nil)
}

// Update sets or removes the token's SSH key.
func (s *OAuthTokens) Update(ctx context.Context, id string, opts OAuthTokenUpdateOptions) (*OAuthToken, error) {
	return patch[OAuthToken](ctx, s.c, oauthTokens.at(id), &opts)
}

// Delete deletes an OAuth token; its client stays.
func (s *OAuthTokens) Delete(ctx context.Context, id string) error {
	return del(ctx, s.c, oauthTokens.at(id))
}
