package platform

import (
	"context"
	"fmt"
	"maps"
	"net/http"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// variableModel is a variable of a workspace or of a variable set.
type variableModel struct {
	ID             types.String `tfsdk:"id"`
	WorkspaceID    types.String `tfsdk:"workspace_id"`
	VariableSetID  types.String `tfsdk:"variable_set_id"`
	Key            types.String `tfsdk:"key"`
	Value          types.String `tfsdk:"value"`
	ValueWO        types.String `tfsdk:"value_wo"`
	ValueWOVersion types.Int64  `tfsdk:"value_wo_version"`
	Category       types.String `tfsdk:"category"`
	Description    types.String `tfsdk:"description"`
	HCL            types.Bool   `tfsdk:"hcl"`
	Sensitive      types.Bool   `tfsdk:"sensitive"`
	ReadableValue  types.String `tfsdk:"readable_value"`
	VersionID      types.String `tfsdk:"version_id"`
}

// hidden reports whether the state must not hold the variable's value as
// the platform has it: a sensitive value, which the platform never
// returns, or one given through value_wo, which never enters the state.
func (m *variableModel) hidden(sensitive bool) bool {
	return sensitive || !m.ValueWOVersion.IsNull()
}

func (m *variableModel) parent() platformclient.VariableParent {
	if !m.VariableSetID.IsNull() {
		return platformclient.InVariableSet(m.VariableSetID.ValueString())
	}
	return platformclient.InWorkspace(m.WorkspaceID.ValueString())
}

// NewVariableResource is the constructor of stack_platform_variable.
var NewVariableResource = fwutil.NewResource(&fwutil.Resource[variableModel, *platformclient.Client]{
	TypeName: "platform_variable",
	Service:  platformclient.Service,
	Object:   "variable",
	Schema:   variableSchema,
	Twins:    []fwutil.Twin{tfeVariable},
	// No Print: a create that finds the key taken words its error itself,
	// as the import ID needs names the model does not hold.
	Import: &fwutil.Import[variableModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{
			{
				Says:  "<ORGANIZATION>/<WORKSPACE NAME>/<VARIABLE ID> for a workspace's variable",
				Parts: []fwutil.IDPart{{Label: "<ORGANIZATION>"}, {Label: "<WORKSPACE NAME>"}, {Label: "<VARIABLE ID>", Match: func(s string) bool { return platformclient.IsID(platformclient.PrefixVariable, s) }}},
			},
			{
				Says: "<ORGANIZATION>/<VARIABLE SET ID>/<VARIABLE ID> for a variable set's, the variable's ID being var- and 16 characters",
				Parts: []fwutil.IDPart{
					{Label: "<ORGANIZATION>"},
					{Label: "<VARIABLE SET ID>", Match: func(s string) bool { return platformclient.IsID(platformclient.PrefixVariableSet, s) }},
					{Label: "<VARIABLE ID>", Match: func(s string) bool { return platformclient.IsID(platformclient.PrefixVariable, s) }},
				},
			},
			{
				Says: "<WORKSPACE ID or VARIABLE SET ID>/<VARIABLE ID>",
				Parts: []fwutil.IDPart{
					{Label: "<WORKSPACE ID or VARIABLE SET ID>", Match: func(s string) bool {
						return platformclient.IsID(platformclient.PrefixWorkspace, s) || platformclient.IsID(platformclient.PrefixVariableSet, s)
					}},
					{Label: "<VARIABLE ID>", Match: func(s string) bool { return platformclient.IsID(platformclient.PrefixVariable, s) }},
				},
			},
		}},
		Read: importVariable,
	},
	// The variable is in a workspace or in a variable set: its identity
	// holds the one ID of the two, and the variable's.
	Identity: &fwutil.Identity{Attrs: []string{"workspace_id", "variable_set_id", "id"}, Optional: []string{"workspace_id", "variable_set_id"}},
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *variableModel) error {
		got, err := op.Client.Variables.Create(ctx, m.parent(), variableFromModel(ctx, op, m))
		if client.StatusCode(err) == http.StatusConflict {
			return variableExists(ctx, op.Client, m, err)
		}
		if err == nil {
			modelFromVariable(m, got, true)
		}
		return err
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *variableModel) error {
		got, err := op.Client.Variables.Read(ctx, m.parent(), m.ID.ValueString())
		if err == nil {
			modelFromVariable(m, got, false)
		}
		return err
	},
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *variableModel) error {
		got, err := op.Client.Variables.Update(ctx, m.parent(), m.ID.ValueString(), variableFromModel(ctx, op, m))
		if err == nil {
			modelFromVariable(m, got, true)
		}
		return err
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *variableModel) error {
		return op.Client.Variables.Delete(ctx, m.parent(), m.ID.ValueString())
	},
	Plan: &fwutil.Plan[variableModel, *platformclient.Client]{Modify: planVariableUpdate},
})

