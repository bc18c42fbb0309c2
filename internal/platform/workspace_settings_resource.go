package platform

import (
	"context"
	"fmt"
	"slices"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/setplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// workspaceSettingsModel is what of a workspace the settings resource
// manages: how its runs execute and who may read its state.
type workspaceSettingsModel struct {
	ID                     types.String `tfsdk:"id"`
	WorkspaceID            types.String `tfsdk:"workspace_id"`
	ExecutionMode          types.String `tfsdk:"execution_mode"`
	AgentPoolID            types.String `tfsdk:"agent_pool_id"`
	GlobalRemoteState      types.Bool   `tfsdk:"global_remote_state"`
	RemoteStateConsumerIDs types.Set    `tfsdk:"remote_state_consumer_ids"`
	SSHKeyID               types.String `tfsdk:"ssh_key_id"`
}

// NewWorkspaceSettingsResource is the constructor of
// stack_platform_workspace_settings.
var NewWorkspaceSettingsResource = fwutil.NewResource(&fwutil.Resource[workspaceSettingsModel, *platformclient.Client]{
	TypeName: "platform_workspace_settings",
	Service:  platformclient.Service,
	Object:   "workspace settings",
	Twins:    []fwutil.Twin{tfeWorkspaceSettings},
	Schema:   workspaceSettingsSchema,
	// The ID is the workspace's, in the workspace's grammar.
	// Its identity is its workspace's ID, whose settings it holds.
	Identity: &fwutil.Identity{Attrs: []string{"workspace_id"}},
	Import: &fwutil.Import[workspaceSettingsModel, *platformclient.Client]{
		ID:    fwutil.IDGrammar{Of: "a workspace", Forms: workspaceIDForms},
		Print: func(m *workspaceSettingsModel) string { return m.WorkspaceID.ValueString() },
		Read: func(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
			importWorkspace(ctx, c, "workspace settings", id, state, diags)
			if !diags.HasError() {
				var wsID types.String
				diags.Append(state.GetAttribute(ctx, path.Root("id"), &wsID)...)
				diags.Append(state.SetAttribute(ctx, path.Root("workspace_id"), wsID)...)
			}
		},
	},
	Plan: &fwutil.Plan[workspaceSettingsModel, *platformclient.Client]{
		Validate: func(_ context.Context, _ tfsdk.Config, m *workspaceSettingsModel, diags *diag.Diagnostics) {
			if !m.AgentPoolID.IsNull() && !m.ExecutionMode.IsUnknown() && m.ExecutionMode.ValueString() != platformclient.ExecutionModeAgent {
				diags.AddAttributeError(path.Root("agent_pool_id"), "Agent pool without agent execution",
					`agent_pool_id can only be set with execution_mode = "agent".`)
			}
			if m.ExecutionMode.ValueString() == platformclient.ExecutionModeAgent && m.AgentPoolID.IsNull() {
				diags.AddAttributeError(path.Root("agent_pool_id"), "Missing agent pool",
					`execution_mode = "agent" needs agent_pool_id, the pool whose agents run the workspace's runs.`)
			}
		},
	},
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *workspaceSettingsModel) error {
		return writeWorkspaceSettings(ctx, op, m, nil)
	},
	Read:   readWorkspaceSettings,
	Update: writeWorkspaceSettings,
	// A destroy gives the workspace back the settings of a new one: the
	// execution of its project, no global access to its state, no SSH key
	// and no consumers.
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *workspaceSettingsModel) error {
		id := m.WorkspaceID.ValueString()
		got, err := op.Client.Workspaces.Update(ctx, id, platformclient.WorkspaceOptions{
			GlobalRemoteState: ptr(false),
			SettingOverwrites: &platformclient.WorkspaceSettingOverwrites{ExecutionMode: ptr(false), AgentPool: ptr(false)},
		})
		if err != nil {
			return err
		}
		if sshKeyOf(got) != "" {
			if _, err := op.Client.Workspaces.UnassignSSHKey(ctx, id); err != nil {
				return err
			}
		}
		return op.Client.Workspaces.UpdateRemoteStateConsumers(ctx, id, []string{})
	},
})

func workspaceSettingsSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "The execution settings of a workspace of the platform and who may read its state, apart from `stack_platform_workspace` " +
			"so that workspaces can name each other as remote state consumers without a dependency cycle. " +
			"A destroy gives the workspace back the settings of a new one: its project's execution, no global state access, no SSH key, no consumers. " +
			"The import ID is the workspace's ID, such as `ws-4pW7hPwDJ1fY3gSC`, or `<ORGANIZATION>/<WORKSPACE NAME>`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The workspace's ID.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"workspace_id": schema.StringAttribute{
				Required:      true,
				Description:   "ID of the workspace, `ws-` and 16 characters. Changing it replaces the settings: the former workspace gets its defaults back.",
				Validators:    []validator.String{idValidator(platformclient.PrefixWorkspace, "a workspace")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"execution_mode": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "Where the workspace's runs execute: `remote` (on the platform), `local` (where Terraform runs; the platform keeps the state) " +
					"or `agent` (on agents of `agent_pool_id`). Not set, the workspace inherits its project's, itself its organization's default, and this shows it.",
				Validators: []validator.String{stringvalidator.OneOf(platformclient.ExecutionModeRemote, platformclient.ExecutionModeLocal, platformclient.ExecutionModeAgent)},
			},
			"agent_pool_id": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "ID of the agent pool whose agents run the workspace's runs, `apool-` and 16 characters; set with `execution_mode = \"agent\"` only. " +
					"Not set, the inherited pool, if any.",
				Validators:    []validator.String{idValidator(platformclient.PrefixAgentPool, "an agent pool")},
				PlanModifiers: []planmodifier.String{noPoolUnlessAgent{}},
			},
			"global_remote_state": schema.BoolAttribute{
				Optional: true, Computed: true, Default: booldefault.StaticBool(false),
				Description: "Whether every workspace of the organization may read this one's state, whatever `remote_state_consumer_ids` lists. Default `false`.",
			},
			"remote_state_consumer_ids": schema.SetAttribute{
				Optional: true, Computed: true, ElementType: types.StringType,
				Description: "IDs of the workspaces of the organization that may read this one's state, besides those `global_remote_state` lets: " +
					"each `ws-` and 16 characters, a workspace of the same organization other than this one. " +
					"Left out, the consumers are kept as they are; `[]` removes them all. " +
					"The consumers are set after the other settings: when the platform refuses them, the other settings stay applied, the state says so, and the error names this attribute.",
				Validators:    []validator.Set{setvalidator.ValueStringsAre(idValidator(platformclient.PrefixWorkspace, "a workspace"))},
				PlanModifiers: []planmodifier.Set{setplanmodifier.UseStateForUnknown()},
			},
			"ssh_key_id": schema.StringAttribute{
				Optional: true,
				Description: "ID of the SSH key of the organization (`stack_platform_ssh_key`), `sshkey-` and 16 characters, with which the workspace's runs " +
					"fetch modules from private repositories. Not set, the workspace has none: removing it unassigns the key, and a refresh sees a key " +
					"assigned or changed outside Terraform, which the next plan sets back. The key is assigned after the execution settings: when the " +
					"platform refuses it, the other settings stay applied, the state says so, and the error names this attribute.",
				Validators: []validator.String{idValidator(platformclient.PrefixSSHKey, "an SSH key")},
			},
		},
	}
}

// writeWorkspaceSettings sends the settings over prior, the state (nil on
// create): an execution mode names the workspace's own, none inherits;
// consumers not known (left out on create) are not sent. It takes up to
// three requests, the workspace's, its SSH key's when that changes, then
// its consumers': when a later one fails, the earlier stay applied, and
// the error is a fwutil.Partial whose model holds what the workspace has
// now and the consumers it had.
func writeWorkspaceSettings(ctx context.Context, op fwutil.Op[*platformclient.Client], m, prior *workspaceSettingsModel) error {
	id := m.WorkspaceID.ValueString()
	got, err := op.Client.Workspaces.Update(ctx, id, workspaceSettingsFromModel(m))
	if err != nil {
		return err
	}
	if key := m.SSHKeyID.ValueString(); key != sshKeyOf(got) {
		var assigned *platformclient.Workspace
		if key == "" {
			assigned, err = op.Client.Workspaces.UnassignSSHKey(ctx, id)
		} else {
			assigned, err = op.Client.Workspaces.AssignSSHKey(ctx, id, key)
		}
		if err != nil {
			return partialWorkspaceSettings(m, prior, got, path.Root("ssh_key_id"), err)
		}
		got = assigned
	}
	var consumers []string
	if m.RemoteStateConsumerIDs.IsUnknown() {
		list, err := op.Client.Workspaces.ListRemoteStateConsumers(ctx, id)
		if err != nil {
			return partialWorkspaceSettings(m, prior, got, path.Root("remote_state_consumer_ids"), err)
		}
		consumers = consumerIDs(list)
	} else {
		consumers = sortedStrings(ctx, m.RemoteStateConsumerIDs, op.Diags)
		if err := op.Client.Workspaces.UpdateRemoteStateConsumers(ctx, id, nonNil(consumers)); err != nil {
			return partialWorkspaceSettings(m, prior, got, path.Root("remote_state_consumer_ids"), err)
		}
	}
	modelFromWorkspaceSettings(m, got, consumers)
	return nil
}

