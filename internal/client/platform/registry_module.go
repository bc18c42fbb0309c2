package platform

import (
	"context"
	"net/url"
	"time"
)

// PrefixRegistryModule begins the IDs of registry modules.
const PrefixRegistryModule = "mod"

// Publishing mechanisms of a module of a repository.
const (
	PublishingBranch = "branch"
	PublishingTags   = "git_tag"
)

// RegistryModule is a module of an organization's registry, type
// registry-modules (mod-…): a private one, in the organization's
// namespace, or the organization's copy of a public one. A private module
// of no repository publishes the versions uploaded through the API; one
// of a repository publishes from it, from a branch (PublishingMechanism
// branch) or from its tags (git_tag).
type RegistryModule struct {
	ID                  string                    `jsonapi:"primary,registry-modules"`
	Name                string                    `jsonapi:"attr,name"`
	Provider            string                    `jsonapi:"attr,provider"`
	Namespace           string                    `jsonapi:"attr,namespace"`
	RegistryName        string                    `jsonapi:"attr,registry-name"`
	NoCode              bool                      `jsonapi:"attr,no-code"`
	Status              string                    `jsonapi:"attr,status"`
	VersionStatuses     []RegistryModuleVersionOf `jsonapi:"attr,version-statuses"`
	PublishingMechanism string                    `jsonapi:"attr,publishing-mechanism"`
	TestConfig          *RegistryModuleTestConfig `jsonapi:"attr,test-config"`
	VCSRepo             *RegistryModuleVCSRepo    `jsonapi:"attr,vcs-repo"`
	CreatedAt           *time.Time                `jsonapi:"attr,created-at,rfc3339"`
	UpdatedAt           *time.Time                `jsonapi:"attr,updated-at,rfc3339"`

	Organization *Organization `jsonapi:"relation,organization"`
}

// RegistryModuleVersionOf is a version of a module as the module's
// version-statuses list it.
type RegistryModuleVersionOf struct {
	Version string `jsonapi:"attr,version"`
	Status  string `jsonapi:"attr,status"`
	Error   string `jsonapi:"attr,error"`
}

// RegistryModuleTestConfig is how a module's tests run: AgentPoolID in
// the agent execution mode alone.
type RegistryModuleTestConfig struct {
	TestsEnabled       bool   `jsonapi:"attr,tests-enabled"`
	AgentExecutionMode string `jsonapi:"attr,agent-execution-mode"`
	AgentPoolID        string `jsonapi:"attr,agent-pool-id"`
}

// RegistryModuleVCSRepo is a module's repository, and how it publishes.
type RegistryModuleVCSRepo struct {
	Identifier        string `jsonapi:"attr,identifier"`
	DisplayIdentifier string `jsonapi:"attr,display-identifier"`
	// OAuthTokenID and CodehostAppInstallationID: one of them says how
	// the platform reaches the code host.
	OAuthTokenID              string `jsonapi:"attr,oauth-token-id"`
	CodehostAppInstallationID string `jsonapi:"attr,codehost-app-installation-id"`
	Branch                    string `jsonapi:"attr,branch"`
	Tags                      bool   `jsonapi:"attr,tags"`
	SourceDirectory           string `jsonapi:"attr,source-directory"`
	TagPrefix                 string `jsonapi:"attr,tag-prefix"`
	IngressSubmodules         bool   `jsonapi:"attr,ingress-submodules"`
	RepositoryHTTPURL         string `jsonapi:"attr,repository-http-url"`
	ServiceProvider           string `jsonapi:"attr,service-provider"`
	WebhookURL                string `jsonapi:"attr,webhook-url"`
}

// RegistryModuleID names a module by its path: its organization,
// registry, namespace (a private module's is its organization's name),
// name and provider.
type RegistryModuleID struct {
	Organization, RegistryName, Namespace, Name, Provider string
}

// RegistryModuleOptions is the body of a create and an update. A create
// with VCSRepo makes a module of a repository (and takes InitialVersion);
// one without makes a module of no repository, which needs Name and
// Provider. An update sends NoCode, TestConfig and VCSRepo's Branch, Tags,
// SourceDirectory and TagPrefix alone.
type RegistryModuleOptions struct {
	Type           string                           `jsonapi:"primary,registry-modules"`
	Name           string                           `jsonapi:"attr,name,omitempty"`
	Provider       string                           `jsonapi:"attr,provider,omitempty"`
	Namespace      string                           `jsonapi:"attr,namespace,omitempty"`
	RegistryName   string                           `jsonapi:"attr,registry-name,omitempty"`
	NoCode         *bool                            `jsonapi:"attr,no-code,omitempty"`
	InitialVersion string                           `jsonapi:"attr,initial-version,omitempty"`
	TestConfig     *RegistryModuleTestConfigOptions `jsonapi:"attr,test-config,omitempty"`
	VCSRepo        *RegistryModuleVCSRepoOptions    `jsonapi:"attr,vcs-repo,omitempty"`
}

