package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// NewAgentPoolListResource is the constructor of the list resource of
// stack_platform_agent_pool.
var NewAgentPoolListResource = organizationList(NewAgentPoolResource, &orgList[agentPoolModel, organizationListFilters, platformclient.AgentPool]{
	What:    "agent pools",
	About:   "Lists the agent pools of an organization of the platform that the token may see, all of them or those whose names contain the search.",
	Filters: organizationFilters("agent pools", true, nil),
	List: func(ctx context.Context, c *platformclient.Client, org string, f *organizationListFilters, _ *diag.Diagnostics) (*platformclient.AgentPoolList, error) {
		return c.AgentPools.List(ctx, org, platformclient.AgentPoolListOptions{Query: f.Search.ValueString()})
	},
	Model: func(org types.String, p *platformclient.AgentPool, _ *diag.Diagnostics) *agentPoolModel {
		m := &agentPoolModel{Organization: org}
		modelFromAgentPool(m, p)
		return m
	},
	DisplayName: func(m *agentPoolModel) string { return m.Name.ValueString() },
})
