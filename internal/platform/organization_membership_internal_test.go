package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The organization membership's convention and round trip, which
// conventions_test.go runs.
func init() {
	declareObject("organization membership", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.OrganizationMembership{},
			shownBy: attributeNames(organizationMembershipSchema(ctx).Attributes, organizationMembershipDataSourceSchema(ctx).Attributes),
		}
	})
	declareRoundTrip("organization membership", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := organizationMembershipModel{Organization: str("acme"), Email: str("ada@example.com")}
		opts := organizationMembershipFromModel(&want)
		a := throughJSONAPI[platformclient.OrganizationMembership](t, &opts)
		// The platform answers the organization by a relationship, which
		// an invitation's body does not carry: the state keeps it.
		got := organizationMembershipModel{Organization: str("acme")}
		modelFromOrganizationMembership(&got, a)
		sameConfigurable(t, "organization membership", organizationMembershipSchema(ctx), &want, &got)
	})
}