// RegistryModuleTestConfigOptions is the test-config of a create or an
// update.
type RegistryModuleTestConfigOptions struct {
	TestsEnabled       *bool   `jsonapi:"attr,tests-enabled,omitempty"`
	AgentExecutionMode *string `jsonapi:"attr,agent-execution-mode,omitempty"`
	AgentPoolID        *string `jsonapi:"attr,agent-pool-id,omitempty"`
}

// RegistryModuleVCSRepoOptions is the vcs-repo of a create (every field)
// or an update (Branch, Tags, SourceDirectory and TagPrefix). Branch ""
// with Tags true publishes from tags.
type RegistryModuleVCSRepoOptions struct {
	Identifier                *string `jsonapi:"attr,identifier,omitempty"`
	DisplayIdentifier         *string `jsonapi:"attr,display-identifier,omitempty"`
	OAuthTokenID              *string `jsonapi:"attr,oauth-token-id,omitempty"`
	CodehostAppInstallationID *string `jsonapi:"attr,codehost-app-installation-id,omitempty"`
	OrganizationName          *string `jsonapi:"attr,organization-name,omitempty"`
	Branch                    *string `jsonapi:"attr,branch,omitempty"`
	Tags                      *bool   `jsonapi:"attr,tags,omitempty"`
	SourceDirectory           *string `jsonapi:"attr,source-directory,omitempty"`
	TagPrefix                 *string `jsonapi:"attr,tag-prefix,omitempty"`
}

// RegistryModuleListOptions narrow a list of registry modules.
type RegistryModuleListOptions struct {
	// Query matches a part of the names, in any case (q).
	Query string
	// Provider and RegistryName keep the modules of one provider
	// (filter[provider]) and of one registry (filter[registry_name]).
	Provider, RegistryName string
}

// RegistryModuleList is a list of registry modules.
type RegistryModuleList = List[RegistryModule]

// RegistryModules are the calls of registry modules.
type RegistryModules struct{ c *Client }

var registryModules = collection{path: "/registry-modules", id: "registry module ID"}

// at is the module's path by names.
func (id RegistryModuleID) at() ref {
	return registryModules.under(organizations.at(id.Organization)).
		item("registry name", id.RegistryName).item("namespace", id.Namespace).
		item("module name", id.Name).item("module provider", id.Provider)
}

// Create creates a module in an organization's registry: of a repository
// when opts has a VCSRepo (POST .../registry-modules/vcs, with the
// organization's name in it), of none otherwise.
func (s *RegistryModules) Create(ctx context.Context, org string, opts RegistryModuleOptions) (*RegistryModule, error) {
	at := registryModules.under(organizations.at(org))
	if opts.VCSRepo != nil {
		repo := *opts.VCSRepo
		repo.OrganizationName = &org
		opts.VCSRepo = &repo
		at = at.sub("vcs")
	}
	return post[RegistryModule](ctx, s.c, at, &opts)
}

// Read reads a module by its names.
func (s *RegistryModules) Read(ctx context.Context, id RegistryModuleID) (*RegistryModule, error) {
	return get[RegistryModule](ctx, s.c, id.at())
}

// ReadByID reads a module by its ID.
func (s *RegistryModules) ReadByID(ctx context.Context, id string) (*RegistryModule, error) {
	return get[RegistryModule](ctx, s.c, registryModules.at(id))
}

// List lists an organization's modules.
func (s *RegistryModules) List(ctx context.Context, org string, opts RegistryModuleListOptions) (*RegistryModuleList, error) {
	q := url.Values{}
	if opts.Query != "" {
		q.Set("q", opts.Query)
	}
	if opts.Provider != "" {
		q.Set("filter[provider]", opts.Provider)
	}
	if opts.RegistryName != "" {
		q.Set("filter[registry_name]", opts.RegistryName)
	}
	return list[RegistryModule](ctx, s.c, registryModules.under(organizations.at(org)), q)
}

// Update changes a module's no-code, test configuration and publishing.
func (s *RegistryModules) Update(ctx context.Context, id RegistryModuleID, opts RegistryModuleOptions) (*RegistryModule, error) {
	return patch[RegistryModule](ctx, s.c, id.at(), &opts)
}

// Delete deletes a module, with its versions.
func (s *RegistryModules) Delete(ctx context.Context, id RegistryModuleID) error {
	return del(ctx, s.c, id.at())
}
