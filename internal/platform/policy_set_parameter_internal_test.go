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

// The policy set parameter's convention and round trip, which
// conventions_test.go runs.
func init() {
	declareObject("policy set parameter", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType:    platformclient.PolicySetParameter{},
			shownBy:    attributeNames(policySetParameterSchema(ctx).Attributes),
			notExposed: map[string]string{"category": "always policy-set, the only category of a set's parameter, which the client sends itself"},
		}
	})
	declareRoundTrip("policy set parameter", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := policySetParameterModel{
			ID: types.StringNull(), PolicySetID: str("polset-6p5RiCe5CRjBmsGt"), Key: str("region"), Value: str("eu"),
			ValueWO: types.StringNull(), ValueWOVersion: types.Int64Null(), Sensitive: types.BoolValue(false),
		}
		// The value to send comes from the configuration, for its
		// write-only twin.
		s := policySetParameterSchema(ctx)
		state := tfsdk.State{Schema: s, Raw: tftypes.NewValue(s.Type().TerraformType(ctx), nil)}
		diags.Append(fwutil.Set(ctx, &state, &want)...)
		op := fwutil.Op[*platformclient.Client]{Config: tfsdk.Config{Schema: s, Raw: state.Raw}, Diags: diags}
		opts := policySetParameterFromModel(ctx, op, &want)
		a := throughJSONAPI[platformclient.PolicySetParameter](t, &opts)
		a.PolicySet = &platformclient.PolicySet{ID: "polset-6p5RiCe5CRjBmsGt"}
		got := policySetParameterModel{ValueWOVersion: types.Int64Null()}
		modelFromPolicySetParameter(&got, a, false)
		// value_wo and its version go through the configuration alone.
		sameConfigurable(t, "policy set parameter", s, &want, &got, "value_wo", "value_wo_version")
	})
}
