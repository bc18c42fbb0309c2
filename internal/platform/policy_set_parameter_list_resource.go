package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// NewPolicySetParameterListResource is the constructor of the list
// resource of stack_platform_policy_set_parameter.
var NewPolicySetParameterListResource = listHeld(NewPolicySetParameterResource,
	&heldList[policySetParameterModel, policySetListFilter, platformclient.PolicySetParameter]{
		What: "parameters",
		About: "Lists the parameters of a policy set of the platform, each shown as its key. " +
			"The value of a sensitive parameter is null: the platform never returns it. And as `value` is sensitive in the resource's schema, " +
			"Terraform writes no parameter's value into a configuration generated from the list: give each parameter its value " +
			"(or its write-only twin) before the configuration plans the import alone.",
		List: func(ctx context.Context, c *platformclient.Client, id string, _ *policySetListFilter) (*platformclient.PolicySetParameterList, error) {
			return c.PolicySetParameters.List(ctx, id)
		},
		Model: func(id types.String, v *platformclient.PolicySetParameter, _ *diag.Diagnostics) *policySetParameterModel {
			// A list's answer that leaves the set out: the one listed.
			m := &policySetParameterModel{PolicySetID: id}
			modelFromPolicySetParameter(m, v, false)
			return m
		},
		DisplayName: func(m *policySetParameterModel) string { return m.Key.ValueString() },
	})
