package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// workspacePolicySetExclusionModel is a workspace excluded from a policy
// set.
type workspacePolicySetExclusionModel struct {
	ID          types.String `tfsdk:"id"`
	PolicySetID types.String `tfsdk:"policy_set_id"`
	WorkspaceID types.String `tfsdk:"workspace_id"`
}

// NewWorkspacePolicySetExclusionResource is the constructor of
// stack_platform_workspace_policy_set_exclusion: see
// policy_set_attachments.go.
var NewWorkspacePolicySetExclusionResource = newPolicySetLink(policySetLink{
	typeName: "platform_workspace_policy_set_exclusion", object: "workspace policy set exclusion", of: "a workspace's exclusion from a policy set",
	description: "Excludes a workspace from a policy set of the platform: the set never checks its runs, whether the set is `global` or attached " +
		"to the workspace's project. The platform refuses a workspace of another organization.",
	member: linkMember{
		attr: "workspace_id", label: "<WORKSPACE ID>", prefix: platformclient.PrefixWorkspace, kind: "a workspace", noun: "workspace",
		description: "ID of the workspace, `ws-` and 16 characters, of the set's organization. Changing it replaces the exclusion.",
	},
	byName: true,
	linked: func(ps *platformclient.PolicySet) []string { return workspaceIDsOf(ps.WorkspaceExclusions) },
	add: func(c *platformclient.Client) func(context.Context, string, []string) error {
		return c.PolicySets.AddWorkspaceExclusions
	},
	remove: func(c *platformclient.Client) func(context.Context, string, []string) error {
		return c.PolicySets.RemoveWorkspaceExclusions
	},
	notLinked: "is not excluded from",
	twins:     tfePolicySetLink("tfe_workspace_policy_set_exclusion", "workspace_id"),
}, func(m *workspacePolicySetExclusionModel) (id, set, member *types.String) {
	return &m.ID, &m.PolicySetID, &m.WorkspaceID
})
