package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// agentPoolAllowedWorkspacesModel is a pool's allowed workspaces.
type agentPoolAllowedWorkspacesModel struct {
	poolListModel
	AllowedWorkspaceIDs types.Set `tfsdk:"allowed_workspace_ids"`
}

// NewAgentPoolAllowedWorkspacesResource is the constructor of
// stack_platform_agent_pool_allowed_workspaces.
var NewAgentPoolAllowedWorkspacesResource = newPoolListResource(agentPoolAllowedWorkspaces)

// agentPoolAllowedWorkspaces is the list as its resource sees it.
var agentPoolAllowedWorkspaces = poolList[agentPoolAllowedWorkspacesModel]{
	typeName: "platform_agent_pool_allowed_workspaces", object: "agent pool's allowed workspaces",
	attribute: "allowed_workspace_ids", prefix: platformclient.PrefixWorkspace, member: "workspace", idRule: "`ws-` and 16 characters",
	description: "The workspaces that may use an agent pool besides those its allowed projects hold; with `organization_scoped = false` on the pool, " +
		"they and the allowed projects' workspaces are the only ones.",
	meaning:   "that may use it",
	base:      func(m *agentPoolAllowedWorkspacesModel) *poolListModel { return &m.poolListModel },
	fromModel: agentPoolAllowedWorkspacesFromModel,
	toModel:   modelFromAgentPoolAllowedWorkspaces,
	ids:       func(p *platformclient.AgentPool) []string { return poolWorkspaceIDs(p.AllowedWorkspaces) },
}

// agentPoolAllowedWorkspacesFromModel is the update that sets the pool's
// allowed workspaces, and nothing else.
func agentPoolAllowedWorkspacesFromModel(ctx context.Context, m *agentPoolAllowedWorkspacesModel, diags *diag.Diagnostics) platformclient.AgentPoolOptions {
	return platformclient.AgentPoolOptions{AllowedWorkspaces: poolWorkspaces(poolListIDs(ctx, m.AllowedWorkspaceIDs, diags))}
}

// modelFromAgentPoolAllowedWorkspaces writes the pool's allowed
// workspaces over m.
func modelFromAgentPoolAllowedWorkspaces(m *agentPoolAllowedWorkspacesModel, p *platformclient.AgentPool) {
	m.ID, m.AgentPoolID = types.StringValue(p.ID), types.StringValue(p.ID)
	m.AllowedWorkspaceIDs = poolListSet(poolWorkspaceIDs(p.AllowedWorkspaces))
}
