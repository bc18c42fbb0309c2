package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// runTriggerModel is a run trigger.
type runTriggerModel struct {
	ID             types.String `tfsdk:"id"`
	WorkspaceID    types.String `tfsdk:"workspace_id"`
	SourceableID   types.String `tfsdk:"sourceable_id"`
	WorkspaceName  types.String `tfsdk:"workspace_name"`
	SourceableName types.String `tfsdk:"sourceable_name"`
}

// NewRunTriggerResource is the constructor of stack_platform_run_trigger.
// A trigger has no update: both its workspaces replace it.
var NewRunTriggerResource = fwutil.NewResource(&fwutil.Resource[runTriggerModel, *platformclient.Client]{
	TypeName: "platform_run_trigger",
	Service:  platformclient.Service,
	Object:   "run trigger",
	Schema:   runTriggerSchema,
	Twins:    []fwutil.Twin{tfeRunTrigger},
	Import: &fwutil.Import[runTriggerModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{{
			Says:  "its ID, rt- and 16 characters of the base58 alphabet",
			Parts: []fwutil.IDPart{{Label: "<RUN TRIGGER ID>", Attr: "id", Match: isRunTriggerID}},
		}}},
		Print: func(m *runTriggerModel) string { return m.ID.ValueString() },
		Read: func(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, _ *tfsdk.State, diags *diag.Diagnostics) {
			_, err := c.RunTriggers.Read(ctx, id.String())
			importFound(diags, "run trigger", id.String(), err)
		},
	},
	Plan: &fwutil.Plan[runTriggerModel, *platformclient.Client]{
		// The platform refuses a workspace as its own source.
		Validate: func(_ context.Context, _ tfsdk.Config, m *runTriggerModel, diags *diag.Diagnostics) {
			if !m.SourceableID.IsUnknown() && !m.SourceableID.IsNull() && m.SourceableID.Equal(m.WorkspaceID) {
				diags.AddAttributeError(path.Root("sourceable_id"), "Invalid source workspace",
					fmt.Sprintf("sourceable_id must be another workspace than workspace_id: a workspace cannot trigger its own runs, got %s for both.", m.SourceableID.ValueString()))
			}
		},
	},
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *runTriggerModel) error {
		got, err := op.Client.RunTriggers.Create(ctx, m.WorkspaceID.ValueString(), runTriggerFromModel(m))
		if err == nil {
			modelFromRunTrigger(m, got)
			return nil
		}
		return runTriggerCreateFailure(ctx, op.Client, m, err)
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *runTriggerModel) error {
		got, err := op.Client.RunTriggers.Read(ctx, m.ID.ValueString())
		if err == nil {
			modelFromRunTrigger(m, got)
		}
		return err
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *runTriggerModel) error {
		return op.Client.RunTriggers.Delete(ctx, m.ID.ValueString())
	},
})

func isRunTriggerID(s string) bool { return platformclient.IsID(platformclient.PrefixRunTrigger, s) }

func runTriggerSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "A run trigger of the platform: each apply in the source workspace (`sourceable_id`) queues a run in the workspace " +
			"(`workspace_id`), which applies on its own only where the workspace's `auto_apply_run_trigger` is set. " +
			"A workspace has at most 20 source workspaces, of its own organization and never itself. A trigger has no update: " +
			"changing either workspace replaces it. Deleting either workspace deletes the trigger, so that the next plan creates it again; " +
			"with its source gone, that create fails on `sourceable_id`. " +
			"The platform refuses a create while another create in the organization holds its lock (\"Run Trigger creation locked\"): " +
			"the provider tries it again, for up to a minute. The import ID is the trigger's ID, such as `rt-6p5RiCe5CRjBmsGt`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The trigger's ID, `rt-` and 16 characters.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"workspace_id": schema.StringAttribute{
				Required:      true,
				Description:   "ID of the workspace whose runs the trigger queues, `ws-` and 16 characters. Changing it replaces the trigger.",
				Validators:    []validator.String{idValidator(platformclient.PrefixWorkspace, "a workspace")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"sourceable_id": schema.StringAttribute{
				Required: true,
				Description: "ID of the source workspace, `ws-` and 16 characters, whose applies queue the runs: a workspace of the same organization, " +
					"not `workspace_id` itself. Changing it replaces the trigger.",
				Validators:    []validator.String{idValidator(platformclient.PrefixWorkspace, "a workspace")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"workspace_name": schema.StringAttribute{
				Computed:    true,
				Description: "Name of the workspace whose runs the trigger queues; a refresh sees it renamed.",
			},
			"sourceable_name": schema.StringAttribute{
				Computed:    true,
				Description: "Name of the source workspace; a refresh sees it renamed.",
			},
		},
	}
}

// runTriggerCreateFailure words a create's 404, which says that one of the
// two workspaces is missing, or hidden from the token, without saying
// which: a read of the source tells, and the error is on its attribute.
// It also words the organization's lock, which the client waited out for
// a minute in vain. Other errors are returned as they are.
func runTriggerCreateFailure(ctx context.Context, c *platformclient.Client, m *runTriggerModel, err error) error {
	if platformclient.RunTriggerLocked(err) {
		// Its status, 409, must not read as a trigger found in place.
		return &fwutil.Failure{Summary: "Cannot create the run trigger", Detail: "The platform refused the create for a minute, " +
			"while other creates of run triggers in the organization held its lock. Apply again, or with a lower -parallelism, " +
			"once other runs that create run triggers in the organization are done.\n\nServer said: " + err.Error()}
	}
	if !client.IsNotFound(err) {
		return err
	}
	attr, id := "workspace_id", m.WorkspaceID.ValueString()
	if _, srcErr := c.Workspaces.ReadByID(ctx, m.SourceableID.ValueString(), platformclient.WorkspaceReadOptions{}); client.IsNotFound(srcErr) {
		attr, id = "sourceable_id", m.SourceableID.ValueString()
	}
	return &fwutil.Failure{Summary: "Cannot create the run trigger", Path: path.Root(attr), Detail: fmt.Sprintf(
		"The workspace %s that %s names does not exist, or the provider's token may not see it.\n\nServer said: %s", id, attr, err)}
}

// runTriggerFromModel is the trigger m describes, for its create: the
// source alone, as the workspace is the request's path.
func runTriggerFromModel(m *runTriggerModel) platformclient.RunTriggerCreateOptions {
	return platformclient.RunTriggerCreateOptions{Sourceable: &platformclient.Workspace{ID: m.SourceableID.ValueString()}}
}

// modelFromRunTrigger writes the trigger the server answered over m.
func modelFromRunTrigger(m *runTriggerModel, rt *platformclient.RunTrigger) {
	m.ID = types.StringValue(rt.ID)
	if rt.Workspace != nil {
		m.WorkspaceID = types.StringValue(rt.Workspace.ID)
	}
	if rt.Sourceable != nil {
		m.SourceableID = types.StringValue(rt.Sourceable.ID)
	}
	m.WorkspaceName = types.StringValue(rt.WorkspaceName)
	m.SourceableName = types.StringValue(rt.SourceableName)
}
