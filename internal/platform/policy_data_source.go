package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

var policyLookup = lookup{
	object: "policy", idPrefix: platformclient.PrefixPolicy, idRule: "`pol-` and 16 characters",
	nameMatch: ", compared exactly, in its case", nameRule: policyNameRule, owner: "the policy's",
}

// NewPolicyDataSource is the constructor of the stack_platform_policy
// data source.
var NewPolicyDataSource = fwutil.NewDataSource(&fwutil.DataSource[policyModel, *platformclient.Client]{
	TypeName: "platform_policy",
	Service:  platformclient.Service,
	Schema:   policyDataSourceSchema,
	Read:     readPolicyDataSource,
})

func policyDataSourceSchema(ctx context.Context) schema.Schema {
	attrs := computedFrom(policySchema(ctx), map[string]string{
		"description": "Description of the policy; null when it has none.",
		"kind":        "The policy's language and the engine that evaluates it: `sentinel` or `opa`.",
		"query":       "The OPA query whose result decides an `opa` policy; null for a `sentinel` policy.",
		"enforcement_level": "What a failure of the policy does to a run: `hard-mandatory`, `soft-mandatory` or `advisory` for a `sentinel` policy, " +
			"`mandatory` or `advisory` for an `opa` policy.",
		"policy": "The policy's text, exactly as it was uploaded; null when the policy has none yet.",
	})
	policyLookup.addAttributes(attrs)
	return schema.Schema{
		Description: "Reads a policy of the platform, by its ID or by its name in an organization, with its text: such as for the `policy_ids` " +
			"of a `stack_platform_policy_set`. The platform answers a policy the token may not see as one that does not exist.",
		Attributes: attrs,
	}
}

func readPolicyDataSource(ctx context.Context, c *platformclient.Client, m *policyModel, diags *diag.Diagnostics) {
	got, ok := find(ctx, policyLookup, c, m.ID, m.Organization, m.Name, diags,
		c.Policies.Read,
		func(ctx context.Context, org, name string) (*platformclient.PolicyList, error) {
			return c.Policies.List(ctx, org, platformclient.PolicyListOptions{Search: name})
		},
		func(p *platformclient.Policy) string { return p.Name })
	if !ok {
		return
	}
	modelFromPolicy(m, got)
	text, err := policyText(ctx, c, got.ID)
	if err != nil {
		fwutil.AddAPIError(diags, fmt.Sprintf("Cannot read the text of the policy %s", got.ID), err)
		return
	}
	m.Policy = text
}
