package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

type variablesDataSourceModel struct {
	WorkspaceID   types.String        `tfsdk:"workspace_id"`
	VariableSetID types.String        `tfsdk:"variable_set_id"`
	Variables     []variableDataModel `tfsdk:"variables"`
}

// variableDataModel is a variable as the data sources show it, an entry
// of the list: the resource's attributes but for the parent, which the
// list names once, and value_wo, which only a write has.
type variableDataModel struct {
	ID            types.String `tfsdk:"id"`
	Key           types.String `tfsdk:"key"`
	Value         types.String `tfsdk:"value"`
	ReadableValue types.String `tfsdk:"readable_value"`
	Category      types.String `tfsdk:"category"`
	Description   types.String `tfsdk:"description"`
	HCL           types.Bool   `tfsdk:"hcl"`
	Sensitive     types.Bool   `tfsdk:"sensitive"`
	VersionID     types.String `tfsdk:"version_id"`
}

// modelFromVariableData maps v through the resource's mapping, as a read
// of a variable the state does not hold yet.
func modelFromVariableData(v *platformclient.Variable) variableDataModel {
	m := variableModel{
		Value: types.StringNull(), Description: types.StringNull(),
		ValueWOVersion: types.Int64Null(), VersionID: types.StringNull(),
	}
	modelFromVariable(&m, v, false)
	return variableDataModel{
		ID: m.ID, Key: m.Key, Value: m.Value, ReadableValue: m.ReadableValue, Category: m.Category,
		Description: m.Description, HCL: m.HCL, Sensitive: m.Sensitive, VersionID: m.VersionID,
	}
}

// NewVariablesDataSource is the constructor of the stack_platform_variables
// data source.
var NewVariablesDataSource = fwutil.NewDataSource(&fwutil.DataSource[variablesDataSourceModel, *platformclient.Client]{
	TypeName: "platform_variables",
	Service:  platformclient.Service,
	Schema:   variablesDataSourceSchema,
	Read:     readVariablesDataSource,
})

func variablesDataSourceSchema(ctx context.Context) schema.Schema {
	return schema.Schema{
		Description: "Lists the variables of a workspace or of a variable set of the platform. " +
			"Each `value` is marked sensitive, as in `stack_platform_variable`, since a variable that is not sensitive may still hold a secret: " +
			"Terraform then hides the values in plans and outputs, while the keys, IDs and other attributes stay usable as they are, in `for_each` too. " +
			"`readable_value` gives the value of a variable that is not sensitive without the mark. " +
			"The value of a sensitive variable is null in both: the platform never returns it. " +
			fmt.Sprintf("The list is read whole, %d variables a request, the most the platform serves.", platformclient.PageSize),
		Attributes: map[string]schema.Attribute{
			"workspace_id": schema.StringAttribute{
				Optional:    true,
				Description: "ID of the workspace whose variables are listed, `ws-` and 16 characters. Set it or `variable_set_id`.",
				Validators: []validator.String{
					idValidator(platformclient.PrefixWorkspace, "a workspace"),
					stringvalidator.ExactlyOneOf(path.MatchRoot("workspace_id"), path.MatchRoot("variable_set_id")),
				},
			},
			"variable_set_id": schema.StringAttribute{
				Optional:    true,
				Description: "ID of the variable set whose variables are listed, " + variableSetIDRule + ". Set it or `workspace_id`.",
				Validators:  []validator.String{idValidator(platformclient.PrefixVariableSet, "a variable set")},
			},
			"variables": schema.ListNestedAttribute{
				Computed:    true,
				Description: "The variables, in the platform's order.",
				NestedObject: schema.NestedAttributeObject{Attributes: computedFrom(variableSchema(ctx), map[string]string{
					"key":            "Name of the variable.",
					"value":          "Value of the variable, marked sensitive; null when the variable is sensitive.",
					"readable_value": "Value of the variable, without the sensitive mark; null when the variable is sensitive.",
					"category":       "What the variable is: `terraform`, an input variable of the configuration, or `env`, an environment variable of runs.",
					"description":    "Description of the variable; null when it has none.",
					"hcl":            "Whether the value is HCL, such as a list or a map, rather than a string.",
					"sensitive":      "Whether the variable is sensitive: the platform then never returns its value.",
					"version_id":     "The version of the value, which the platform changes whenever the value changes, sensitive or not.",
				}, "workspace_id", "variable_set_id", "value_wo_version")},
			},
		},
	}
}

func readVariablesDataSource(ctx context.Context, c *platformclient.Client, m *variablesDataSourceModel, diags *diag.Diagnostics) {
	parent, of := platformclient.InWorkspace(m.WorkspaceID.ValueString()), "workspace "+m.WorkspaceID.ValueString()
	if !m.VariableSetID.IsNull() {
		parent, of = platformclient.InVariableSet(m.VariableSetID.ValueString()), "variable set "+m.VariableSetID.ValueString()
	}
	found, err := c.Variables.List(ctx, parent)
	if err != nil {
		fwutil.AddAPIError(diags, "Cannot list the variables of the "+of, err)
		return
	}
	m.Variables = make([]variableDataModel, len(found.Items))
	for i, v := range found.Items {
		m.Variables[i] = modelFromVariableData(v)
	}
}
