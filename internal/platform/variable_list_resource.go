package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// variableListFilters are the filters of the variables' list block.
type variableListFilters struct {
	WorkspaceID   types.String `tfsdk:"workspace_id"`
	VariableSetID types.String `tfsdk:"variable_set_id"`
}

// NewVariableListResource is the constructor of the list resource of
// stack_platform_variable.
var NewVariableListResource = fwutil.NewListResource(NewVariableResource, &fwutil.List[variableModel, variableListFilters, *platformclient.Client]{
	Filters: func(ctx context.Context) lschema.Schema {
		return fwutil.FiltersOf(fwutil.DataSourceSchema(ctx, NewVariablesDataSource),
			"Lists the variables of a workspace or of a variable set of the platform. "+
				"The value of a sensitive variable is null: the platform never returns it, so a configuration generated from the list "+
				"holds no value for it, and must be given one. "+
				fmt.Sprintf("The list is read whole, %d variables a request, the most the platform serves.", platformclient.PageSize),
			"workspace_id", "variable_set_id")
	},
	List: func(ctx context.Context, c *platformclient.Client, f *variableListFilters, diags *diag.Diagnostics) []*variableModel {
		parent, of := platformclient.InWorkspace(f.WorkspaceID.ValueString()), "workspace "+f.WorkspaceID.ValueString()
		if !f.VariableSetID.IsNull() {
			parent, of = platformclient.InVariableSet(f.VariableSetID.ValueString()), "variable set "+f.VariableSetID.ValueString()
		}
		found, err := c.Variables.List(ctx, parent)
		if err != nil {
			fwutil.AddAPIError(diags, "Cannot list the variables of the "+of, err)
			return nil
		}
		out := make([]*variableModel, len(found.Items))
		for i, v := range found.Items {
			// As a read of a variable the state does not hold yet, which
			// an import is.
			m := &variableModel{
				WorkspaceID: types.StringNull(), VariableSetID: types.StringNull(),
				Value: types.StringNull(), Description: types.StringNull(),
				ValueWOVersion: types.Int64Null(), VersionID: types.StringNull(),
			}
			modelFromVariable(m, v, false)
			if m.WorkspaceID.IsNull() && m.VariableSetID.IsNull() {
				// A list's answer that leaves the parent out: the one listed.
				m.WorkspaceID, m.VariableSetID = f.WorkspaceID, f.VariableSetID
			}
			out[i] = m
		}
		return out
	},
	DisplayName: func(m *variableModel) string { return m.Key.ValueString() },
})
