package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// agentPoolDataModel is an agent pool as the data source shows it: what
// the resource has, and the pool's three lists, which say who may use it
// and which their own resources manage.
type agentPoolDataModel struct {
	agentPoolModel
	AllowedWorkspaceIDs  types.Set `tfsdk:"allowed_workspace_ids"`
	AllowedProjectIDs    types.Set `tfsdk:"allowed_project_ids"`
	ExcludedWorkspaceIDs types.Set `tfsdk:"excluded_workspace_ids"`
}

var agentPoolLookup = lookup{
	object: "agent pool", idPrefix: platformclient.PrefixAgentPool, idRule: "`apool-` and 16 characters",
	nameMatch: ", compared exactly, in its case", nameRule: agentPoolNameRule, nameValidators: notBlankValidators(),
	owner: "the pool's",
}

// NewAgentPoolDataSource is the constructor of the
// stack_platform_agent_pool data source.
var NewAgentPoolDataSource = fwutil.NewDataSource(&fwutil.DataSource[agentPoolDataModel, *platformclient.Client]{
	TypeName: "platform_agent_pool",
	Service:  platformclient.Service,
	Schema:   agentPoolDataSourceSchema,
	Read:     readAgentPoolDataSource,
})

func agentPoolDataSourceSchema(ctx context.Context) schema.Schema {
	attrs := computedFrom(agentPoolSchema(ctx), map[string]string{
		"organization_scoped": "Whether every workspace of the organization may use the pool, but those it excludes (`true`), " +
			"or only the workspaces and projects it allows (`false`).",
	})
	ids := func(description string) schema.SetAttribute {
		return schema.SetAttribute{Computed: true, ElementType: types.StringType, Description: description + " Empty when it has none."}
	}
	attrs["allowed_workspace_ids"] = ids("IDs of the workspaces that may use the pool besides those its allowed projects hold; " +
		"with `organization_scoped = false`, they and the allowed projects' workspaces are the only ones (`stack_platform_agent_pool_allowed_workspaces`).")
	attrs["allowed_project_ids"] = ids("IDs of the projects whose workspaces may use the pool; " +
		"with `organization_scoped = false`, their workspaces and the allowed workspaces are the only ones (`stack_platform_agent_pool_allowed_projects`).")
	attrs["excluded_workspace_ids"] = ids("IDs of the workspaces that may not use the pool when it is `organization_scoped`; " +
		"its allowed workspaces and projects still let the workspaces they name use it (`stack_platform_agent_pool_excluded_workspaces`).")
	agentPoolLookup.addAttributes(attrs)
	return schema.Schema{
		Description: "Reads an agent pool of the platform, by its name in an organization or by its ID, such as for the `agent_pool_id` of " +
			"`stack_platform_workspace_settings`. The platform answers a pool the token may not see as one that does not exist.",
		Attributes: attrs,
	}
}

func readAgentPoolDataSource(ctx context.Context, c *platformclient.Client, m *agentPoolDataModel, diags *diag.Diagnostics) {
	got, ok := find(ctx, agentPoolLookup, c, m.ID, m.Organization, m.Name, diags,
		c.AgentPools.Read,
		func(ctx context.Context, org, name string) (*platformclient.AgentPoolList, error) {
			return c.AgentPools.List(ctx, org, platformclient.AgentPoolListOptions{Query: name})
		},
		func(p *platformclient.AgentPool) string { return p.Name })
	if !ok {
		return
	}
	modelFromAgentPool(&m.agentPoolModel, got)
	m.AllowedWorkspaceIDs = poolListSet(poolWorkspaceIDs(got.AllowedWorkspaces))
	m.AllowedProjectIDs = poolListSet(poolProjectIDs(got.AllowedProjects))
	m.ExcludedWorkspaceIDs = poolListSet(poolWorkspaceIDs(got.ExcludedWorkspaces))
}
