package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// NewAgentPoolListResource is the constructor of the list resource of
// stack_platform_agent_pool.
var NewAgentPoolListResource = fwutil.NewListResource(NewAgentPoolResource, &fwutil.List[agentPoolModel, organizationListFilters, *platformclient.Client]{
	Filters: func(context.Context) lschema.Schema {
		return organizationFilters("Lists the agent pools of an organization of the platform that the token may see, "+
			"all of them or those whose names contain the search. "+
			fmt.Sprintf("The list is read whole, %d agent pools a request, the most the platform serves.", platformclient.PageSize), "agent pools", true)
	},
	List: func(ctx context.Context, c *platformclient.Client, f *organizationListFilters, diags *diag.Diagnostics) []*agentPoolModel {
		return listedIn(c, &f.Organization, "agent pools", diags, func(org string) (*platformclient.AgentPoolList, error) {
			return c.AgentPools.List(ctx, org, platformclient.AgentPoolListOptions{Query: f.Search.ValueString()})
		}, func(org types.String, p *platformclient.AgentPool) *agentPoolModel {
			m := &agentPoolModel{Organization: org}
			modelFromAgentPool(m, p)
			return m
		})
	},
	DisplayName: func(m *agentPoolModel) string { return m.Name.ValueString() },
})
