package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// NewRunTriggerListResource is the constructor of the list resource of
// stack_platform_run_trigger.
var NewRunTriggerListResource = listHeld(NewRunTriggerResource, &heldList[runTriggerModel, workspaceListFilter, platformclient.RunTrigger]{
	What:  "run triggers",
	About: "Lists the run triggers that queue runs in a workspace of the platform, one for each of its source workspaces.",
	List: func(ctx context.Context, c *platformclient.Client, id string, _ *workspaceListFilter) (*platformclient.RunTriggerList, error) {
		return c.RunTriggers.List(ctx, id, platformclient.RunTriggerInbound)
	},
	Model: func(id types.String, rt *platformclient.RunTrigger, _ *diag.Diagnostics) *runTriggerModel {
		// A list's answer that leaves the workspace out: the one listed.
		m := &runTriggerModel{WorkspaceID: id}
		modelFromRunTrigger(m, rt)
		return m
	},
	DisplayName: func(m *runTriggerModel) string {
		return m.SourceableName.ValueString() + " -> " + m.WorkspaceName.ValueString()
	},
})