// The rules of a variable's values, as the descriptions state them.
const variableKeyRule = "A key is not blank, and is unique among the variables of its workspace or set of its category, in its case."

func variableSchema(context.Context) schema.Schema {
	attrs := map[string]schema.Attribute{
		"id": schema.StringAttribute{
			Computed:      true,
			Description:   "The variable's ID, `var-` and 16 characters.",
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
		"workspace_id": schema.StringAttribute{
			Optional:    true,
			Description: "ID of the workspace the variable belongs to, `ws-` and 16 characters. Set it or `variable_set_id`. Changing it replaces the variable.",
			Validators: []validator.String{
				idValidator(platformclient.PrefixWorkspace, "a workspace"),
				stringvalidator.ExactlyOneOf(path.MatchRoot("workspace_id"), path.MatchRoot("variable_set_id")),
			},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"variable_set_id": schema.StringAttribute{
			Optional:      true,
			Description:   "ID of the variable set the variable belongs to, " + variableSetIDRule + ". Set it or `workspace_id`. Changing it replaces the variable.",
			Validators:    []validator.String{idValidator(platformclient.PrefixVariableSet, "a variable set")},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"key": schema.StringAttribute{
			Required: true,
			Description: "Name of the variable. " + variableKeyRule + " Changing it renames the variable in place, " +
				"except for a sensitive variable, which is replaced (its value cannot be read to be carried over).",
			Validators: notBlankValidators(),
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplaceIf(sensitiveInState,
				"Replaces a sensitive variable whose key changes.", "Replaces a sensitive variable whose key changes.")},
		},
		"category": schema.StringAttribute{
			Required:      true,
			Description:   "What the variable is: `terraform`, an input variable of the configuration, or `env`, an environment variable of runs. Changing it replaces the variable.",
			Validators:    []validator.String{stringvalidator.OneOf(platformclient.CategoryTerraform, platformclient.CategoryEnv)},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"description": schema.StringAttribute{
			Optional:    true,
			Description: "Description of the variable. Not set, it has none.",
		},
		"hcl": schema.BoolAttribute{
			Optional: true, Computed: true,
			Default:     booldefault.StaticBool(false),
			Description: "Whether the value is HCL, such as a list or a map, rather than a string; default `false`.",
		},
		"sensitive": schema.BoolAttribute{
			Optional: true, Computed: true,
			Default: booldefault.StaticBool(false),
			Description: "Whether the value is sensitive: the platform then never returns it, to anyone. Default `false`. " +
				"A sensitive variable cannot become non-sensitive: changing it from `true` to `false` replaces the variable.",
			PlanModifiers: []planmodifier.Bool{boolplanmodifier.RequiresReplaceIf(func(ctx context.Context, req planmodifier.BoolRequest, resp *boolplanmodifier.RequiresReplaceIfFuncResponse) {
				resp.RequiresReplace = req.StateValue.ValueBool() && !req.PlanValue.ValueBool()
			}, "Replaces a variable that stops being sensitive.", "Replaces a variable that stops being sensitive.")},
		},
		"readable_value": schema.StringAttribute{
			Computed: true,
			Description: "The value, for other resources and outputs to use without being marked sensitive; " +
				"null when the variable is sensitive or its value is given through `value_wo`.",
		},
		"version_id": schema.StringAttribute{
			Computed: true,
			Description: "The version of the variable, which the platform changes with every update of it, even one that leaves the value as it was. A refresh that finds another " +
				"version of a value it cannot read (a sensitive one, or one given through `value_wo`) plans an update that sends the configured value again.",
		},
	}
	secret := fwutil.WriteOnlySecret{
		Name:        "value",
		Description: "Value of the variable; default `\"\"`.",
		Service:     "the platform",
		Drift: "A change made outside Terraform shows in the next plan: as the value itself when the variable is not sensitive; " +
			"for a sensitive value, which the platform never returns, through `version_id`, the value then being null in the state and the plan sending the configured value again. " +
			"The same holds after an import of a sensitive variable.",
	}.Attributes()
	// The platform defaults the value to "": Computed with that default,
	// leaving it out (value_wo given instead) makes no diff.
	if value, ok := secret["value"].(schema.StringAttribute); ok {
		value.Computed = true
		value.Default = stringdefault.StaticString("")
		secret["value"] = value
	}
	maps.Copy(attrs, secret)
	return schema.Schema{
		Description: "A variable of a workspace or of a variable set of the platform: an input variable of the configuration or an environment variable of runs. " +
			"The import ID is `<ORGANIZATION>/<WORKSPACE NAME>/<VARIABLE ID>` for a workspace's variable and `<ORGANIZATION>/<VARIABLE SET ID>/<VARIABLE ID>` for a set's.",
		Attributes: attrs,
	}
}

// sensitiveInState is the rule that a key change replaces the variable
// when the state holds it as sensitive.
func sensitiveInState(ctx context.Context, req planmodifier.StringRequest, resp *stringplanmodifier.RequiresReplaceIfFuncResponse) {
	var sensitive types.Bool
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("sensitive"), &sensitive)...)
	resp.RequiresReplace = sensitive.ValueBool()
}

// planVariableUpdate plans what the server will answer: version_id stays
// unless the value may change, and readable_value follows the value.
func planVariableUpdate(ctx context.Context, _ *platformclient.Client, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	var plan, state variableModel
	resp.Diagnostics.Append(fwutil.Get(ctx, req.Plan, &plan)...)
	resp.Diagnostics.Append(fwutil.Get(ctx, req.State, &state)...)
	if resp.Diagnostics.HasError() || len(resp.RequiresReplace) > 0 {
		return
	}
	// version_id stays unknown: the platform gives a variable a new
	// version on every update, even one that changes nothing of its value.
	readable := plan.Value
	if plan.Sensitive.IsUnknown() {
		readable = types.StringUnknown()
	} else if plan.hidden(plan.Sensitive.ValueBool()) {
		readable = types.StringNull()
	}
	resp.Diagnostics.Append(resp.Plan.SetAttribute(ctx, path.Root("readable_value"), readable)...)
}

// variableFromModel is the variable m describes, every value of it, for a
// create or an update: its value from value_wo when that is set.
func variableFromModel(ctx context.Context, op fwutil.Op[*platformclient.Client], m *variableModel) platformclient.VariableOptions {
	return platformclient.VariableOptions{
		Key:         ptr(m.Key.ValueString()),
		Value:       ptr(op.Secret(ctx, path.Root("value"))),
		Description: ptr(m.Description.ValueString()),
		Category:    ptr(m.Category.ValueString()),
		HCL:         ptr(m.HCL.ValueBool()),
		Sensitive:   ptr(m.Sensitive.ValueBool()),
	}
}

// modelFromVariable writes the variable the server answered over m. After
// a write (written), m's value is what was sent. On a refresh, a value the
// server returns replaces m's; one it cannot give (hidden) stays, unless
// its version changed, which makes it null: the configured value then
// differs from the state's, and the plan sends it again. A state without a
// version is one moved from the incumbent, which keeps none: its value,
// the one the incumbent last wrote, stays, and the refresh takes the
// version.
func modelFromVariable(m *variableModel, v *platformclient.Variable, written bool) {
	hidden := m.hidden(v.Sensitive)
	switch {
	case written:
	case !hidden:
		m.Value = types.StringValue(v.Value)
	case m.VersionID.IsNull():
	case v.VersionID != m.VersionID.ValueString():
		m.Value = types.StringNull()
	}
	m.ID = types.StringValue(v.ID)
	switch {
	case v.VariableSet != nil:
		m.VariableSetID = types.StringValue(v.VariableSet.ID)
	case v.Workspace != nil:
		m.WorkspaceID = types.StringValue(v.Workspace.ID)
	}
	m.Key = types.StringValue(v.Key)
	m.Category = types.StringValue(v.Category)
	m.Description = fwutil.StringFromAPI(m.Description, v.Description)
	m.HCL = types.BoolValue(v.HCL)
	m.Sensitive = types.BoolValue(v.Sensitive)
	m.ReadableValue = types.StringNull()
	if !hidden {
		m.ReadableValue = m.Value
	}
	m.VersionID = types.StringValue(v.VersionID)
}

// variableExists reports a create refused because the parent has the key
// in the category already, with the command that imports that variable.
func variableExists(ctx context.Context, c *platformclient.Client, m *variableModel, serverSaid error) error {
	detail := fmt.Sprintf("The %s already has a %s variable with the key %q, and Terraform will not take over an object it did not create.",
		parentNoun(m), m.Category.ValueString(), m.Key.ValueString())
	if id := existingVariableImportID(ctx, c, m); id != "" {
		detail += fmt.Sprintf(" To manage it with Terraform, import it: `terraform import <resource address> %s`, or an `import { to = <resource address>, id = %q }` block.", id, id)
	}
	return &fwutil.Failure{Path: path.Root("key"), Summary: "Variable already exists", Detail: detail + "\n\nServer said: " + serverSaid.Error()}
}

func parentNoun(m *variableModel) string {
	if !m.VariableSetID.IsNull() {
		return "variable set " + m.VariableSetID.ValueString()
	}
	return "workspace " + m.WorkspaceID.ValueString()
}

// existingVariableImportID is the import ID of the variable of m's parent
// with m's key and category, "" when it cannot be found.
func existingVariableImportID(ctx context.Context, c *platformclient.Client, m *variableModel) string {
	vars, err := c.Variables.List(ctx, m.parent())
	if err != nil {
		return ""
	}
	for _, v := range vars.Items {
		if v.Key != m.Key.ValueString() || v.Category != m.Category.ValueString() {
			continue
		}
		if !m.VariableSetID.IsNull() {
			vs, err := c.VariableSets.Read(ctx, m.VariableSetID.ValueString(), platformclient.VariableSetReadOptions{})
			if err != nil || vs.Organization == nil {
				return ""
			}
			return vs.Organization.Name + "/" + vs.ID + "/" + v.ID
		}
		ws, err := c.Workspaces.ReadByID(ctx, m.WorkspaceID.ValueString(), platformclient.WorkspaceReadOptions{})
		if err != nil || ws.Organization == nil {
			return ""
		}
		return ws.Organization.Name + "/" + ws.Name + "/" + v.ID
	}
	return ""
}

// importVariable takes <ORGANIZATION>/<WORKSPACE NAME>/<VARIABLE ID> or
// <ORGANIZATION>/<VARIABLE SET ID>/<VARIABLE ID>, as the incumbent
// provider does: the middle part is a set's ID when it looks like one. It
// reads the variable (after the workspace, to learn its ID), so that an ID
// the platform does not answer fails in the provider's words.
func importVariable(ctx context.Context, c *platformclient.Client, parsed fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	id, parts := parsed.String(), parsed.Parts
	var org, middle, varID string
	if len(parts) == 2 { // <WORKSPACE ID or VARIABLE SET ID>/<VARIABLE ID>
		middle, varID = parts[0], parts[1]
	} else {
		org, middle, varID = parts[0], parts[1], parts[2]
	}
	parent, parentAttr := platformclient.InVariableSet(middle), "variable_set_id"
	switch {
	case len(parts) == 2 && platformclient.IsID(platformclient.PrefixWorkspace, middle):
		parent, parentAttr = platformclient.InWorkspace(middle), "workspace_id"
	case !platformclient.IsID(platformclient.PrefixVariableSet, middle):
		ws, err := c.Workspaces.Read(ctx, org, middle, platformclient.WorkspaceReadOptions{})
		if !importFound(diags, "variable", id, err) {
			return
		}
		middle, parent, parentAttr = ws.ID, platformclient.InWorkspace(ws.ID), "workspace_id"
	}
	if _, err := c.Variables.Read(ctx, parent, varID); !importFound(diags, "variable", id, err) {
		return
	}
	diags.Append(state.SetAttribute(ctx, path.Root("id"), varID)...)
	diags.Append(state.SetAttribute(ctx, path.Root(parentAttr), middle)...)
}
