package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"
	"github.com/hashicorp/terraform-plugin-go/tftypes"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// The variable's convention and round trip, which conventions_test.go runs.
func init() {
	declareObject("variable", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.Variable{},
			shownBy: attributeNames(variableSchema(ctx).Attributes),
		}
	})
	declareRoundTrip("variable", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := variableModel{
			WorkspaceID: str("ws-4pW7hPwDJ1fY3gSC"), VariableSetID: types.StringNull(), Key: str("region"), Value: str("eu-west-1"),
			ValueWO: types.StringNull(), ValueWOVersion: types.Int64Null(), Category: str(platformclient.CategoryTerraform),
			Description: str("where it runs"), HCL: types.BoolValue(true), Sensitive: types.BoolValue(false),
			ReadableValue: types.StringNull(), VersionID: types.StringNull(), ID: types.StringNull(),
		}
		// The value to send comes from the configuration, for its
		// write-only twin.
		s := variableSchema(ctx)
		state := tfsdk.State{Schema: s, Raw: tftypes.NewValue(s.Type().TerraformType(ctx), nil)}
		diags.Append(fwutil.Set(ctx, &state, &want)...)
		op := fwutil.Op[*platformclient.Client]{Config: tfsdk.Config{Schema: s, Raw: state.Raw}, Diags: diags}
		opts := variableFromModel(ctx, op, &want)
		a := throughJSONAPI[platformclient.Variable](t, &opts)
		a.Workspace = &platformclient.Workspace{ID: want.WorkspaceID.ValueString()}
		// The model of a read: what the state holds of the variable.
		got := variableModel{ValueWOVersion: types.Int64Null(), VersionID: types.StringNull()}
		modelFromVariable(&got, a, false)
		// value_wo and its version are value's twin, and variable_set_id
		// the other parent.
		sameConfigurable(t, "variable", s, &want, &got, "value_wo", "value_wo_version", "variable_set_id")
	})
}
