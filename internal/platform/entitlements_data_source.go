package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// entitlementsDataModel is an organization's entitlement set: one boolean
// for each entitlement, named as the API names it in snake case.
type entitlementsDataModel struct {
	ID                         types.String `tfsdk:"id"`
	Organization               types.String `tfsdk:"organization"`
	Agents                     types.Bool   `tfsdk:"agents"`
	AuditLogging               types.Bool   `tfsdk:"audit_logging"`
	CostEstimation             types.Bool   `tfsdk:"cost_estimation"`
	GlobalRunTasks             types.Bool   `tfsdk:"global_run_tasks"`
	Operations                 types.Bool   `tfsdk:"operations"`
	PrivateModuleRegistry      types.Bool   `tfsdk:"private_module_registry"`
	PrivatePolicyAgents        types.Bool   `tfsdk:"private_policy_agents"`
	PrivateRunTasks            types.Bool   `tfsdk:"private_run_tasks"`
	PrivateVCS                 types.Bool   `tfsdk:"private_vcs"`
	RunTasks                   types.Bool   `tfsdk:"run_tasks"`
	SSO                        types.Bool   `tfsdk:"sso"`
	Sentinel                   types.Bool   `tfsdk:"sentinel"`
	StateStorage               types.Bool   `tfsdk:"state_storage"`
	Teams                      types.Bool   `tfsdk:"teams"`
	VCSIntegrations            types.Bool   `tfsdk:"vcs_integrations"`
	WaypointActions            types.Bool   `tfsdk:"waypoint_actions"`
	WaypointTemplatesAndAddons types.Bool   `tfsdk:"waypoint_templates_and_addons"`
}

// entitlement is one member of the set: its attribute, what it entitles
// the organization to, and where the model and the answer keep it.
type entitlement struct {
	attr, says string
	model      func(*entitlementsDataModel) *types.Bool
	api        func(*platformclient.EntitlementSet) bool
}

var entitlements = []entitlement{
	{"agents", "self-hosted agents, in agent pools", func(m *entitlementsDataModel) *types.Bool { return &m.Agents },
		func(e *platformclient.EntitlementSet) bool { return e.Agents }},
	{"audit_logging", "the audit trail, and its token", func(m *entitlementsDataModel) *types.Bool { return &m.AuditLogging },
		func(e *platformclient.EntitlementSet) bool { return e.AuditLogging }},
	{"cost_estimation", "cost estimates of plans", func(m *entitlementsDataModel) *types.Bool { return &m.CostEstimation },
		func(e *platformclient.EntitlementSet) bool { return e.CostEstimation }},
	{"global_run_tasks", "run tasks that run in every workspace of the organization (`stack_platform_run_task_global_settings`); without it, the platform ignores a run task's global settings",
		func(m *entitlementsDataModel) *types.Bool { return &m.GlobalRunTasks },
		func(e *platformclient.EntitlementSet) bool { return e.GlobalRunTasks }},
	{"operations", "remote runs: plans and applies run by the platform", func(m *entitlementsDataModel) *types.Bool { return &m.Operations },
		func(e *platformclient.EntitlementSet) bool { return e.Operations }},
	{"private_module_registry", "the private registry of modules and providers", func(m *entitlementsDataModel) *types.Bool { return &m.PrivateModuleRegistry },
		func(e *platformclient.EntitlementSet) bool { return e.PrivateModuleRegistry }},
	{"private_policy_agents", "policy checks run by agents in a private network", func(m *entitlementsDataModel) *types.Bool { return &m.PrivatePolicyAgents },
		func(e *platformclient.EntitlementSet) bool { return e.PrivatePolicyAgents }},
	{"private_run_tasks", "run tasks whose requests go through an agent pool to a private network (a run task's `agent_pool_id`)",
		func(m *entitlementsDataModel) *types.Bool { return &m.PrivateRunTasks },
		func(e *platformclient.EntitlementSet) bool { return e.PrivateRunTasks }},
	{"private_vcs", "code hosts in a private network, reached through agents", func(m *entitlementsDataModel) *types.Bool { return &m.PrivateVCS },
		func(e *platformclient.EntitlementSet) bool { return e.PrivateVCS }},
	{"run_tasks", "run tasks, which call other services at stages of a run (`stack_platform_run_task`)", func(m *entitlementsDataModel) *types.Bool { return &m.RunTasks },
		func(e *platformclient.EntitlementSet) bool { return e.RunTasks }},
	{"sso", "single sign-on", func(m *entitlementsDataModel) *types.Bool { return &m.SSO },
		func(e *platformclient.EntitlementSet) bool { return e.SSO }},
	{"sentinel", "policies and policy sets", func(m *entitlementsDataModel) *types.Bool { return &m.Sentinel },
		func(e *platformclient.EntitlementSet) bool { return e.Sentinel }},
	{"state_storage", "the storage of state", func(m *entitlementsDataModel) *types.Bool { return &m.StateStorage },
		func(e *platformclient.EntitlementSet) bool { return e.StateStorage }},
	{"teams", "teams beyond the owners", func(m *entitlementsDataModel) *types.Bool { return &m.Teams },
		func(e *platformclient.EntitlementSet) bool { return e.Teams }},
	{"vcs_integrations", "workspaces and policy sets connected to code hosts", func(m *entitlementsDataModel) *types.Bool { return &m.VCSIntegrations },
		func(e *platformclient.EntitlementSet) bool { return e.VCSIntegrations }},
	{"waypoint_actions", "the developer platform's actions", func(m *entitlementsDataModel) *types.Bool { return &m.WaypointActions },
		func(e *platformclient.EntitlementSet) bool { return e.WaypointActions }},
	{"waypoint_templates_and_addons", "the developer platform's templates and add-ons", func(m *entitlementsDataModel) *types.Bool { return &m.WaypointTemplatesAndAddons },
		func(e *platformclient.EntitlementSet) bool { return e.WaypointTemplatesAndAddons }},
}

