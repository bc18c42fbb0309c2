package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
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

// projectSettingsModel is what of a project the settings resource
// manages: the execution its workspaces inherit.
type projectSettingsModel struct {
	ID                   types.String `tfsdk:"id"`
	ProjectID            types.String `tfsdk:"project_id"`
	DefaultExecutionMode types.String `tfsdk:"default_execution_mode"`
	DefaultAgentPoolID   types.String `tfsdk:"default_agent_pool_id"`
	Overwrites           types.Object `tfsdk:"overwrites"`
}

// projectOverwritesTypes are the attributes of overwrites.
var projectOverwritesTypes = map[string]attr.Type{"default_execution_mode": types.BoolType, "default_agent_pool_id": types.BoolType}

// projectOverwrites is overwrites with both flags own.
func projectOverwrites(own bool) types.Object {
	return types.ObjectValueMust(projectOverwritesTypes, map[string]attr.Value{
		"default_execution_mode": types.BoolValue(own), "default_agent_pool_id": types.BoolValue(own),
	})
}

// NewProjectSettingsResource is the constructor of
// stack_platform_project_settings.
var NewProjectSettingsResource = fwutil.NewResource(&fwutil.Resource[projectSettingsModel, *platformclient.Client]{
	TypeName: "platform_project_settings",
	Service:  platformclient.Service,
	Object:   "project settings",
	Twins:    []fwutil.Twin{tfeProjectSettings},
	Schema:   projectSettingsSchema,
	Import: &fwutil.Import[projectSettingsModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Of: "a project's settings", Forms: []fwutil.IDForm{{
			Says: "the project's ID, prj- and 16 characters of the base58 alphabet",
			Parts: []fwutil.IDPart{{Label: "<PROJECT ID>", Attr: "project_id", Match: func(s string) bool {
				return platformclient.IsID(platformclient.PrefixProject, s)
			}}},
		}}},
		Print: func(m *projectSettingsModel) string { return m.ProjectID.ValueString() },
		Read: func(ctx context.Context, c *platformclient.Client, parsed fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
			id := parsed.String()
			_, err := c.Projects.Read(ctx, id, platformclient.ProjectReadOptions{})
			if importFoundAs(diags, "project settings", "project", id, err) {
				diags.Append(state.SetAttribute(ctx, path.Root("id"), id)...)
			}
		},
	},
	Plan: &fwutil.Plan[projectSettingsModel, *platformclient.Client]{
		Validate: func(_ context.Context, _ tfsdk.Config, m *projectSettingsModel, diags *diag.Diagnostics) {
			mode := m.DefaultExecutionMode
			if mode.IsUnknown() || m.DefaultAgentPoolID.IsUnknown() {
				return
			}
			if !m.DefaultAgentPoolID.IsNull() && mode.ValueString() != platformclient.ExecutionModeAgent {
				diags.AddAttributeError(path.Root("default_agent_pool_id"), "Agent pool without agent execution",
					`default_agent_pool_id can only be set with default_execution_mode = "agent".`)
			}
			if mode.ValueString() == platformclient.ExecutionModeAgent && m.DefaultAgentPoolID.IsNull() {
				diags.AddAttributeError(path.Root("default_agent_pool_id"), "Missing agent pool",
					`default_execution_mode = "agent" needs default_agent_pool_id, the pool whose agents run the project's workspaces' runs.`)
			}
		},
	},
	Create: writeProjectSettings,
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *projectSettingsModel) error {
		got, err := op.Client.Projects.Read(ctx, m.ProjectID.ValueString(), platformclient.ProjectReadOptions{})
		if err == nil {
			modelFromProjectSettings(m, got)
		}
		return err
	},
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *projectSettingsModel) error {
		return writeProjectSettings(ctx, op, m)
	},
	// A destroy gives the project back the organization's defaults.
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *projectSettingsModel) error {
		_, err := op.Client.Projects.Update(ctx, m.ProjectID.ValueString(), platformclient.ProjectOptions{
			SettingOverwrites: &platformclient.ProjectSettingOverwrites{ExecutionMode: ptr(false), AgentPool: ptr(false)},
		})
		return err
	},
})

func projectSettingsSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "The default execution settings of a project of the platform: where the runs of its workspaces execute, unless a workspace sets its own " +
			"(`stack_platform_workspace_settings`). Not set, the project inherits its organization's defaults (`stack_platform_organization_default_settings`). " +
			"A project always has them, so declare them once per project: a destroy gives the project back its organization's defaults. " +
			"The import ID is the project's ID, such as `prj-6p5RiCe5CRjBmsGt`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The project's ID.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"project_id": schema.StringAttribute{
				Required:      true,
				Description:   "ID of the project, `prj-` and 16 characters. Changing it replaces the settings: the former project gets its organization's defaults back.",
				Validators:    []validator.String{idValidator(platformclient.PrefixProject, "a project")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"default_execution_mode": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "Where the runs of the project's workspaces execute by default: `remote` (on the platform), `local` (where Terraform runs) " +
					"or `agent` (on agents of `default_agent_pool_id`). Not set, the project inherits its organization's default, and this shows it; " +
					"a refresh sees a change made outside Terraform.",
				Validators:    []validator.String{stringvalidator.OneOf(platformclient.ExecutionModeRemote, platformclient.ExecutionModeLocal, platformclient.ExecutionModeAgent)},
				PlanModifiers: []planmodifier.String{inheritedUnlessOwn{}},
			},
			"default_agent_pool_id": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "ID of the agent pool whose agents run the runs of the project's workspaces, `apool-` and 16 characters: required with " +
					"`default_execution_mode = \"agent\"`, refused otherwise. Not set, the organization's default pool, if any.",
				Validators:    []validator.String{idValidator(platformclient.PrefixAgentPool, "an agent pool")},
				PlanModifiers: []planmodifier.String{inheritedUnlessOwn{}},
			},
			"overwrites": schema.SingleNestedAttribute{
				Computed: true,
				Description: "Which settings are the project's own (`true`) rather than its organization's (`false`): both when `default_execution_mode` is set, " +
					"neither when it is not.",
				Attributes: map[string]schema.Attribute{
					"default_execution_mode": schema.BoolAttribute{Computed: true, Description: "Whether the execution mode is the project's own."},
					"default_agent_pool_id":  schema.BoolAttribute{Computed: true, Description: "Whether the agent pool is the project's own."},
				},
				PlanModifiers: []planmodifier.Object{ownWhenModeSet{}},
			},
		},
	}
}

