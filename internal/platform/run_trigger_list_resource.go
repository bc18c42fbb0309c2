package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// runTriggerListFilters are the filters of the run triggers' list block.
type runTriggerListFilters struct {
	WorkspaceID types.String `tfsdk:"workspace_id"`
}

// NewRunTriggerListResource is the constructor of the list resource of
// stack_platform_run_trigger.
var NewRunTriggerListResource = fwutil.NewListResource(NewRunTriggerResource, &fwutil.List[runTriggerModel, runTriggerListFilters, *platformclient.Client]{
	Filters: func(context.Context) lschema.Schema {
		return lschema.Schema{
			Description: "Lists the run triggers that queue runs in a workspace of the platform, one for each of its source workspaces. " +
				fmt.Sprintf("The list is read whole, %d run triggers a request, the most the platform serves.", platformclient.PageSize),
			Attributes: map[string]lschema.Attribute{
				"workspace_id": lschema.StringAttribute{
					Required:    true,
					Description: "ID of the workspace whose runs the triggers queue, `ws-` and 16 characters.",
					Validators:  []validator.String{idValidator(platformclient.PrefixWorkspace, "a workspace")},
				},
			},
		}
	},
	List: func(ctx context.Context, c *platformclient.Client, f *runTriggerListFilters, diags *diag.Diagnostics) []*runTriggerModel {
		found, err := c.RunTriggers.List(ctx, f.WorkspaceID.ValueString(), platformclient.RunTriggerInbound)
		if err != nil {
			fwutil.AddAPIError(diags, "Cannot list the run triggers of the workspace "+f.WorkspaceID.ValueString(), err)
			return nil
		}
		out := make([]*runTriggerModel, len(found.Items))
		for i, rt := range found.Items {
			// A list's answer that leaves the workspace out: the one listed.
			m := &runTriggerModel{WorkspaceID: f.WorkspaceID}
			modelFromRunTrigger(m, rt)
			out[i] = m
		}
		return out
	},
	DisplayName: func(m *runTriggerModel) string {
		return m.SourceableName.ValueString() + " -> " + m.WorkspaceName.ValueString()
	},
})
