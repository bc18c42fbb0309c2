package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// policySetDataModel is a policy set as the data source shows it: what
// the resource has, and what the set applies to, which the attachments
// manage.
type policySetDataModel struct {
	policySetModel
	WorkspaceIDs         types.Set `tfsdk:"workspace_ids"`
	ProjectIDs           types.Set `tfsdk:"project_ids"`
	ExcludedWorkspaceIDs types.Set `tfsdk:"excluded_workspace_ids"`
	ExcludedProjectIDs   types.Set `tfsdk:"excluded_project_ids"`
}

var policySetLookup = lookup{
	object: "policy set", idPrefix: platformclient.PrefixPolicySet, idRule: "`polset-` and 16 characters",
	nameMatch: ", compared exactly, in its case", nameRule: policySetNameRule, owner: "the set's",
}

// NewPolicySetDataSource is the constructor of the
// stack_platform_policy_set data source.
var NewPolicySetDataSource = fwutil.NewDataSource(&fwutil.DataSource[policySetDataModel, *platformclient.Client]{
	TypeName: "platform_policy_set",
	Service:  platformclient.Service,
	Schema:   policySetDataSourceSchema,
	Read:     readPolicySetDataSource,
})

func policySetDataSourceSchema(ctx context.Context) schema.Schema {
	attrs := computedFrom(policySetSchema(ctx), map[string]string{
		"description":                           "Description of the set; null when it has none.",
		"kind":                                  "The engine of the set's policies: `sentinel` or `opa`.",
		"global":                                "Whether the set applies to every workspace of its organization, but those it excludes.",
		"overridable":                           "Whether someone may override the set's failed policies in a run.",
		"agent_enabled":                         "Whether the set's policies are evaluated in the agent that runs the plan, as an `opa` set's always are.",
		"policy_tool_version":                   "The version of the engine that evaluates the set in the agent, such as `latest`; null for a set evaluated outside the agent.",
		"policies_path":                         "The directory of the set's repository that holds its policies; null when it has none.",
		"policy_update_patterns":                "Glob patterns of the repository's files whose changes update the set.",
		"vcs_repo":                              "The repository that the set's policies come from; null when it has none.",
		"vcs_repo.branch":                       "The branch the policies are taken from; null for the repository's default branch.",
		"vcs_repo.ingress_submodules":           "Whether the repository's submodules are fetched with it.",
		"vcs_repo.oauth_token_id":               "ID of the OAuth token through which the platform reaches the code host; null when an app installation does.",
		"vcs_repo.codehost_app_installation_id": "ID of the code-host app installation through which the platform reaches the code host; null when an OAuth token does.",
		"policy_ids":                            "IDs of the set's policies; empty when it has none, as a VCS-backed set's are.",
	})
	ids := func(description string) schema.SetAttribute {
		return schema.SetAttribute{Computed: true, ElementType: types.StringType, Description: description + " Empty when it has none."}
	}
	attrs["workspace_ids"] = ids("IDs of the workspaces attached to the set (`stack_platform_workspace_policy_set`).")
	attrs["project_ids"] = ids("IDs of the projects attached to the set, whose workspaces it applies to (`stack_platform_project_policy_set`).")
	attrs["excluded_workspace_ids"] = ids("IDs of the workspaces the set never applies to (`stack_platform_workspace_policy_set_exclusion`).")
	attrs["excluded_project_ids"] = ids("IDs of the projects whose workspaces the set never applies to (`stack_platform_project_policy_set_exclusion`).")
	policySetLookup.addAttributes(attrs)
	return schema.Schema{
		Description: "Reads a policy set of the platform, by its ID or by its name in an organization: its settings, its policies, and the " +
			"workspaces and projects it applies to or excludes. The platform answers a set the token may not see as one that does not exist.",
		Attributes: attrs,
	}
}

func readPolicySetDataSource(ctx context.Context, c *platformclient.Client, m *policySetDataModel, diags *diag.Diagnostics) {
	got, ok := find(ctx, policySetLookup, c, m.ID, m.Organization, m.Name, diags,
		func(ctx context.Context, id string) (*platformclient.PolicySet, error) {
			return c.PolicySets.Read(ctx, id)
		},
		func(ctx context.Context, org, name string) (*platformclient.PolicySetList, error) {
			return c.PolicySets.List(ctx, org, platformclient.PolicySetListOptions{Search: name})
		},
		func(ps *platformclient.PolicySet) string { return ps.Name })
	if !ok {
		return
	}
	m.PolicyIDs = fwutil.StringSetValue([]string{})
	modelFromPolicySet(&m.policySetModel, got)
	m.WorkspaceIDs = fwutil.StringSetValue(nonNil(workspaceIDsOf(got.Workspaces)))
	m.ProjectIDs = fwutil.StringSetValue(nonNil(projectIDsOf(got.Projects)))
	m.ExcludedWorkspaceIDs = fwutil.StringSetValue(nonNil(workspaceIDsOf(got.WorkspaceExclusions)))
	m.ExcludedProjectIDs = fwutil.StringSetValue(nonNil(projectIDsOf(got.ProjectExclusions)))
}
