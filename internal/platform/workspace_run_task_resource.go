package platform

import (
	"context"
	"net/http"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// workspaceRunTaskModel is a run task attached to a workspace, for the
// resource and the data source alike.
type workspaceRunTaskModel struct {
	ID               types.String `tfsdk:"id"`
	WorkspaceID      types.String `tfsdk:"workspace_id"`
	TaskID           types.String `tfsdk:"task_id"`
	EnforcementLevel types.String `tfsdk:"enforcement_level"`
	Stages           types.List   `tfsdk:"stages"`
	Stage            types.String `tfsdk:"stage"`
	Enabled          types.Bool   `tfsdk:"enabled"`
}

// NewWorkspaceRunTaskResource is the constructor of
// stack_platform_workspace_run_task. The workspace and the task replace
// it; the rest changes in place.
var NewWorkspaceRunTaskResource = fwutil.NewResource(&fwutil.Resource[workspaceRunTaskModel, *platformclient.Client]{
	TypeName: "platform_workspace_run_task",
	Service:  platformclient.Service,
	Object:   "workspace run task",
	Twins:    []fwutil.Twin{tfeWorkspaceRunTask},
	Schema:   workspaceRunTaskSchema,
	Import: &fwutil.Import[workspaceRunTaskModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{
			{Parts: []fwutil.IDPart{
				{Label: "<WORKSPACE ID>", Attr: "workspace_id", Match: func(s string) bool { return platformclient.IsID(platformclient.PrefixWorkspace, s) }},
				{Label: "<WORKSPACE RUN TASK ID>", Attr: "id", Match: isWorkspaceRunTaskID},
			}},
			{Parts: []fwutil.IDPart{
				{Label: "<ORGANIZATION>", Match: organizationNameRe.MatchString},
				{Label: "<WORKSPACE NAME>", Match: workspaceNameRe.MatchString},
				{Label: "<TASK NAME>"},
			}},
		}},
		Print: func(m *workspaceRunTaskModel) string { return m.WorkspaceID.ValueString() + "/" + m.ID.ValueString() },
		Read:  importWorkspaceRunTask,
	},
	// The platform refuses a task the workspace has already with a 422:
	// the attachment in place is looked up among the workspace's.
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *workspaceRunTaskModel) error {
		opts := workspaceRunTaskFromModel(ctx, m, op.Diags)
		opts.Task = &platformclient.RunTask{ID: m.TaskID.ValueString()}
		got, err := op.Client.WorkspaceRunTasks.Create(ctx, m.WorkspaceID.ValueString(), opts)
		if client.StatusCode(err) == http.StatusUnprocessableEntity {
			if found, lookupErr := op.Client.WorkspaceRunTasks.ReadByTask(ctx, m.WorkspaceID.ValueString(), m.TaskID.ValueString()); lookupErr == nil {
				m.ID = types.StringValue(found.ID)
				return &fwutil.Exists{ServerSaid: err}
			}
		}
		if err == nil {
			modelFromWorkspaceRunTask(m, got)
		}
		return err
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *workspaceRunTaskModel) error {
		got, err := op.Client.WorkspaceRunTasks.Read(ctx, m.WorkspaceID.ValueString(), m.ID.ValueString())
		if err == nil {
			modelFromWorkspaceRunTask(m, got)
		}
		return err
	},
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *workspaceRunTaskModel) error {
		got, err := op.Client.WorkspaceRunTasks.Update(ctx, m.WorkspaceID.ValueString(), m.ID.ValueString(), workspaceRunTaskFromModel(ctx, m, op.Diags))
		if err == nil {
			modelFromWorkspaceRunTask(m, got)
		}
		return err
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *workspaceRunTaskModel) error {
		return op.Client.WorkspaceRunTasks.Delete(ctx, m.WorkspaceID.ValueString(), m.ID.ValueString())
	},
})

func isWorkspaceRunTaskID(s string) bool {
	return platformclient.IsID(platformclient.PrefixWorkspaceRunTask, s)
}

func workspaceRunTaskSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "A run task attached to a workspace of the platform (`stack_platform_run_task`): the platform calls the task at the stages of the " +
			"workspace's runs that `stages` names, and its result warns (`advisory`) or stops the run (`mandatory`). A workspace has a task once. " +
			"Deleting the workspace or the task deletes the attachment, so that the next plan creates it again. The import ID is " +
			"`<WORKSPACE ID>/<WORKSPACE RUN TASK ID>`, such as `ws-4pW7hPwDJ1fY3gSC/wstask-6p5RiCe5CRjBmsGt`, or " +
			"`<ORGANIZATION>/<WORKSPACE NAME>/<TASK NAME>`, such as `acme/app/scanner`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The attachment's ID, `wstask-` and 16 characters.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"workspace_id": schema.StringAttribute{
				Required:      true,
				Description:   "ID of the workspace, `ws-` and 16 characters. Changing it replaces the attachment.",
				Validators:    []validator.String{idValidator(platformclient.PrefixWorkspace, "a workspace")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"task_id": schema.StringAttribute{
				Required:      true,
				Description:   "ID of the run task, `task-` and 16 characters, of the workspace's organization. Changing it replaces the attachment.",
				Validators:    []validator.String{idValidator(platformclient.PrefixRunTask, "a run task")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"enforcement_level": schema.StringAttribute{
				Required:    true,
				Description: "How the task's result weighs on the workspace's runs: " + runTaskEnforcementText + ". Changing it changes the attachment in place.",
				Validators:  []validator.String{stringvalidator.OneOf(runTaskEnforcementLevels...)},
			},
			"stages": schema.ListAttribute{
				Optional: true, Computed: true,
				ElementType: types.StringType,
				Description: "The stages of the workspace's runs at which the task runs, at least one, each once: " + runTaskStagesText + ". " +
					"Not set, the one stage of the deprecated `stage` when it is set, else `[\"post_plan\"]`, the platform's default. " +
					"Changing them changes the attachment in place; a refresh sees a change made outside Terraform.",
				Validators:    runTaskStagesValidators(),
				PlanModifiers: []planmodifier.List{stagesFromStage{}},
			},
			"stage": schema.StringAttribute{
				Optional: true, Computed: true,
				DeprecationMessage: "Use stages: the platform keeps stage only as the first of the stages.",
				Description: "Deprecated: use `stages`. One stage, " + runTaskStagesText + ", which makes the stages that one when `stages` is not set, " +
					"which it conflicts with. The platform answers the first of the stages here, which is what it shows when not set.",
				Validators: []validator.String{
					stringvalidator.OneOf(runTaskStages...),
					stringvalidator.ConflictsWith(path.MatchRoot("stages")),
				},
				PlanModifiers: []planmodifier.String{firstStage{}},
			},
			"enabled": schema.BoolAttribute{
				Optional: true, Computed: true,
				Default:     booldefault.StaticBool(true),
				Description: "Whether the task runs in the workspace. Default `true`. Changing it changes the attachment in place.",
			},
		},
	}
}

// stagesFromStage plans stages that the configuration leaves out: the
// one stage of the deprecated stage when the configuration sets it, else
// post_plan, the platform's default.
type stagesFromStage struct{}

func (stagesFromStage) Description(context.Context) string {
	return "Not set, the deprecated stage's one stage, else post_plan."
}

func (m stagesFromStage) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (stagesFromStage) PlanModifyList(ctx context.Context, req planmodifier.ListRequest, resp *planmodifier.ListResponse) {
	if !req.ConfigValue.IsNull() {
		return
	}
	var stage types.String
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("stage"), &stage)...)
	switch {
	case stage.IsUnknown():
		resp.PlanValue = types.ListUnknown(types.StringType)
	case stage.IsNull():
		resp.PlanValue = stringList([]string{platformclient.RunTaskStagePostPlan})
	default:
		resp.PlanValue = stringList([]string{stage.ValueString()})
	}
}

