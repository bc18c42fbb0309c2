package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// NewVariableSetListResource is the constructor of the list resource of
// stack_platform_variable_set.
var NewVariableSetListResource = organizationList(NewVariableSetResource, &orgList[variableSetModel, organizationListFilters, platformclient.VariableSet]{
	What: "variable sets",
	About: "Lists the variable sets of an organization of the platform that the token may see, those of its projects among them, " +
		"all of them or those whose names contain the search.",
	Filters: organizationFilters("variable sets", true, nil),
	List: func(ctx context.Context, c *platformclient.Client, org string, f *organizationListFilters, _ *diag.Diagnostics) (*platformclient.VariableSetList, error) {
		return c.VariableSets.List(ctx, org, platformclient.VariableSetListOptions{Query: f.Search.ValueString()})
	},
	Model: func(org types.String, vs *platformclient.VariableSet, _ *diag.Diagnostics) *variableSetModel {
		m := &variableSetModel{Organization: org}
		modelFromVariableSet(m, vs)
		return m
	},
	DisplayName: func(m *variableSetModel) string { return m.Name.ValueString() },
})
