package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// agentPoolAllowedProjectsModel is a pool's allowed projects.
type agentPoolAllowedProjectsModel struct {
	poolListModel
	AllowedProjectIDs types.Set `tfsdk:"allowed_project_ids"`
}

// NewAgentPoolAllowedProjectsResource is the constructor of
// stack_platform_agent_pool_allowed_projects.
var NewAgentPoolAllowedProjectsResource = newPoolListResource(agentPoolAllowedProjects)

// agentPoolAllowedProjects is the list as its resource sees it.
var agentPoolAllowedProjects = poolList[agentPoolAllowedProjectsModel]{
	typeName: "platform_agent_pool_allowed_projects", object: "agent pool's allowed projects",
	attribute: "allowed_project_ids", prefix: platformclient.PrefixProject, member: "project", idRule: "`prj-` and 16 characters",
	description: "The projects whose workspaces may use an agent pool; with `organization_scoped = false` on the pool, " +
		"their workspaces and the allowed workspaces are the only ones.",
	meaning:   "whose workspaces may use it",
	base:      func(m *agentPoolAllowedProjectsModel) *poolListModel { return &m.poolListModel },
	fromModel: agentPoolAllowedProjectsFromModel,
	toModel:   modelFromAgentPoolAllowedProjects,
	ids:       func(p *platformclient.AgentPool) []string { return poolProjectIDs(p.AllowedProjects) },
}

// agentPoolAllowedProjectsFromModel is the update that sets the pool's
// allowed projects, and nothing else.
func agentPoolAllowedProjectsFromModel(ctx context.Context, m *agentPoolAllowedProjectsModel, diags *diag.Diagnostics) platformclient.AgentPoolOptions {
	return platformclient.AgentPoolOptions{AllowedProjects: poolProjects(poolListIDs(ctx, m.AllowedProjectIDs, diags))}
}

// modelFromAgentPoolAllowedProjects writes the pool's allowed
// workspaces over m.
func modelFromAgentPoolAllowedProjects(m *agentPoolAllowedProjectsModel, p *platformclient.AgentPool) {
	m.ID, m.AgentPoolID = types.StringValue(p.ID), types.StringValue(p.ID)
	m.AllowedProjectIDs = poolListSet(poolProjectIDs(p.AllowedProjects))
}
