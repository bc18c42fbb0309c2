package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The round trip of the workspace settings, which conventions_test.go runs.
func init() {
	declareRoundTrip("workspace settings", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := workspaceSettingsModel{
			WorkspaceID: str("ws-4pW7hPwDJ1fY3gSC"), ExecutionMode: str(platformclient.ExecutionModeAgent),
			AgentPoolID: str("apool-6p5RiCe5CRjBmsGt"), GlobalRemoteState: types.BoolValue(true),
			RemoteStateConsumerIDs: types.SetValueMust(types.StringType, []attr.Value{str("ws-7q6SjDf6DSkCntHu")}),
			SSHKeyID:               str("sshkey-6p5RiCe5CRjBmsGt"),
		}
		opts := workspaceSettingsFromModel(&want)
		a := throughJSONAPI[platformclient.Workspace](t, &opts)
		a.ID = want.WorkspaceID.ValueString()
		a.AgentPool = &platformclient.AgentPool{ID: want.AgentPoolID.ValueString()}
		// The SSH key has a call of its own, whose answer is the workspace.
		a.SSHKey = &platformclient.SSHKey{ID: want.SSHKeyID.ValueString()}
		var got workspaceSettingsModel
		// The consumers have calls of their own, which take and give IDs.
		modelFromWorkspaceSettings(&got, a, sortedStrings(ctx, want.RemoteStateConsumerIDs, diags))
		sameConfigurable(t, "workspace settings", workspaceSettingsSchema(ctx), &want, &got)
	})
}
