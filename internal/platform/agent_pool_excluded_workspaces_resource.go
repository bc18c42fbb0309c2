package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// agentPoolExcludedWorkspacesModel is a pool's excluded workspaces.
type agentPoolExcludedWorkspacesModel struct {
	poolListModel
	ExcludedWorkspaceIDs types.Set `tfsdk:"excluded_workspace_ids"`
}

// NewAgentPoolExcludedWorkspacesResource is the constructor of
// stack_platform_agent_pool_excluded_workspaces.
var NewAgentPoolExcludedWorkspacesResource = newPoolListResource(agentPoolExcludedWorkspaces)

// agentPoolExcludedWorkspaces is the list as its resource sees it.
var agentPoolExcludedWorkspaces = poolList[agentPoolExcludedWorkspacesModel]{
	typeName: "platform_agent_pool_excluded_workspaces", object: "agent pool's excluded workspaces",
	attribute: "excluded_workspace_ids", prefix: platformclient.PrefixWorkspace, member: "workspace", idRule: "`ws-` and 16 characters",
	description: "The workspaces that may not use an agent pool that is `organization_scoped`, which every other workspace of the organization may use; " +
		"the pool's allowed workspaces and projects still let the workspaces they name use it.",
	meaning:   "that may not use it",
	base:      func(m *agentPoolExcludedWorkspacesModel) *poolListModel { return &m.poolListModel },
	fromModel: agentPoolExcludedWorkspacesFromModel,
	toModel:   modelFromAgentPoolExcludedWorkspaces,
	ids:       func(p *platformclient.AgentPool) []string { return poolWorkspaceIDs(p.ExcludedWorkspaces) },
}

// agentPoolExcludedWorkspacesFromModel is the update that sets the pool's
// excluded workspaces, and nothing else.
func agentPoolExcludedWorkspacesFromModel(ctx context.Context, m *agentPoolExcludedWorkspacesModel, diags *diag.Diagnostics) platformclient.AgentPoolOptions {
	return platformclient.AgentPoolOptions{ExcludedWorkspaces: poolWorkspaces(poolListIDs(ctx, m.ExcludedWorkspaceIDs, diags))}
}

// modelFromAgentPoolExcludedWorkspaces writes the pool's allowed
// workspaces over m.
func modelFromAgentPoolExcludedWorkspaces(m *agentPoolExcludedWorkspacesModel, p *platformclient.AgentPool) {
	m.ID, m.AgentPoolID = types.StringValue(p.ID), types.StringValue(p.ID)
	m.ExcludedWorkspaceIDs = poolListSet(poolWorkspaceIDs(p.ExcludedWorkspaces))
}
