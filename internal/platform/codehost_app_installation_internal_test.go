package platform

import (
	"context"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The code-host app installation's convention, which conventions_test.go
// runs.
func init() {
	declareObject("code-host app installation", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.CodehostAppInstallation{},
			shownBy: attributeNames(codehostAppInstallationDataSourceSchema(ctx).Attributes),
		}
	})
}
