package platform

import (
	"context"
	"fmt"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
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

// target is the ID of the workspace or project the set applies to.
func (m *variableSetAssignmentModel) target() string {
	if !m.ProjectID.IsNull() {
		return m.ProjectID.ValueString()
	}
	return m.WorkspaceID.ValueString()
}

// NewVariableSetAssignmentResource is the constructor of
// stack_platform_variable_set_assignment.
var NewVariableSetAssignmentResource = fwutil.NewResource(&fwutil.Resource[variableSetAssignmentModel, *platformclient.Client]{
	TypeName: "platform_variable_set_assignment",
	Service:  platformclient.Service,
	Object:   "variable set assignment",
	Schema:   variableSetAssignmentSchema,
	Import: &fwutil.Import[variableSetAssignmentModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{
			{
				Says:  "<ORGANIZATION>/<WORKSPACE NAME>/<VARIABLE SET NAME> for a workspace",
				Parts: []fwutil.IDPart{{Label: "<ORGANIZATION>"}, {Label: "<WORKSPACE NAME>"}, {Label: "<VARIABLE SET NAME>"}},
			},
			{
				Says: "<ORGANIZATION>/<PROJECT ID>/<VARIABLE SET NAME> for a project",
				Parts: []fwutil.IDPart{
					{Label: "<ORGANIZATION>"},
					{Label: "<PROJECT ID>", Match: func(s string) bool { return platformclient.IsID(platformclient.PrefixProject, s) }},
					{Label: "<VARIABLE SET NAME>"},
				},
			},
		}},
		Read: importVariableSetAssignment,
	},
	// Assigning twice is the same as once: the platform refuses nothing
	// that a create could take over.
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *variableSetAssignmentModel) error {
		setID := m.VariableSetID.ValueString()
		var err error
		if !m.ProjectID.IsNull() {
			err = op.Client.VariableSets.ApplyToProjects(ctx, setID, []string{m.target()})
		} else {
			err = op.Client.VariableSets.ApplyToWorkspaces(ctx, setID, []string{m.target()})
		}
		m.ID = types.StringValue(setID + "_" + m.target())
		return err
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *variableSetAssignmentModel) error {
		vs, err := op.Client.VariableSets.Read(ctx, m.VariableSetID.ValueString(), platformclient.VariableSetReadOptions{})
		if err != nil {
			return err
		}
		assigned := slices.ContainsFunc(vs.Workspaces, func(w *platformclient.Workspace) bool { return w.ID == m.target() })
		if !m.ProjectID.IsNull() {
			assigned = slices.ContainsFunc(vs.Projects, func(p *platformclient.Project) bool { return p.ID == m.target() })
		}
		if !assigned {
			return fwutil.ErrGone
		}
		m.ID = types.StringValue(vs.ID + "_" + m.target())
		return nil
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *variableSetAssignmentModel) error {
		if !m.ProjectID.IsNull() {
			return op.Client.VariableSets.RemoveFromProjects(ctx, m.VariableSetID.ValueString(), []string{m.target()})
		}
		return op.Client.VariableSets.RemoveFromWorkspaces(ctx, m.VariableSetID.ValueString(), []string{m.target()})
	},
})

func variableSetAssignmentSchema(context.Context) schema.Schema {
	replace := []planmodifier.String{stringplanmodifier.RequiresReplace()}
	return schema.Schema{
		Description: "Applies a variable set of the platform to a workspace or to a project (and so to the project's workspaces). " +
			"A global set applies to every workspace already and cannot be assigned; a set owned by a project can be assigned only to that project or its workspaces. " +
			"Every argument replaces the assignment. The import ID is `<ORGANIZATION>/<WORKSPACE NAME>/<VARIABLE SET NAME>` for a workspace, " +
			"`<ORGANIZATION>/<PROJECT ID>/<VARIABLE SET NAME>` for a project.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The assignment's ID: `<VARIABLE SET ID>_<WORKSPACE OR PROJECT ID>`, such as `varset-6p5RiCe5CRjBmsGt_ws-7q6SjDf6DSkCntHu`.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"variable_set_id": schema.StringAttribute{
				Required:      true,
				Description:   "ID of the variable set, " + variableSetIDRule + ". Changing it replaces the assignment.",
				Validators:    []validator.String{idValidator(platformclient.PrefixVariableSet, "a variable set")},
				PlanModifiers: replace,
			},
			"workspace_id": schema.StringAttribute{
				Optional:    true,
				Description: "ID of the workspace the set applies to, `ws-` and 16 characters. Set it or `project_id`. Changing it replaces the assignment.",
				Validators: []validator.String{
					idValidator(platformclient.PrefixWorkspace, "a workspace"),
					stringvalidator.ExactlyOneOf(path.MatchRoot("workspace_id"), path.MatchRoot("project_id")),
				},
				PlanModifiers: replace,
			},
			"project_id": schema.StringAttribute{
				Optional:      true,
				Description:   "ID of the project the set applies to, `prj-` and 16 characters. Set it or `workspace_id`. Changing it replaces the assignment.",
				Validators:    []validator.String{idValidator(platformclient.PrefixProject, "a project")},
				PlanModifiers: replace,
			},
		},
	}
}

// importVariableSetAssignment takes the incumbent provider's IDs:
// <ORGANIZATION>/<WORKSPACE NAME>/<VARIABLE SET NAME> or
// <ORGANIZATION>/<PROJECT ID>/<VARIABLE SET NAME>, the middle part a
// project when it looks like a project's ID. It finds the set among the
// organization's, which lists what each is assigned to, and, for a
// workspace, reads the workspace to learn its ID: an assignment the
// platform does not answer fails in the provider's words.
func importVariableSetAssignment(ctx context.Context, c *platformclient.Client, parsed fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
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
	target, targetAttr := middle, "project_id"
	assigned := slices.ContainsFunc(vs.Projects, func(p *platformclient.Project) bool { return p.ID == middle })
	if !platformclient.IsID(platformclient.PrefixProject, middle) {
		ws, err := c.Workspaces.Read(ctx, org, middle, platformclient.WorkspaceReadOptions{})
		if !importFound(diags, object, id, err) {
			return
		}
		target, targetAttr = ws.ID, "workspace_id"
		assigned = slices.ContainsFunc(vs.Workspaces, func(w *platformclient.Workspace) bool { return w.ID == ws.ID })
	}
	if !assigned {
		importNotFound(diags, object, object, id, fmt.Sprintf("The variable set %s (%q) is not assigned to %s.", vs.ID, name, target))
		return
	}
	diags.Append(state.SetAttribute(ctx, path.Root("variable_set_id"), vs.ID)...)
	diags.Append(state.SetAttribute(ctx, path.Root(targetAttr), target)...)
}