// workspaceSettingsFromModel is the update of the workspace that gives it
// m's settings but the consumers, which have calls of their own: an
// execution mode names the workspace's own, with its pool or none; none
// inherits its project's.
func workspaceSettingsFromModel(m *workspaceSettingsModel) platformclient.WorkspaceOptions {
	u := platformclient.WorkspaceOptions{GlobalRemoteState: boolOf(m.GlobalRemoteState)}
	if m.ExecutionMode.IsUnknown() || m.ExecutionMode.IsNull() {
		u.SettingOverwrites = &platformclient.WorkspaceSettingOverwrites{ExecutionMode: ptr(false), AgentPool: ptr(false)}
		return u
	}
	u.ExecutionMode = ptr(m.ExecutionMode.ValueString())
	u.AgentPoolID = platformclient.Null[string]()
	if !m.AgentPoolID.IsNull() && !m.AgentPoolID.IsUnknown() {
		u.AgentPoolID = platformclient.Value(m.AgentPoolID.ValueString())
	}
	return u
}

// partialWorkspaceSettings is the error of a write whose request for the
// attribute at failed (the SSH key's or the consumers') once the workspace
// w had taken the other settings: m becomes w with the consumers of prior,
// which no request changed (null on a create, which never read them).
func partialWorkspaceSettings(m, prior *workspaceSettingsModel, w *platformclient.Workspace, at path.Path, err error) error {
	modelFromWorkspaceSettings(m, w, nil)
	m.RemoteStateConsumerIDs = types.SetNull(types.StringType)
	if prior != nil {
		m.RemoteStateConsumerIDs = prior.RemoteStateConsumerIDs
	}
	pool := "no agent pool"
	if !m.AgentPoolID.IsNull() {
		pool = "agent_pool_id " + m.AgentPoolID.ValueString()
	}
	done := fmt.Sprintf("the workspace %s now has execution_mode %q, %s and global_remote_state = %t", w.ID, w.ExecutionMode, pool, w.GlobalRemoteState)
	if key := sshKeyOf(w); key != "" {
		done = fmt.Sprintf("the workspace %s now has execution_mode %q, %s, global_remote_state = %t and ssh_key_id %s",
			w.ID, w.ExecutionMode, pool, w.GlobalRemoteState, key)
	}
	return &fwutil.Partial{
		Done: done,
		Path: at,
		Err:  err,
	}
}

// readWorkspaceSettings reads the workspace and its consumers: two
// requests, which is why they are not the workspace resource's.
func readWorkspaceSettings(ctx context.Context, op fwutil.Op[*platformclient.Client], m *workspaceSettingsModel) error {
	id := m.WorkspaceID.ValueString()
	if id == "" {
		id = m.ID.ValueString()
	}
	got, err := op.Client.Workspaces.ReadByID(ctx, id, platformclient.WorkspaceReadOptions{})
	if err != nil {
		return err
	}
	list, err := op.Client.Workspaces.ListRemoteStateConsumers(ctx, id)
	if err != nil {
		return err
	}
	consumers := consumerIDs(list)
	modelFromWorkspaceSettings(m, got, consumers)
	return nil
}

// noPoolUnlessAgent plans agent_pool_id null when the configuration leaves
// it out and execution_mode is planned known and not agent: only agent
// execution has a pool, so the plan knows there is none.
type noPoolUnlessAgent struct{}

func (noPoolUnlessAgent) Description(context.Context) string {
	return "no agent pool unless execution_mode is agent"
}

func (m noPoolUnlessAgent) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (noPoolUnlessAgent) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if !req.ConfigValue.IsNull() || !req.PlanValue.IsUnknown() {
		return
	}
	var mode types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("execution_mode"), &mode)...)
	if !mode.IsNull() && !mode.IsUnknown() && mode.ValueString() != platformclient.ExecutionModeAgent {
		resp.PlanValue = types.StringNull()
	}
}

func consumerIDs(l *platformclient.WorkspaceList) []string {
	ids := make([]string, 0, len(l.Items))
	for _, w := range l.Items {
		ids = append(ids, w.ID)
	}
	slices.Sort(ids)
	return ids
}

func modelFromWorkspaceSettings(m *workspaceSettingsModel, w *platformclient.Workspace, consumers []string) {
	m.ID = types.StringValue(w.ID)
	m.WorkspaceID = types.StringValue(w.ID)
	m.ExecutionMode = types.StringValue(w.ExecutionMode)
	m.AgentPoolID = types.StringNull()
	if w.AgentPool != nil && w.AgentPool.ID != "" {
		m.AgentPoolID = types.StringValue(w.AgentPool.ID)
	}
	m.GlobalRemoteState = types.BoolValue(w.GlobalRemoteState)
	m.RemoteStateConsumerIDs = fwutil.StringSetValue(nonNil(consumers))
	m.SSHKeyID = types.StringNull()
	if key := sshKeyOf(w); key != "" {
		m.SSHKeyID = types.StringValue(key)
	}
}

// sshKeyOf is the ID of the workspace's SSH key, "" for none.
func sshKeyOf(w *platformclient.Workspace) string {
	if w.SSHKey == nil {
		return ""
	}
	return w.SSHKey.ID
}
