package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// workspacePolicySetModel is a policy set attached to a workspace.
type workspacePolicySetModel struct {
	ID          types.String `tfsdk:"id"`
	PolicySetID types.String `tfsdk:"policy_set_id"`
	WorkspaceID types.String `tfsdk:"workspace_id"`
}

// NewWorkspacePolicySetResource is the constructor of
// stack_platform_workspace_policy_set: see policy_set_attachments.go.
var NewWorkspacePolicySetResource = newPolicySetLink(policySetLink{
	typeName: "platform_workspace_policy_set", object: "workspace policy set", of: "a policy set's attachment to a workspace",
	description: "Attaches a policy set of the platform to a workspace: the set's policies check the workspace's runs. " +
		"The platform refuses to attach a workspace to a `global` set, which applies to every workspace already, and one of another organization.",
	member: linkMember{
		attr: "workspace_id", label: "<WORKSPACE ID>", prefix: platformclient.PrefixWorkspace, kind: "a workspace", noun: "workspace",
		description: "ID of the workspace, `ws-` and 16 characters, of the set's organization. Changing it replaces the attachment.",
	},
	byName: true,
	linked: func(ps *platformclient.PolicySet) []string { return workspaceIDsOf(ps.Workspaces) },
	add: func(c *platformclient.Client) func(context.Context, string, []string) error {
		return c.PolicySets.AddWorkspaces
	},
	remove: func(c *platformclient.Client) func(context.Context, string, []string) error {
		return c.PolicySets.RemoveWorkspaces
	},
	notLinked: "is not attached to",
	twins:     tfePolicySetLink("tfe_workspace_policy_set", "workspace_id"),
}, func(m *workspacePolicySetModel) (id, set, member *types.String) {
	return &m.ID, &m.PolicySetID, &m.WorkspaceID
})
