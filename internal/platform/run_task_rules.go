package platform

import (
	"context"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// What the resources of run tasks share: the import IDs that name a task,
// the stages of a run at which a task runs and the enforcement levels of
// its result, which a task's global settings and a workspace's run task
// take alike.

// runTaskStages are the stages of a run at which a task runs, in a run's
// order.
var runTaskStages = []string{
	platformclient.RunTaskStagePrePlan, platformclient.RunTaskStagePostPlan,
	platformclient.RunTaskStagePreApply, platformclient.RunTaskStagePostApply,
}

// runTaskStagesText states the stages, for descriptions.
var runTaskStagesText = "`" + strings.Join(runTaskStages, "`, `") + "`"

// runTaskStagesValidators check a list of stages: known ones, each once,
// at least one.
func runTaskStagesValidators() []validator.List {
	return []validator.List{
		listvalidator.SizeAtLeast(1), listvalidator.UniqueValues(),
		listvalidator.ValueStringsAre(stringvalidator.OneOf(runTaskStages...)),
	}
}

// runTaskEnforcementLevels are how a task's failure weighs on the run.
var runTaskEnforcementLevels = []string{platformclient.RunTaskAdvisory, platformclient.RunTaskMandatory}

// runTaskEnforcementText states the levels, for descriptions.
const runTaskEnforcementText = "`advisory`, whose failure warns, or `mandatory`, whose failure stops the run"

func isRunTaskID(s string) bool { return platformclient.IsID(platformclient.PrefixRunTask, s) }

// runTaskIDForms are the import IDs of a run task and of its global
// settings: the task's ID, or its organization and name, the incumbent
// provider's.
var runTaskIDForms = []fwutil.IDForm{
	{
		Says:  "its ID, task- and 16 characters of the base58 alphabet",
		Parts: []fwutil.IDPart{{Label: "<TASK ID>", Match: isRunTaskID}},
	},
	{Parts: []fwutil.IDPart{{Label: "<ORGANIZATION>", Match: organizationNameRe.MatchString}, {Label: "<TASK NAME>"}}},
}

// importRunTask reads the task that id, in one of runTaskIDForms, names,
// for the import of object: a name is looked up in any case, as the
// platform keeps task names unique in any case. It reports false, with
// the error in diags, when it cannot.
func importRunTask(ctx context.Context, c *platformclient.Client, object string, id fwutil.ParsedID, diags *diag.Diagnostics) (*platformclient.RunTask, bool) {
	var found *platformclient.RunTask
	var err error
	byName := len(id.Parts) == 2
	if byName {
		found, err = c.RunTasks.ReadByName(ctx, id.Parts[0], id.Parts[1])
	} else {
		found, err = c.RunTasks.Read(ctx, id.Parts[0])
	}
	if !importFoundAs(diags, object, "run task", id.String(), err) {
		return nil, false
	}
	return found, true
}
