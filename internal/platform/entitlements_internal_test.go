package platform

import (
	"context"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The entitlement set's convention, which conventions_test.go runs.
func init() {
	declareObject("entitlement set", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.EntitlementSet{},
			shownBy: attributeNames(entitlementsDataSourceSchema(ctx).Attributes),
		}
	})
}
