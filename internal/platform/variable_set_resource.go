package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// variableSetModel is a variable set, for the resource and the data source
// alike.
type variableSetModel struct {
	ID              types.String `tfsdk:"id"`
	Organization    types.String `tfsdk:"organization"`
	Name            types.String `tfsdk:"name"`
	Description     types.String `tfsdk:"description"`
	Global          types.Bool   `tfsdk:"global"`
	Priority        types.Bool   `tfsdk:"priority"`
	ParentProjectID types.String `tfsdk:"parent_project_id"`
}

// The rules of a variable set's values, as the descriptions state them.
const variableSetNameRule = "A variable set's name is not blank, and is unique in its organization, in any case."

func variableSetNameValidators() []validator.String { return notBlankValidators() }

// NewVariableSetResource is the constructor of stack_platform_variable_set.
var NewVariableSetResource = fwutil.NewResource(&fwutil.Resource[variableSetModel, *platformclient.Client]{
	TypeName: "platform_variable_set",
	Service:  platformclient.Service,
	Object:   "variable set",
	Schema:   variableSetSchema,
	Twins:    []fwutil.Twin{tfeVariableSet},
	Plan: &fwutil.Plan[variableSetModel, *platformclient.Client]{
		ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
		Validate: func(_ context.Context, _ tfsdk.Config, m *variableSetModel, diags *diag.Diagnostics) {
			if !m.ParentProjectID.IsNull() && m.Global.ValueBool() {
				diags.AddAttributeError(path.Root("global"), "Invalid global",
					"A variable set owned by a project (parent_project_id) applies to that project's workspaces only: global must be false.")
			}
		},
	},
	// Its identity is its organization and name, unique in the
	// organization in any case; a rename changes it.
	Identity: &fwutil.Identity{Attrs: []string{"organization", "name"}, Mutable: true},
	Import: &fwutil.Import[variableSetModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{
			{
				Says:  "its ID, " + variableSetIDRule,
				Parts: []fwutil.IDPart{{Label: "<VARIABLE SET ID>", Attr: "id", Match: func(s string) bool { return platformclient.IsID(platformclient.PrefixVariableSet, s) }}},
			},
			{Parts: []fwutil.IDPart{
				{Label: "<ORGANIZATION>", Attr: "organization", Match: organizationNameRe.MatchString},
				{Label: "<VARIABLE SET NAME>"},
			}},
		}},
		Print: func(m *variableSetModel) string { return m.ID.ValueString() },
		Read: func(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
			importByIDOrName(ctx, id, "variable set", state, diags, func(ctx context.Context, id string) (*platformclient.VariableSet, error) {
				return c.VariableSets.Read(ctx, id, platformclient.VariableSetReadOptions{})
			}, c.VariableSets.ReadByName, func(o *platformclient.VariableSet) string { return o.ID })
		},
	},
	Conflict: &fwutil.Conflict[variableSetModel, *platformclient.Client]{
		// The search (q) matches a part of the name in any case.
		Lookup: func(ctx context.Context, c *platformclient.Client, m *variableSetModel) error {
			return lookupByName(ctx, m.Name.ValueString(), &m.ID,
				func(ctx context.Context, name string) (*platformclient.VariableSetList, error) {
					return c.VariableSets.List(ctx, m.Organization.ValueString(), platformclient.VariableSetListOptions{Query: name})
				},
				func(o *platformclient.VariableSet) (string, string) { return o.Name, o.ID })
		},
	},
	Create: createVariableSet,
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *variableSetModel) error {
		got, err := op.Client.VariableSets.Read(ctx, m.ID.ValueString(), platformclient.VariableSetReadOptions{})
		if err == nil {
			modelFromVariableSet(m, got)
		}
		return err
	},
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *variableSetModel) error {
		got, err := op.Client.VariableSets.Update(ctx, m.ID.ValueString(), variableSetFromModel(m))
		if err == nil {
			modelFromVariableSet(m, got)
		}
		return err
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *variableSetModel) error {
		return op.Client.VariableSets.Delete(ctx, m.ID.ValueString())
	},
})

func variableSetSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "A variable set of an organization of the platform: variables that apply to the workspaces and projects it is assigned to " +
			"(`stack_platform_variable_set_assignment`), or to every workspace of the organization when global. Its variables are " +
			"`stack_platform_variable` resources; destroying the set deletes them. The import ID is the set's ID, such as `varset-6p5RiCe5CRjBmsGt`, or `<ORGANIZATION>/<VARIABLE SET NAME>` (the name in any case), such as `acme/cloud credentials`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The variable set's ID, " + variableSetIDRule + ".",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"organization": organizationAttribute("variable set"),
			"name": schema.StringAttribute{
				Required:    true,
				Description: "Name of the variable set. " + variableSetNameRule + " Changing it renames the set in place.",
				Validators:  variableSetNameValidators(),
			},
			"description": schema.StringAttribute{
				Optional:    true,
				Description: "Description of the variable set. Not set, the set has none.",
			},
			"global": schema.BoolAttribute{
				Optional: true, Computed: true,
				Default: booldefault.StaticBool(false),
				Description: "Whether the set applies to every workspace of the organization, the ones created later included; default `false`. " +
					"A global set is assigned to nothing: making a set global drops its assignments. Two global sets of an organization " +
					"cannot share a variable (key and category). A set owned by a project cannot be global.",
			},
			"priority": schema.BoolAttribute{
				Optional: true, Computed: true,
				Default: booldefault.StaticBool(false),
				Description: "Whether the set's variables win over those of more specific scopes, workspace variables and values given on " +
					"the command line included; default `false`.",
			},
			"parent_project_id": schema.StringAttribute{
				Optional: true,
				Description: "ID of the project that owns the set, `prj-` and 16 characters, a project of `organization`. Not set, the " +
					"organization owns it. A set owned by a project is never global and is assigned only to that project or its workspaces. " +
					"Changing it replaces the set; deleting the project deletes the set.",
				Validators:    []validator.String{idValidator(platformclient.PrefixProject, "a project")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
		},
	}
}

// createVariableSet creates the set. A name already taken is looked up by
// the Conflict, so that the error gives the ID to import.
func createVariableSet(ctx context.Context, op fwutil.Op[*platformclient.Client], m *variableSetModel) error {
	org := m.Organization.ValueString()
	got, err := op.Client.VariableSets.Create(ctx, org, variableSetFromModel(m))
	if err != nil {
		return err
	}
	modelFromVariableSet(m, got)
	return nil
}

// variableSetFromModel is the set m describes, every value of it, for a
// create or an update. The parent cannot change: only a create sends it.
func variableSetFromModel(m *variableSetModel) platformclient.VariableSetOptions {
	opts := platformclient.VariableSetOptions{
		Name:        ptr(m.Name.ValueString()),
		Description: ptr(m.Description.ValueString()),
		Global:      ptr(m.Global.ValueBool()),
		Priority:    ptr(m.Priority.ValueBool()),
	}
	if !m.ParentProjectID.IsNull() {
		opts.Parent = &platformclient.VariableSetParent{Project: &platformclient.Project{ID: m.ParentProjectID.ValueString()}}
	}
	return opts
}

// modelFromVariableSet writes the set the server answered over m.
func modelFromVariableSet(m *variableSetModel, vs *platformclient.VariableSet) {
	m.ID = types.StringValue(vs.ID)
	m.Organization = sameOrganization(m.Organization, vs.Organization)
	m.Name = types.StringValue(vs.Name)
	m.Description = fwutil.StringFromAPI(m.Description, vs.Description)
	m.Global = types.BoolValue(vs.Global)
	m.Priority = types.BoolValue(vs.Priority)
	m.ParentProjectID = types.StringNull()
	if vs.Parent != nil && vs.Parent.Project != nil {
		m.ParentProjectID = types.StringValue(vs.Parent.Project.ID)
	}
}
