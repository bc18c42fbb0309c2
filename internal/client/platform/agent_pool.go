package platform

// AgentPool is an agent pool, type agent-pools, as organizations,
// projects and workspaces refer to it.
type AgentPool struct {
	ID                 string `jsonapi:"primary,agent-pools"`
	Name               string `jsonapi:"attr,name"`
	OrganizationScoped bool   `jsonapi:"attr,organization-scoped"`
}
