package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// variableSetDataModel is a variable set as the data sources show it: what the
// resource has.
type variableSetDataModel = variableSetModel

var variableSetLookup = lookup{
	object: "variable set", idPrefix: platformclient.PrefixVariableSet, idRule: variableSetIDRule,
	nameMatch: ", compared exactly", nameValidators: variableSetNameValidators(), owner: "the set's",
}

// NewVariableSetDataSource is the constructor of the
// stack_platform_variable_set data source.
var NewVariableSetDataSource = fwutil.NewDataSource(&fwutil.DataSource[variableSetDataModel, *platformclient.Client]{
	TypeName: "platform_variable_set",
	Service:  platformclient.Service,
	Schema:   variableSetDataSourceSchema,
	Read:     readVariableSetDataSource,
})

func variableSetDataSourceSchema(ctx context.Context) schema.Schema {
	attrs := computedFrom(variableSetSchema(ctx), map[string]string{
		"description":       "Description of the set; null when it has none.",
		"global":            "Whether the set applies to every workspace of the organization.",
		"priority":          "Whether the set's variables win over those of more specific scopes.",
		"parent_project_id": "ID of the project that owns the set; null when the organization does.",
	})
	variableSetLookup.addAttributes(attrs)
	return schema.Schema{
		Description: "Reads a variable set of the platform, by its ID or by its name in an organization. " +
			"The platform answers a set the token may not see as one that does not exist.",
		Attributes: attrs,
	}
}

func readVariableSetDataSource(ctx context.Context, c *platformclient.Client, m *variableSetDataModel, diags *diag.Diagnostics) {
	got, ok := find(ctx, variableSetLookup, c, m.ID, m.Organization, m.Name, diags,
		func(ctx context.Context, id string) (*platformclient.VariableSet, error) {
			return c.VariableSets.Read(ctx, id, platformclient.VariableSetReadOptions{})
		},
		func(ctx context.Context, org, name string) (*platformclient.VariableSetList, error) {
			return c.VariableSets.List(ctx, org, platformclient.VariableSetListOptions{Query: name})
		},
		func(vs *platformclient.VariableSet) string { return vs.Name })
	if !ok {
		return
	}
	modelFromVariableSet(m, got)
}
