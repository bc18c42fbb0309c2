package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The workspace run task's convention and round trip, which
// conventions_test.go runs.
func init() {
	declareObject("workspace run task", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.WorkspaceRunTask{},
			shownBy: attributeNames(workspaceRunTaskSchema(ctx).Attributes, workspaceRunTaskDataSourceSchema(ctx).Attributes),
		}
	})
	declareRoundTrip("workspace run task", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := workspaceRunTaskModel{
			WorkspaceID: str("ws-4pW7hPwDJ1fY3gSC"), TaskID: str("task-6p5RiCe5CRjBmsGt"), EnforcementLevel: str("mandatory"),
			Stages: stringList([]string{"pre_apply", "post_plan"}), Stage: str("pre_apply"), Enabled: types.BoolValue(false),
		}
		opts := workspaceRunTaskFromModel(ctx, &want, diags)
		opts.Task = &platformclient.RunTask{ID: want.TaskID.ValueString()}
		a := throughJSONAPI[platformclient.WorkspaceRunTask](t, &opts)
		// The workspace is the create's path, not its body.
		a.Workspace = &platformclient.Workspace{ID: want.WorkspaceID.ValueString()}
		var got workspaceRunTaskModel
		modelFromWorkspaceRunTask(&got, a)
		sameConfigurable(t, "workspace run task", workspaceRunTaskSchema(ctx), &want, &got)
	})
}