// firstStage plans the deprecated stage that the configuration leaves
// out: the first of the stages, as the platform answers it.
type firstStage struct{}

func (firstStage) Description(context.Context) string { return "Not set, the first of the stages." }

func (m firstStage) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (firstStage) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if !req.ConfigValue.IsNull() {
		return
	}
	var stages types.List
	resp.Diagnostics.Append(req.Config.GetAttribute(ctx, path.Root("stages"), &stages)...)
	switch {
	case stages.IsUnknown():
		resp.PlanValue = types.StringUnknown()
	case stages.IsNull():
		resp.PlanValue = types.StringValue(platformclient.RunTaskStagePostPlan)
	case len(stages.Elements()) == 0:
		// Refused by the stages' validators.
	default:
		first, ok := stages.Elements()[0].(types.String)
		if !ok || first.IsUnknown() {
			resp.PlanValue = types.StringUnknown()
			return
		}
		resp.PlanValue = first
	}
}

// importWorkspaceRunTask takes <WORKSPACE ID>/<WORKSPACE RUN TASK ID>, or
// <ORGANIZATION>/<WORKSPACE NAME>/<TASK NAME>: the workspace by its name,
// the task by its name in any case, and the attachment among the
// workspace's.
func importWorkspaceRunTask(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	const object = "workspace run task"
	p := id.Parts
	if len(p) == 2 {
		_, err := c.WorkspaceRunTasks.Read(ctx, p[0], p[1])
		importFound(diags, object, id.String(), err)
		return
	}
	ws, err := c.Workspaces.Read(ctx, p[0], p[1], platformclient.WorkspaceReadOptions{})
	if !importFoundAs(diags, object, "workspace", p[0]+"/"+p[1], err) {
		return
	}
	task, err := c.RunTasks.ReadByName(ctx, p[0], p[2])
	if !importFoundAs(diags, object, "run task", p[0]+"/"+p[2], err) {
		return
	}
	found, err := c.WorkspaceRunTasks.ReadByTask(ctx, ws.ID, task.ID)
	if !importFound(diags, object, id.String(), err) {
		return
	}
	diags.Append(state.SetAttribute(ctx, path.Root("workspace_id"), ws.ID)...)
	diags.Append(state.SetAttribute(ctx, path.Root("id"), found.ID)...)
}

// workspaceRunTaskFromModel is the whole attachment m describes, for a
// create or an update, but its task, which a create alone sends: its
// stages, never the deprecated stage, which they say.
func workspaceRunTaskFromModel(ctx context.Context, m *workspaceRunTaskModel, diags *diag.Diagnostics) platformclient.WorkspaceRunTaskOptions {
	var stages []string
	if !m.Stages.IsNull() && !m.Stages.IsUnknown() {
		diags.Append(m.Stages.ElementsAs(ctx, &stages, false)...)
	}
	return platformclient.WorkspaceRunTaskOptions{
		EnforcementLevel: ptr(m.EnforcementLevel.ValueString()),
		Stages:           stages,
		Enabled:          boolOf(m.Enabled),
	}
}

// modelFromWorkspaceRunTask writes the attachment the server answered
// over m.
func modelFromWorkspaceRunTask(m *workspaceRunTaskModel, wt *platformclient.WorkspaceRunTask) {
	m.ID = types.StringValue(wt.ID)
	if wt.Workspace != nil {
		m.WorkspaceID = types.StringValue(wt.Workspace.ID)
	}
	if wt.Task != nil {
		m.TaskID = types.StringValue(wt.Task.ID)
	}
	m.EnforcementLevel = types.StringValue(wt.EnforcementLevel)
	m.Stages = stringList(wt.Stages)
	m.Stage = types.StringValue(wt.Stage)
	if wt.Stage == "" && len(wt.Stages) > 0 {
		m.Stage = types.StringValue(wt.Stages[0])
	}
	m.Enabled = types.BoolValue(wt.Enabled)
}
