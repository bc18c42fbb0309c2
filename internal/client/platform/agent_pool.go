package platform

import (
	"context"
	"net/http"
)

// AgentPool is an agent pool, type agent-pools (apool-…), whose agents run
// the workspaces that name it; organizations, projects and workspaces
// refer to it.
type AgentPool struct {
	ID                 string `jsonapi:"primary,agent-pools"`
	Name               string `jsonapi:"attr,name"`
	OrganizationScoped bool   `jsonapi:"attr,organization-scoped"`
}

// AgentPoolCreateOptions is the body of a create. Name is required;
// OrganizationScoped defaults to true on the server.
type AgentPoolCreateOptions struct {
	Type               string  `jsonapi:"primary,agent-pools"`
	Name               *string `jsonapi:"attr,name,omitempty"`
	OrganizationScoped *bool   `jsonapi:"attr,organization-scoped,omitempty"`
}

// AgentPools are the calls of agent pools.
type AgentPools struct{ c *Client }

func agentPoolPath(id string) (string, error) {
	p, err := segment("agent pool ID", id)
	if err != nil {
		return "", err
	}
	return "/agent-pools/" + p, nil
}

// Create creates an agent pool in an organization.
func (s *AgentPools) Create(ctx context.Context, org string, opts AgentPoolCreateOptions) (*AgentPool, error) {
	path, err := organizationPath(org)
	if err != nil {
		return nil, err
	}
	return one[AgentPool](ctx, s.c, request{method: http.MethodPost, path: path + "/agent-pools", body: &opts})
}

// Read reads an agent pool by ID.
func (s *AgentPools) Read(ctx context.Context, id string) (*AgentPool, error) {
	path, err := agentPoolPath(id)
	if err != nil {
		return nil, err
	}
	return one[AgentPool](ctx, s.c, request{method: http.MethodGet, path: path})
}

// Delete deletes an agent pool; the platform refuses one that an
// organization, a project or a workspace still names.
func (s *AgentPools) Delete(ctx context.Context, id string) error {
	path, err := agentPoolPath(id)
	if err != nil {
		return err
	}
	return s.c.exec(ctx, request{method: http.MethodDelete, path: path})
}
