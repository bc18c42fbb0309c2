package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The policy's convention and round trip, which conventions_test.go runs.
func init() {
	declareObject("policy", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.Policy{},
			shownBy: attributeNames(policySchema(ctx).Attributes, policyDataSourceSchema(ctx).Attributes),
			notExposed: map[string]string{
				"enforce":    "the deprecated form of enforcement_level, which the platform answers only once the text is uploaded",
				"updated-at": serverTimes,
			},
		}
	})
	declareRoundTrip("policy", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := policyModel{
			Organization: str("acme"), Name: str("deny"), Description: str("no public buckets"), Kind: str("opa"),
			Query: str("data.terraform.deny"), EnforcementLevel: str("mandatory"), Policy: str("package terraform"),
		}
		opts := policyFromModel(&want, creating)
		a := throughJSONAPI[platformclient.Policy](t, &opts)
		a.Organization = &platformclient.Organization{Name: "acme"}
		var got policyModel
		modelFromPolicy(&got, a)
		// The text goes apart, through Upload.
		sameConfigurable(t, "policy", policySchema(ctx), &want, &got, "policy")
	})
}
