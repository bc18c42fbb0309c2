package platform

import (
	"context"
	"net/http"
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

func oauthTokenPath(id string) (string, error) {
	p, err := segment("OAuth token ID", id)
	if err != nil {
		return "", err
	}
	return "/oauth-tokens/" + p, nil
}

// Read reads an OAuth token by ID.
func (s *OAuthTokens) Read(ctx context.Context, id string) (*OAuthToken, error) {
	path, err := oauthTokenPath(id)
	if err != nil {
		return nil, err
	}
	return one[OAuthToken](ctx, s.c, request{method: http.MethodGet, path: path})
}

// ListByClient lists the tokens of an OAuth client.
func (s *OAuthTokens) ListByClient(ctx context.Context, clientID string) (*OAuthTokenList, error) {
	path, err := oauthClientPath(clientID)
	if err != nil {
		return nil, err
	}
	return list[OAuthToken](ctx, s.c, path+"/oauth-tokens", nil)
}

// Update sets or removes the token's SSH key.
func (s *OAuthTokens) Update(ctx context.Context, id string, opts OAuthTokenUpdateOptions) (*OAuthToken, error) {
	path, err := oauthTokenPath(id)
	if err != nil {
		return nil, err
	}
	return one[OAuthToken](ctx, s.c, request{method: http.MethodPatch, path: path, body: &opts})
}

// Delete deletes an OAuth token; its client stays.
func (s *OAuthTokens) Delete(ctx context.Context, id string) error {
	path, err := oauthTokenPath(id)
	if err != nil {
		return err
	}
	return s.c.exec(ctx, request{method: http.MethodDelete, path: path})
}
