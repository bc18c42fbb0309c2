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

// NewVariableSetListResource is the constructor of the list resource of
// stack_platform_variable_set.
var NewVariableSetListResource = fwutil.NewListResource(NewVariableSetResource, &fwutil.List[variableSetModel, organizationListFilters, *platformclient.Client]{
	Filters: func(context.Context) lschema.Schema {
		return organizationFilters("Lists the variable sets of an organization of the platform that the token may see, those of its projects among them, "+
			"all of them or those whose names contain the search. "+
			fmt.Sprintf("The list is read whole, %d variable sets a request, the most the platform serves.", platformclient.PageSize), "variable sets", true)
	},
	List: func(ctx context.Context, c *platformclient.Client, f *organizationListFilters, diags *diag.Diagnostics) []*variableSetModel {
		return listedIn(c, &f.Organization, "variable sets", diags, func(org string) (*platformclient.VariableSetList, error) {
			return c.VariableSets.List(ctx, org, platformclient.VariableSetListOptions{Query: f.Search.ValueString()})
		}, func(org types.String, vs *platformclient.VariableSet) *variableSetModel {
			m := &variableSetModel{Organization: org}
			modelFromVariableSet(m, vs)
			return m
		})
	},
	DisplayName: func(m *variableSetModel) string { return m.Name.ValueString() },
})
