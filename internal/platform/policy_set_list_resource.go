package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// NewPolicySetListResource is the constructor of the list resource of
// stack_platform_policy_set.
var NewPolicySetListResource = organizationList(NewPolicySetResource, &orgList[policySetModel, kindListFilters, platformclient.PolicySet]{
	What: "policy sets",
	About: "Lists the policy sets of an organization of the platform, with their policies, all of them or those that the filters keep; " +
		"the filters combine, each narrowing the list. What a set applies to and its parameters are resources of their own, not in the list's results.",
	Filters: organizationFilters("policy sets", true, map[string]lschema.Attribute{"kind": kindFilter("policy sets")}),
	List: func(ctx context.Context, c *platformclient.Client, org string, f *kindListFilters, _ *diag.Diagnostics) (*platformclient.PolicySetList, error) {
		return c.PolicySets.List(ctx, org, platformclient.PolicySetListOptions{Search: f.Search.ValueString(), Kind: f.Kind.ValueString()})
	},
	Model: func(org types.String, ps *platformclient.PolicySet, _ *diag.Diagnostics) *policySetModel {
		m := &policySetModel{Organization: org}
		modelFromPolicySet(m, ps)
		return m
	},
	DisplayName: func(m *policySetModel) string { return m.Name.ValueString() },
})
