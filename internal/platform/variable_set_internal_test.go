package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The variable set's convention and round trip, which conventions_test.go
// runs.
func init() {
	declareObject("variable set", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.VariableSet{},
			shownBy: attributeNames(variableSetSchema(ctx).Attributes, variableSetDataSourceSchema(ctx).Attributes),
		}
	})
	declareRoundTrip("variable set", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := variableSetModel{
			Organization: str("acme"), Name: str("cloud credentials"), Description: str("for every workspace"),
			Global: types.BoolValue(false), Priority: types.BoolValue(true), ParentProjectID: str("prj-6p5RiCe5CRjBmsGt"),
		}
		opts := variableSetFromModel(&want)
		a := throughJSONAPI[platformclient.VariableSet](t, &opts)
		a.Organization = &platformclient.Organization{Name: "acme"}
		var got variableSetModel
		modelFromVariableSet(&got, a)
		sameConfigurable(t, "variable set", variableSetSchema(ctx), &want, &got)
	})
}
