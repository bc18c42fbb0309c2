package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// projectPolicySetExclusionModel is a project excluded from a policy set.
type projectPolicySetExclusionModel struct {
	ID          types.String `tfsdk:"id"`
	PolicySetID types.String `tfsdk:"policy_set_id"`
	ProjectID   types.String `tfsdk:"project_id"`
}

// NewProjectPolicySetExclusionResource is the constructor of
// stack_platform_project_policy_set_exclusion: see
// policy_set_attachments.go.
var NewProjectPolicySetExclusionResource = newPolicySetLink(policySetLink{
	typeName: "platform_project_policy_set_exclusion", object: "project policy set exclusion", of: "a project's exclusion from a policy set",
	description: "Excludes a project from a policy set of the platform: the set never checks the runs of the project's workspaces, " +
		"such as those of a `global` set. The platform refuses a project of another organization.",
	member: linkMember{
		attr: "project_id", label: "<PROJECT ID>", prefix: platformclient.PrefixProject, kind: "a project", noun: "project",
		description: "ID of the project, `prj-` and 16 characters, of the set's organization. Changing it replaces the exclusion.",
	},
	linked: func(ps *platformclient.PolicySet) []string { return projectIDsOf(ps.ProjectExclusions) },
	add: func(c *platformclient.Client) func(context.Context, string, []string) error {
		return c.PolicySets.AddProjectExclusions
	},
	remove: func(c *platformclient.Client) func(context.Context, string, []string) error {
		return c.PolicySets.RemoveProjectExclusions
	},
	notLinked: "is not excluded from",
	twins:     tfePolicySetLink("tfe_project_policy_set_exclusion", "project_id"),
}, func(m *projectPolicySetExclusionModel) (id, set, member *types.String) {
	return &m.ID, &m.PolicySetID, &m.ProjectID
})
