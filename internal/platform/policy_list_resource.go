package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// NewPolicyListResource is the constructor of the list resource of
// stack_platform_policy.
var NewPolicyListResource = organizationList(NewPolicyResource, &orgList[policyModel, kindListFilters, platformclient.Policy]{
	What: "policies",
	About: "Lists the Sentinel and OPA policies of an organization of the platform, all of them or those that the filters keep; " +
		"the filters combine, each narrowing the list. With `include_resource`, each policy is read again for its text, which the list does not answer.",
	Filters: organizationFilters("policies", true, map[string]lschema.Attribute{"kind": kindFilter("policies")}),
	List: func(ctx context.Context, c *platformclient.Client, org string, f *kindListFilters, _ *diag.Diagnostics) (*platformclient.PolicyList, error) {
		return c.Policies.List(ctx, org, platformclient.PolicyListOptions{Search: f.Search.ValueString(), Kind: f.Kind.ValueString()})
	},
	Model: func(org types.String, p *platformclient.Policy, _ *diag.Diagnostics) *policyModel {
		m := &policyModel{Organization: org}
		modelFromPolicy(m, p)
		return m
	},
	DisplayName: func(m *policyModel) string { return m.Name.ValueString() },
	ReadEach:    true,
})
