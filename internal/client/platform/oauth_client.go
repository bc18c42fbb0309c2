package platform

import (
	"context"
	"net/http"
	"time"
)

// PrefixOAuthClient begins the IDs of OAuth clients.
const PrefixOAuthClient = "oc"

// OAuthClient is an organization's connection to a code host, type
// oauth-clients (oc-…). Its secrets (the OAuth token string, Secret,
// PrivateKey) are written and never read back: Secret is always empty.
// OAuthTokens names its token, which a workspace's vcs_repo names.
type OAuthClient struct {
	ID                  string     `jsonapi:"primary,oauth-clients"`
	Name                *string    `jsonapi:"attr,name"`
	ServiceProvider     string     `jsonapi:"attr,service-provider"`
	ServiceProviderName string     `jsonapi:"attr,service-provider-display-name"`
	HTTPURL             string     `jsonapi:"attr,http-url"`
	APIURL              string     `jsonapi:"attr,api-url"`
	Key                 string     `jsonapi:"attr,key"`
	RSAPublicKey        string     `jsonapi:"attr,rsa-public-key"`
	CallbackURL         string     `jsonapi:"attr,callback-url"`
	ConnectPath         string     `jsonapi:"attr,connect-path"`
	OrganizationScoped  bool       `jsonapi:"attr,organization-scoped"`
	CreatedAt           *time.Time `jsonapi:"attr,created-at,rfc3339"`

	Organization *Organization `jsonapi:"relation,organization"`
	OAuthTokens  []*OAuthToken `jsonapi:"relation,oauth-tokens"`
	AgentPool    *AgentPool    `jsonapi:"relation,agent-pool"`
	Projects     []*Project    `jsonapi:"relation,projects"`
}

// OAuthClientOptions is the body of a create or an update; a nil field is
// left out. A create needs ServiceProvider, HTTPURL and APIURL, which,
// with PrivateKey (an ado_server client's), an update cannot change: Update
// leaves them out. OAuthToken, Secret and PrivateKey are written, never
// read back. Projects on a create attaches the client to them; an update
// attaches through AddProjects and RemoveProjects. AgentPool nil is left
// out, which keeps the pool on an update: this type cannot send the null
// that clears it.
type OAuthClientOptions struct {
	Type               string     `jsonapi:"primary,oauth-clients"`
	Name               *string    `jsonapi:"attr,name,omitempty"`
	ServiceProvider    *string    `jsonapi:"attr,service-provider,omitempty"`
	HTTPURL            *string    `jsonapi:"attr,http-url,omitempty"`
	APIURL             *string    `jsonapi:"attr,api-url,omitempty"`
	Key                *string    `jsonapi:"attr,key,omitempty"`
	Secret             *string    `jsonapi:"attr,secret,omitempty"`
	PrivateKey         *string    `jsonapi:"attr,private-key,omitempty"`
	RSAPublicKey       *string    `jsonapi:"attr,rsa-public-key,omitempty"`
	OAuthToken         *string    `jsonapi:"attr,oauth-token-string,omitempty"`
	OrganizationScoped *bool      `jsonapi:"attr,organization-scoped,omitempty"`
	AgentPool          *AgentPool `jsonapi:"relation,agent-pool,omitempty"`
	Projects           []*Project `jsonapi:"relation,projects,omitempty"`
}

// OAuthClientList is a list of OAuth clients.
type OAuthClientList = List[OAuthClient]

// OAuthClients are the calls of OAuth clients.
type OAuthClients struct{ c *Client }

var oauthClients = collection{path: "/oauth-clients", id: "OAuth client ID"}

// Create creates an OAuth client in an organization.
func (s *OAuthClients) Create(ctx context.Context, org string, opts OAuthClientOptions) (*OAuthClient, error) {
	return post[OAuthClient](ctx, s.c, oauthClients.under(organizations.at(org)), &opts)
}

// Read reads an OAuth client by ID.
func (s *OAuthClients) Read(ctx context.Context, id string) (*OAuthClient, error) {
	return get[OAuthClient](ctx, s.c, oauthClients.at(id))
}

// List lists the OAuth clients of an organization.
func (s *OAuthClients) List(ctx context.Context, org string) (*OAuthClientList, error) {
	return list[OAuthClient](ctx, s.c, oauthClients.under(organizations.at(org)), nil)
}

// Update changes an OAuth client: what a create sets once is left out.
func (s *OAuthClients) Update(ctx context.Context, id string, opts OAuthClientOptions) (*OAuthClient, error) {
	opts.ServiceProvider, opts.HTTPURL, opts.APIURL, opts.PrivateKey, opts.Projects = nil, nil, nil, nil, nil
	return patch[OAuthClient](ctx, s.c, oauthClients.at(id), &opts)
}

// Delete deletes an OAuth client and its token.
func (s *OAuthClients) Delete(ctx context.Context, id string) error {
	return del(ctx, s.c, oauthClients.at(id))
}

// AddProjects attaches the client to projects, by ID.
func (s *OAuthClients) AddProjects(ctx context.Context, id string, projectIDs []string) error {
	return relate(ctx, s.c, http.MethodPost, oauthClients.at(id), "projects", "projects", projectIDs)
}

// RemoveProjects detaches the client from projects, by ID.
func (s *OAuthClients) RemoveProjects(ctx context.Context, id string, projectIDs []string) error {
	return relate(ctx, s.c, http.MethodDelete, oauthClients.at(id), "projects", "projects", projectIDs)
}
