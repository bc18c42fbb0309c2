package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// runTaskDataModel is a run task as the data source shows it: what the
// resource has but the HMAC key, which the platform never answers, and
// the task's global configuration.
type runTaskDataModel struct {
	runTaskSettings
	GlobalConfiguration types.Object `tfsdk:"global_configuration"`
}

// runTaskGlobalTypes are the attributes of global_configuration.
var runTaskGlobalTypes = map[string]attr.Type{
	"enabled": types.BoolType, "stages": types.ListType{ElemType: types.StringType}, "enforcement_level": types.StringType,
}

var runTaskLookup = lookup{
	object: "run task", idPrefix: platformclient.PrefixRunTask, idRule: "`task-` and 16 characters",
	nameMatch: ", compared exactly, in its case", nameRule: runTaskNameRule, nameValidators: notBlankValidators(),
	owner: "the task's",
}

// NewRunTaskDataSource is the constructor of the stack_platform_run_task
// data source.
var NewRunTaskDataSource = fwutil.NewDataSource(&fwutil.DataSource[runTaskDataModel, *platformclient.Client]{
	TypeName: "platform_run_task",
	Service:  platformclient.Service,
	Schema:   runTaskDataSourceSchema,
	Read:     readRunTaskDataSource,
})

func runTaskDataSourceSchema(ctx context.Context) schema.Schema {
	attrs := computedFrom(runTaskSchema(ctx), map[string]string{
		"url":           "The URL that the platform sends the task's requests to.",
		"description":   "A description of the task; empty when it has none.",
		"category":      "The kind of the task: `task`, the only one the platform has.",
		"enabled":       "Whether the task runs in the workspaces it is attached to.",
		"agent_pool_id": "ID of the agent pool whose agents forward the task's requests to a private network; null for a public task, which the platform calls itself.",
	}, "hmac_key", "hmac_key_wo_version")
	runTaskLookup.addAttributes(attrs)
	attrs["global_configuration"] = schema.SingleNestedAttribute{
		Computed: true,
		Description: "The task's global settings, which run it in every workspace of the organization (`stack_platform_run_task_global_settings`); " +
			"null when the organization's plan does not entitle it to global run tasks, as the platform then answers none.",
		Attributes: map[string]schema.Attribute{
			"enabled":           schema.BoolAttribute{Computed: true, Description: "Whether the task runs in every workspace of the organization."},
			"stages":            schema.ListAttribute{Computed: true, ElementType: types.StringType, Description: "The stages of a run at which it runs there."},
			"enforcement_level": schema.StringAttribute{Computed: true, Description: "`advisory`, whose failure warns, or `mandatory`, whose failure stops the run."},
		},
	}
	return schema.Schema{
		Description: "Reads a run task of the platform, by its name in an organization or by its ID, with its global settings. " +
			"The platform never returns a task's HMAC key, and answers a task the token may not see as one that does not exist.",
		Attributes: attrs,
	}
}

func readRunTaskDataSource(ctx context.Context, c *platformclient.Client, m *runTaskDataModel, diags *diag.Diagnostics) {
	got, ok := find(ctx, runTaskLookup, c, m.ID, m.Organization, m.Name, diags, c.RunTasks.Read,
		func(ctx context.Context, org, _ string) (*platformclient.RunTaskList, error) {
			return c.RunTasks.List(ctx, org)
		},
		func(t *platformclient.RunTask) string { return t.Name })
	if !ok {
		return
	}
	modelFromRunTask(&m.runTaskSettings, got)
	m.GlobalConfiguration = types.ObjectNull(runTaskGlobalTypes)
	if g := got.GlobalConfiguration; g != nil {
		obj, d := types.ObjectValue(runTaskGlobalTypes, map[string]attr.Value{
			"enabled": types.BoolValue(g.Enabled), "stages": stringList(g.Stages), "enforcement_level": types.StringValue(g.EnforcementLevel),
		})
		diags.Append(d...)
		m.GlobalConfiguration = obj
	}
}
