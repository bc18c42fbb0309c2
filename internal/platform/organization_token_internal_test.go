package platform

import (
	"context"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The organization token's convention, which conventions_test.go runs.
func init() {
	declareObject("organization token", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.OrganizationToken{},
			shownBy: attributeNames(orgTokenSchema(organizationTokenKind).Attributes),
			notExposed: map[string]string{
				"description":  "the platform's own description of an organization's singleton token, which a request cannot set",
				"created-at":   tokensActivity,
				"last-used-at": tokensActivity,
			},
		}
	})
}
