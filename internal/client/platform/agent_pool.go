package platform

import (
	"context"
	"net/url"
)

// PrefixAgentPool begins the IDs of agent pools.
const PrefixAgentPool = "apool"

// AgentPool is an agent pool, type agent-pools (apool-…), whose agents run
// the workspaces that name it; organizations, projects and workspaces
// refer to it.
type AgentPool struct {
	ID   string `jsonapi:"primary,agent-pools"`
	Name string `jsonapi:"attr,name"`
	// OrganizationScoped: every workspace of the organization may use the
	// pool, but those ExcludedWorkspaces names; otherwise only those of
	// AllowedWorkspaces and of AllowedProjects' projects.
	OrganizationScoped bool `jsonapi:"attr,organization-scoped"`

	Organization       *Organization `jsonapi:"relation,organization"`
	AllowedWorkspaces  []*Workspace  `jsonapi:"relation,allowed-workspaces"`
	AllowedProjects    []*Project    `jsonapi:"relation,allowed-projects"`
	ExcludedWorkspaces []*Workspace  `jsonapi:"relation,excluded-workspaces"`
	// Workspaces are the workspaces that run on the pool.
	Workspaces []*Workspace `jsonapi:"relation,workspaces"`
}

// AgentPoolOptions is the body of a create or an update of an agent pool.
// A nil field is left out: a create gives it the platform's default (Name
// is required; OrganizationScoped defaults to true), an update leaves it
// as it is.
//
// Each list, when not nil, replaces the pool's list: an empty, non-nil
// one empties it. An update that sends one list alone changes that list
// alone, so that the resources that manage each list do not undo each
// other's.
type AgentPoolOptions struct {
	Type               string       `jsonapi:"primary,agent-pools"`
	Name               *string      `jsonapi:"attr,name,omitempty"`
	OrganizationScoped *bool        `jsonapi:"attr,organization-scoped,omitempty"`
	AllowedWorkspaces  []*Workspace `jsonapi:"relation,allowed-workspaces,omitempty"`
	AllowedProjects    []*Project   `jsonapi:"relation,allowed-projects,omitempty"`
	ExcludedWorkspaces []*Workspace `jsonapi:"relation,excluded-workspaces,omitempty"`
}

// AgentPoolListOptions narrow a list of agent pools.
type AgentPoolListOptions struct {
	// Query matches a part of the names, in any case (q).
	Query string
}

// AgentPoolList is a list of agent pools.
type AgentPoolList = List[AgentPool]

// AgentPools are the calls of agent pools.
type AgentPools struct{ c *Client }

var agentPools = collection{path: "/agent-pools", id: "agent pool ID"}

// List lists an organization's agent pools.
func (s *AgentPools) List(ctx context.Context, org string, opts AgentPoolListOptions) (*AgentPoolList, error) {
	q := url.Values{}
	if opts.Query != "" {
		q.Set("q", opts.Query)
	}
	return list[AgentPool](ctx, s.c, agentPools.under(organizations.at(org)), q)
}

// ReadByName reads the agent pool of an organization that has that name,
// in any case, as the platform keeps pool names unique in any case. None
// is a 404.
func (s *AgentPools) ReadByName(ctx context.Context, org, name string) (*AgentPool, error) {
	l, err := s.List(ctx, org, AgentPoolListOptions{Query: name})
	return named(l, err, agentPools.under(organizations.at(org)), "agent pool", name, func(p *AgentPool) string { return p.Name })
}

// Create creates an agent pool in an organization.
func (s *AgentPools) Create(ctx context.Context, org string, opts AgentPoolOptions) (*AgentPool, error) {
	return post[AgentPool](ctx, s.c, agentPools.under(organizations.at(org)), &opts)
}

// Read reads an agent pool by ID.
func (s *AgentPools) Read(ctx context.Context, id string) (*AgentPool, error) {
	return get[AgentPool](ctx, s.c, agentPools.at(id))
}

// Update updates an agent pool: what opts leaves out stays.
func (s *AgentPools) Update(ctx context.Context, id string, opts AgentPoolOptions) (*AgentPool, error) {
	return patch[AgentPool](ctx, s.c, agentPools.at(id), &opts)
}

// Delete deletes an agent pool; the platform refuses one that an
// organization, a project or a workspace still names.
func (s *AgentPools) Delete(ctx context.Context, id string) error {
	return del(ctx, s.c, agentPools.at(id))
}
