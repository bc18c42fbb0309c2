package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// projectPolicySetModel is a policy set attached to a project.
type projectPolicySetModel struct {
	ID          types.String `tfsdk:"id"`
	PolicySetID types.String `tfsdk:"policy_set_id"`
	ProjectID   types.String `tfsdk:"project_id"`
}

// NewProjectPolicySetResource is the constructor of
// stack_platform_project_policy_set: see policy_set_attachments.go.
var NewProjectPolicySetResource = newPolicySetLink(policySetLink{
	typeName: "platform_project_policy_set", object: "project policy set", of: "a policy set's attachment to a project",
	description: "Attaches a policy set of the platform to a project: the set's policies check the runs of every workspace of the project, " +
		"but those the set excludes. The platform refuses a project of another organization.",
	member: linkMember{
		attr: "project_id", label: "<PROJECT ID>", prefix: platformclient.PrefixProject, kind: "a project", noun: "project",
		description: "ID of the project, `prj-` and 16 characters, of the set's organization. Changing it replaces the attachment.",
	},
	linked: func(ps *platformclient.PolicySet) []string { return projectIDsOf(ps.Projects) },
	add: func(c *platformclient.Client) func(context.Context, string, []string) error {
		return c.PolicySets.AddProjects
	},
	remove: func(c *platformclient.Client) func(context.Context, string, []string) error {
		return c.PolicySets.RemoveProjects
	},
	notLinked: "is not attached to",
	twins:     tfePolicySetLink("tfe_project_policy_set", "project_id"),
}, func(m *projectPolicySetModel) (id, set, member *types.String) {
	return &m.ID, &m.PolicySetID, &m.ProjectID
})
