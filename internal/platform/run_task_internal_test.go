package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The run task's convention and the round trips of its two resources,
// which conventions_test.go runs.
func init() {
	declareObject("run task", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.RunTask{},
			shownBy: attributeNames(runTaskSchema(ctx).Attributes, runTaskDataSourceSchema(ctx).Attributes,
				runTaskGlobalSettingsSchema(ctx).Attributes),
		}
	})
	declareRoundTrip("run task", func(t *testing.T, ctx context.Context, _ *diag.Diagnostics) {
		str := types.StringValue
		want := runTaskModel{runTaskSettings: runTaskSettings{
			Organization: str("acme"), Name: str("scanner"), URL: str("https://scanner.example.com"), Description: str("Scans plans."),
			Category: str("task"), Enabled: types.BoolValue(false), AgentPoolID: str("apool-6p5RiCe5CRjBmsGt"),
		}}
		opts := runTaskFromModel(&want.runTaskSettings, creating)
		a := throughJSONAPI[platformclient.RunTask](t, &opts)
		a.Organization = &platformclient.Organization{Name: "acme"}
		var got runTaskModel
		modelFromRunTask(&got.runTaskSettings, a)
		sameConfigurable(t, "run task", runTaskSchema(ctx), &want, &got, "hmac_key", "hmac_key_wo", "hmac_key_wo_version")
	})
	declareRoundTrip("run task global settings", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		want := runTaskGlobalSettingsModel{
			TaskID: types.StringValue("task-6p5RiCe5CRjBmsGt"), Enabled: types.BoolValue(false),
			Stages: stringList([]string{"post_plan", "pre_plan"}), EnforcementLevel: types.StringValue("mandatory"),
		}
		opts := platformclient.RunTaskOptions{GlobalConfiguration: runTaskGlobalSettingsFromModel(ctx, &want, diags)}
		a := throughJSONAPI[platformclient.RunTask](t, &opts)
		a.ID = want.TaskID.ValueString()
		var got runTaskGlobalSettingsModel
		if err := modelFromRunTaskGlobalSettings(&got, a); err != nil {
			t.Fatal(err)
		}
		sameConfigurable(t, "run task global settings", runTaskGlobalSettingsSchema(ctx), &want, &got)
	})
}
