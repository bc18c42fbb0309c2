package platform

import (
	"context"
	"fmt"

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

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// runTaskGlobalSettingsModel is a run task's global configuration: the
// task runs in every workspace of its organization.
type runTaskGlobalSettingsModel struct {
	ID               types.String `tfsdk:"id"`
	TaskID           types.String `tfsdk:"task_id"`
	Enabled          types.Bool   `tfsdk:"enabled"`
	Stages           types.List   `tfsdk:"stages"`
	EnforcementLevel types.String `tfsdk:"enforcement_level"`
}

// NewRunTaskGlobalSettingsResource is the constructor of
// stack_platform_run_task_global_settings. The settings are a part of the
// task, which its update changes, and which stack_platform_run_task never
// sends nor reads: the two resources cannot undo each other.
var NewRunTaskGlobalSettingsResource = fwutil.NewResource(&fwutil.Resource[runTaskGlobalSettingsModel, *platformclient.Client]{
	TypeName: "platform_run_task_global_settings",
	Service:  platformclient.Service,
	Object:   "run task global settings",
	Twins:    []fwutil.Twin{tfeRunTaskGlobalSettings},
	Schema:   runTaskGlobalSettingsSchema,
	// Its identity is its run task's ID, whose settings it holds.
	Identity: &fwutil.Identity{Attrs: []string{"task_id"}},
	Import: &fwutil.Import[runTaskGlobalSettingsModel, *platformclient.Client]{
		ID:    fwutil.IDGrammar{Of: "a run task's global settings", Forms: runTaskIDForms},
		Print: func(m *runTaskGlobalSettingsModel) string { return m.TaskID.ValueString() },
		Read: func(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
			got, ok := importRunTask(ctx, c, "run task global settings", id, diags)
			if !ok {
				return
			}
			if got.GlobalConfiguration == nil {
				diags.AddError("Cannot import the run task global settings", notEntitledToGlobalRunTasks(got))
				return
			}
			diags.Append(state.SetAttribute(ctx, path.Root("task_id"), got.ID)...)
			diags.Append(state.SetAttribute(ctx, path.Root("id"), got.ID)...)
		},
	},
	Create: writeRunTaskGlobalSettings,
	// Answered without them, the settings are out of the organization's
	// reach: they leave the state, with a warning, so that a destroy goes
	// through and the next apply says why it cannot set them.
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *runTaskGlobalSettingsModel) error {
		got, err := op.Client.RunTasks.Read(ctx, m.TaskID.ValueString())
		if err != nil {
			return err
		}
		if got.GlobalConfiguration == nil {
			op.Diags.AddWarning("Run task global settings not available: removed from the state", notEntitledToGlobalRunTasks(got))
			return fwutil.ErrGone
		}
		return modelFromRunTaskGlobalSettings(m, got)
	},
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *runTaskGlobalSettingsModel) error {
		return writeRunTaskGlobalSettings(ctx, op, m)
	},
	// A destroy turns the global settings off, and leaves the stages and
	// the enforcement level as they were, as the task keeps them.
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *runTaskGlobalSettingsModel) error {
		_, err := op.Client.RunTasks.Update(ctx, m.TaskID.ValueString(), platformclient.RunTaskOptions{
			GlobalConfiguration: &platformclient.RunTaskGlobalConfigurationOptions{Enabled: ptr(false)},
		})
		return err
	},
})

func runTaskGlobalSettingsSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "The global settings of a run task of the platform: the task runs at their stages in every workspace of its organization, " +
			"besides the workspaces it is attached to. The organization's plan must entitle it to global run tasks (`stack_platform_entitlements`' " +
			"`global_run_tasks`): without it the platform ignores them and answers none: an apply fails saying so, and a refresh removes them from the state with a warning. " +
			"A task always has global settings, off until set, so declare them once per task; `stack_platform_run_task` leaves them as they are, " +
			"so the two never undo each other. A destroy turns them off. The import ID is the task's ID, such as `task-6p5RiCe5CRjBmsGt`, " +
			"or `<ORGANIZATION>/<TASK NAME>`, such as `acme/scanner`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The task's ID.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"task_id": schema.StringAttribute{
				Required:      true,
				Description:   "ID of the run task, `task-` and 16 characters. Changing it replaces the settings: the former task's are turned off.",
				Validators:    []validator.String{idValidator(platformclient.PrefixRunTask, "a run task")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"enabled": schema.BoolAttribute{
				Optional: true, Computed: true,
				Default:     booldefault.StaticBool(true),
				Description: "Whether the task runs in every workspace of the organization. Default `true`. Changing it changes the settings in place.",
			},
			"stages": schema.ListAttribute{
				Required:    true,
				ElementType: types.StringType,
				Description: "The stages of a run at which the task runs, at least one, each once: " + runTaskStagesText + ". " +
					"Changing them changes the settings in place; a refresh sees a change made outside Terraform.",
				Validators: runTaskStagesValidators(),
			},
			"enforcement_level": schema.StringAttribute{
				Required:    true,
				Description: "How the task's result weighs on the runs: " + runTaskEnforcementText + ". Changing it changes the settings in place.",
				Validators:  []validator.String{stringvalidator.OneOf(runTaskEnforcementLevels...)},
			},
		},
	}
}

// writeRunTaskGlobalSettings sends the whole global configuration m
// describes, alone, and reads back what the platform kept.
func writeRunTaskGlobalSettings(ctx context.Context, op fwutil.Op[*platformclient.Client], m *runTaskGlobalSettingsModel) error {
	got, err := op.Client.RunTasks.Update(ctx, m.TaskID.ValueString(), platformclient.RunTaskOptions{
		GlobalConfiguration: runTaskGlobalSettingsFromModel(ctx, m, op.Diags),
	})
	if err != nil {
		return err
	}
	return modelFromRunTaskGlobalSettings(m, got)
}

// runTaskGlobalSettingsFromModel is the whole global configuration m
// describes.
func runTaskGlobalSettingsFromModel(ctx context.Context, m *runTaskGlobalSettingsModel, diags *diag.Diagnostics) *platformclient.RunTaskGlobalConfigurationOptions {
	var stages []string
	diags.Append(m.Stages.ElementsAs(ctx, &stages, false)...)
	return &platformclient.RunTaskGlobalConfigurationOptions{
		Enabled: boolOf(m.Enabled), Stages: nonNil(stages), EnforcementLevel: ptr(m.EnforcementLevel.ValueString()),
	}
}

// modelFromRunTaskGlobalSettings writes the global configuration of the
// task the server answered over m, or fails where the platform answers
// none: the organization is not entitled to global run tasks, and the
// platform ignored what the request gave.
func modelFromRunTaskGlobalSettings(m *runTaskGlobalSettingsModel, t *platformclient.RunTask) error {
	g := t.GlobalConfiguration
	if g == nil {
		return &fwutil.Failure{Summary: "Global run tasks not available", Path: path.Root("task_id"), Detail: notEntitledToGlobalRunTasks(t)}
	}
	m.ID = types.StringValue(t.ID)
	m.TaskID = types.StringValue(t.ID)
	m.Enabled = types.BoolValue(g.Enabled)
	m.Stages = stringList(g.Stages)
	m.EnforcementLevel = types.StringValue(g.EnforcementLevel)
	return nil
}

// notEntitledToGlobalRunTasks says why the platform answered t without
// its global configuration.
func notEntitledToGlobalRunTasks(t *platformclient.RunTask) string {
	org := "its organization"
	if t.Organization != nil {
		org = fmt.Sprintf("the organization %q", t.Organization.Name)
	}
	return fmt.Sprintf("The platform answered the run task %s without global settings: the plan of %s does not entitle it to global run tasks "+
		"(stack_platform_entitlements' global_run_tasks), and the platform ignores them there. Put the organization on a plan that has them, "+
		"or remove these settings from the configuration.", t.ID, org)
}
