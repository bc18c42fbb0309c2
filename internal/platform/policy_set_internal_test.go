package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// The policy set's convention and round trip, which conventions_test.go
// runs.
func init() {
	declareObject("policy set", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.PolicySet{},
			shownBy: attributeNames(policySetSchema(ctx).Attributes, policySetDataSourceSchema(ctx).Attributes),
			notExposed: map[string]string{
				"tag-selectors":               "a beta feature of the platform: which workspaces' tags include them in the set or exclude them",
				"tag-selector-matching-logic": "a beta feature of the platform: how the tag selectors combine",
				"created-at":                  serverTimes,
				"updated-at":                  serverTimes,
			},
		}
	})
	declareRoundTrip("policy set", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str, yes := types.StringValue, types.BoolValue(true)
		want := policySetModel{
			Organization: str("acme"), Name: str("base"), Description: str("every run"), Kind: str("opa"),
			Global: yes, Overridable: yes, AgentEnabled: yes, PolicyToolVersion: str("0.59.0"), PoliciesPath: str("policies/base"),
			PolicyUpdatePatterns: fwutil.StringListValue([]string{"policies/**"}),
			VCSRepo: &policySetRepoModel{
				Identifier: str("acme/policies"), Branch: str("main"), IngressSubmodules: yes,
				OAuthTokenID: str("ot-6p5RiCe5CRjBmsGt"), CodehostAppInstallationID: str("ghain-6p5RiCe5CRjBmsGt"),
			},
			PolicyIDs: fwutil.StringSetValue([]string{"pol-6p5RiCe5CRjBmsGt"}),
		}
		opts := policySetFromModel(ctx, &want, creating, diags)
		a := throughJSONAPI[platformclient.PolicySet](t, &opts)
		a.Organization = &platformclient.Organization{Name: "acme"}
		// A create sends the policies as the set's relationship, which
		// the answer names.
		a.Policies = []*platformclient.Policy{{ID: "pol-6p5RiCe5CRjBmsGt"}}
		var got policySetModel
		modelFromPolicySet(&got, a)
		sameConfigurable(t, "policy set", policySetSchema(ctx), &want, &got)
	})
}