// NewEntitlementsDataSource is the constructor of the
// stack_platform_entitlements data source.
var NewEntitlementsDataSource = fwutil.NewDataSource(&fwutil.DataSource[entitlementsDataModel, *platformclient.Client]{
	TypeName: "platform_entitlements",
	Service:  platformclient.Service,
	Schema:   entitlementsDataSourceSchema,
	Read:     readEntitlementsDataSource,
})

func entitlementsDataSourceSchema(context.Context) schema.Schema {
	attrs := map[string]schema.Attribute{
		"id":           schema.StringAttribute{Computed: true, Description: "The entitlement set's ID, which is the organization's external ID, `org-` and 16 characters."},
		"organization": organizationDataSourceAttribute("whose entitlements to read"),
	}
	for _, e := range entitlements {
		attrs[e.attr] = schema.BoolAttribute{Computed: true, Description: "Whether the organization's plan entitles it to " + e.says + "."}
	}
	return schema.Schema{
		Description: "Reads what an organization's plan entitles it to, each entitlement a boolean: the provider's default organization " +
			"unless `organization` says another. What a plan includes is the platform's: a change of plan shows at the next read. " +
			"Resources that need an entitlement fail without it, some in the platform's words (it answers a feature the organization " +
			"is not entitled to as missing), so a configuration can test one first. The token must see the organization: the platform answers an organization " +
			"the token may not see as one that does not exist.",
		Attributes: attrs,
	}
}

func readEntitlementsDataSource(ctx context.Context, c *platformclient.Client, m *entitlementsDataModel, diags *diag.Diagnostics) {
	org, ok := organizationDefault.Of(c, m.Organization, diags)
	if !ok {
		return
	}
	got, err := c.EntitlementSets.Read(ctx, org)
	if err != nil {
		fwutil.AddAPIError(diags, fmt.Sprintf("Cannot read the entitlements of the organization %q", org), err)
		return
	}
	m.Organization = types.StringValue(org)
	modelFromEntitlementSet(m, got)
}

// modelFromEntitlementSet writes the entitlement set the server answered
// over m.
func modelFromEntitlementSet(m *entitlementsDataModel, e *platformclient.EntitlementSet) {
	m.ID = types.StringValue(e.ID)
	for _, en := range entitlements {
		*en.model(m) = types.BoolValue(en.api(e))
	}
}
