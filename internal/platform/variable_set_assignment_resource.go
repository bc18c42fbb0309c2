package platform

import (
	"context"
	"fmt"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// variableSetAssignmentModel is a variable set applied to a workspace or
// a project.
type variableSetAssignmentModel struct {
	ID            types.String `tfsdk:"id"`
	VariableSetID types.String `tfsdk:"variable_set_id"`
	WorkspaceID   types.String `tfsdk:"workspace_id"`
	ProjectID     types.String `tfsdk:"project_id"`
}

// NewVariableSetAssignmentResource is the constructor of
// stack_platform_variable_set_assignment. Assigning twice is the same as
// once: the platform refuses nothing that a create could take over.
var NewVariableSetAssignmentResource = newAttachmentResource(attachment[variableSetAssignmentModel]{
	typeName: "platform_variable_set_assignment",
	object:   "variable set assignment",
	description: "Applies a variable set of the platform to a workspace or to a project (and so to the project's workspaces). " +
		"A global set applies to every workspace already and cannot be assigned; a set owned by a project can be assigned only to that project or its workspaces. " +
		"Every argument replaces the assignment. The import ID is `<VARIABLE SET ID>/<WORKSPACE ID>` or `<VARIABLE SET ID>/<PROJECT ID>`, " +
		"such as `varset-6p5RiCe5CRjBmsGt/ws-7q6SjDf6DSkCntHu`; or `<ORGANIZATION>/<WORKSPACE NAME>/<VARIABLE SET NAME>` for a workspace, " +
		"`<ORGANIZATION>/<PROJECT ID>/<VARIABLE SET NAME>` for a project.",
	idDescription: "The assignment's ID: `<VARIABLE SET ID>_<WORKSPACE OR PROJECT ID>`, such as `varset-6p5RiCe5CRjBmsGt_ws-7q6SjDf6DSkCntHu`.",
	sep:           "_",
	twins:         tfeVariableSetAssignments,
	id:            func(m *variableSetAssignmentModel) *types.String { return &m.ID },
	parent: attachmentEnd[variableSetAssignmentModel]{
		attr: "variable_set_id", label: "<VARIABLE SET ID>", prefix: platformclient.PrefixVariableSet, kind: "a variable set",
		description: "ID of the variable set, " + variableSetIDRule + ". Changing it replaces the assignment.",
		field:       func(m *variableSetAssignmentModel) *types.String { return &m.VariableSetID },
	},
	members: []attachmentMember[variableSetAssignmentModel]{
		assignmentTarget(attachmentEnd[variableSetAssignmentModel]{
			attr: "workspace_id", label: "<WORKSPACE ID>", prefix: platformclient.PrefixWorkspace, kind: "a workspace",
			description: "ID of the workspace the set applies to, `ws-` and 16 characters. Set it or `project_id`. Changing it replaces the assignment.",
			field:       func(m *variableSetAssignmentModel) *types.String { return &m.WorkspaceID },
		}, assignedToWorkspace, (*platformclient.VariableSets).ApplyToWorkspaces, (*platformclient.VariableSets).RemoveFromWorkspaces),
		assignmentTarget(attachmentEnd[variableSetAssignmentModel]{
			attr: "project_id", label: "<PROJECT ID>", prefix: platformclient.PrefixProject, kind: "a project",
			description: "ID of the project the set applies to, `prj-` and 16 characters. Set it or `workspace_id`. Changing it replaces the assignment.",
			field:       func(m *variableSetAssignmentModel) *types.String { return &m.ProjectID },
		}, assignedToProject, (*platformclient.VariableSets).ApplyToProjects, (*platformclient.VariableSets).RemoveFromProjects),
	},
	notAttached: func(diags *diag.Diagnostics, id fwutil.ParsedID, set, target string) {
		importNotFound(diags, "variable set assignment", "variable set assignment", id.String(), fmt.Sprintf("The variable set %s is not assigned to %s.", set, target))
	},
	// The incumbent provider's forms, by names.
	forms: []attachmentForm{
		{
			IDForm: fwutil.IDForm{
				Says:  "<ORGANIZATION>/<WORKSPACE NAME>/<VARIABLE SET NAME> for a workspace",
				Parts: []fwutil.IDPart{{Label: "<ORGANIZATION>"}, {Label: "<WORKSPACE NAME>"}, {Label: "<VARIABLE SET NAME>"}},
			},
			find: findVariableSetAssignment,
		},
		{
			IDForm: fwutil.IDForm{
				Says: "<ORGANIZATION>/<PROJECT ID>/<VARIABLE SET NAME> for a project",
				Parts: []fwutil.IDPart{
					{Label: "<ORGANIZATION>"},
					{Label: "<PROJECT ID>", Match: func(s string) bool { return platformclient.IsID(platformclient.PrefixProject, s) }},
					{Label: "<VARIABLE SET NAME>"},
				},
			},
			find: findVariableSetAssignment,
		},
	},
})

// assignmentTarget is a kind of target of a set, a workspace or a
// project, which the set's answer lists (listed), and which apply and
// remove assign and unassign.
func assignmentTarget(end attachmentEnd[variableSetAssignmentModel], listed func(vs *platformclient.VariableSet, target string) bool,
	apply, remove func(s *platformclient.VariableSets, ctx context.Context, set string, targets []string) error,
) attachmentMember[variableSetAssignmentModel] {
	return attachmentMember[variableSetAssignmentModel]{
		attachmentEnd: end,
		attached: func(ctx context.Context, c *platformclient.Client, set, target string) (bool, error) {
			vs, err := c.VariableSets.Read(ctx, set, platformclient.VariableSetReadOptions{})
			if err != nil {
				return false, err
			}
			return listed(vs, target), nil
		},
		add: func(ctx context.Context, c *platformclient.Client, set, target string) error {
			return apply(c.VariableSets, ctx, set, []string{target})
		},
		remove: func(ctx context.Context, c *platformclient.Client, set, target string) error {
			return remove(c.VariableSets, ctx, set, []string{target})
		},
	}
}

// assignedToWorkspace and assignedToProject report whether the set's
// answer lists the workspace, or the project.
func assignedToWorkspace(vs *platformclient.VariableSet, workspace string) bool {
	return slices.ContainsFunc(vs.Workspaces, func(w *platformclient.Workspace) bool { return w.ID == workspace })
}

func assignedToProject(vs *platformclient.VariableSet, project string) bool {
	return slices.ContainsFunc(vs.Projects, func(p *platformclient.Project) bool { return p.ID == project })
}

// findVariableSetAssignment takes the incumbent provider's IDs:
// <ORGANIZATION>/<WORKSPACE NAME>/<VARIABLE SET NAME> or
// <ORGANIZATION>/<PROJECT ID>/<VARIABLE SET NAME>, the middle part a
// project when it looks like a project's ID. It finds the set among the
// organization's, which lists what each is assigned to, and, for a
// workspace, reads the workspace to learn its ID: an assignment the
// platform does not answer fails in the provider's words.
func findVariableSetAssignment(ctx context.Context, c *platformclient.Client, parsed fwutil.ParsedID, diags *diag.Diagnostics) (set, target string, checked bool) {
	const object = "variable set assignment"
	id, org, middle, name := parsed.String(), parsed.Parts[0], parsed.Parts[1], parsed.Parts[2]
	// The search (q) matches a part of the name in any case; the
	// import ID names the set exactly.
	found, err := c.VariableSets.List(ctx, org, platformclient.VariableSetListOptions{Query: name})
	if !importFound(diags, object, id, err) {
		return
	}
	i := slices.IndexFunc(found.Items, func(vs *platformclient.VariableSet) bool { return vs.Name == name })
	if i < 0 {
		importNotFound(diags, object, object, id, fmt.Sprintf("The organization %q has no variable set named %q that the token may see.", org, name))
		return
	}
	vs := found.Items[i]
	target = middle
	assigned := assignedToProject(vs, middle)
	if !platformclient.IsID(platformclient.PrefixProject, middle) {
		ws, err := c.Workspaces.Read(ctx, org, middle, platformclient.WorkspaceReadOptions{})
		if !importFound(diags, object, id, err) {
			return
		}
		target, assigned = ws.ID, assignedToWorkspace(vs, ws.ID)
	}
	if !assigned {
		importNotFound(diags, object, object, id, fmt.Sprintf("The variable set %s (%q) is not assigned to %s.", vs.ID, name, target))
		return
	}
	return vs.ID, target, true
}
