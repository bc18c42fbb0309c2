package platform

import (
	"context"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The user's convention, which conventions_test.go runs.
func init() {
	declareObject("user", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.User{},
			shownBy: attributeNames(currentUserDataSourceSchema(ctx).Attributes),
		}
	})
}