// inheritedUnlessOwn plans a setting the configuration leaves out: the
// state's while the project inherited it already (the organization's
// default, which this plan does not change), unknown when the project
// goes back to inheriting it. With default_execution_mode set and not
// agent, the pool is known to be none.
type inheritedUnlessOwn struct{}

func (inheritedUnlessOwn) Description(context.Context) string {
	return "the inherited value while the project inherits it"
}

func (m inheritedUnlessOwn) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (inheritedUnlessOwn) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	// Terraform proposes the state's value for an attribute that the
	// configuration leaves out, which is not the value to come when the
	// project goes back to inheriting it.
	if !req.ConfigValue.IsNull() {
		return
	}
	var mode types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("default_execution_mode"), &mode)...)
	if !mode.IsNull() {
		// Only the pool is left out with a mode set: none unless agent,
		// which the configuration must then give.
		if !mode.IsUnknown() && mode.ValueString() != platformclient.ExecutionModeAgent {
			resp.PlanValue = types.StringNull()
		}
		return
	}
	if req.State.Raw.IsNull() {
		resp.PlanValue = types.StringUnknown()
		return
	}
	var own types.Object
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("overwrites"), &own)...)
	if flag, ok := own.Attributes()["default_execution_mode"].(types.Bool); ok && !flag.ValueBool() {
		resp.PlanValue = req.StateValue
		return
	}
	resp.PlanValue = types.StringUnknown()
}

// ownWhenModeSet plans overwrites from the configuration: both true when
// default_execution_mode is set, both false when it is not.
type ownWhenModeSet struct{}

func (ownWhenModeSet) Description(context.Context) string {
	return "both true when default_execution_mode is set, both false otherwise"
}

func (m ownWhenModeSet) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (ownWhenModeSet) PlanModifyObject(ctx context.Context, req planmodifier.ObjectRequest, resp *planmodifier.ObjectResponse) {
	var mode types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("default_execution_mode"), &mode)...)
	if !mode.IsUnknown() {
		resp.PlanValue = projectOverwrites(!mode.IsNull())
	}
}

// writeProjectSettings sends m: a mode set makes the mode and its pool
// the project's own (no pool unless agent); none gives the project back
// its organization's defaults.
func writeProjectSettings(ctx context.Context, op fwutil.Op[*platformclient.Client], m *projectSettingsModel) error {
	got, err := op.Client.Projects.Update(ctx, m.ProjectID.ValueString(), projectSettingsFromModel(m))
	if err == nil {
		modelFromProjectSettings(m, got)
	}
	return err
}

// projectSettingsFromModel is the update of the project that gives it m.
func projectSettingsFromModel(m *projectSettingsModel) platformclient.ProjectOptions {
	if m.DefaultExecutionMode.IsNull() || m.DefaultExecutionMode.IsUnknown() {
		return platformclient.ProjectOptions{
			SettingOverwrites: &platformclient.ProjectSettingOverwrites{ExecutionMode: ptr(false), AgentPool: ptr(false)},
		}
	}
	pool := ""
	if !m.DefaultAgentPoolID.IsNull() && !m.DefaultAgentPoolID.IsUnknown() {
		pool = m.DefaultAgentPoolID.ValueString()
	}
	return platformclient.ProjectOptions{
		DefaultExecutionMode: ptr(m.DefaultExecutionMode.ValueString()),
		DefaultAgentPoolID:   platformclient.Value(pool),
		SettingOverwrites:    &platformclient.ProjectSettingOverwrites{ExecutionMode: ptr(true), AgentPool: ptr(true)},
	}
}

// modelFromProjectSettings writes the project's settings in effect over
// m: its own or its organization's.
func modelFromProjectSettings(m *projectSettingsModel, p *platformclient.Project) {
	m.ID = types.StringValue(p.ID)
	m.ProjectID = types.StringValue(p.ID)
	m.DefaultExecutionMode = types.StringValue(p.DefaultExecutionMode)
	m.DefaultAgentPoolID = types.StringNull()
	if p.DefaultAgentPool != nil && p.DefaultAgentPool.ID != "" {
		m.DefaultAgentPoolID = types.StringValue(p.DefaultAgentPool.ID)
	}
	mode, pool := false, false
	if o := p.SettingOverwrites; o != nil {
		mode = o.ExecutionMode != nil && *o.ExecutionMode
		pool = o.AgentPool != nil && *o.AgentPool
	}
	m.Overwrites = types.ObjectValueMust(projectOverwritesTypes, map[string]attr.Value{
		"default_execution_mode": types.BoolValue(mode), "default_agent_pool_id": types.BoolValue(pool),
	})
}
