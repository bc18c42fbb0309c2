package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The site's general settings' convention and round trip, which
// conventions_test.go runs.
func init() {
	deprecated := "the timeout's deprecated name, which the client reads where a release answers only it: shown as its new name"
	unset := "a setting that the platform's documents and the incumbent client library give no way to change: read only, and not the site's configuration"
	declareObject("site's general settings", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.AdminSettings{},
			shownBy: attributeNames(adminSettingsSchema(ctx).Attributes),
			notExposed: map[string]string{
				"engine-build-worker-plan-timeout":            deprecated,
				"engine-build-worker-apply-timeout":           deprecated,
				"terraform-build-worker-plan-timeout":         deprecated,
				"terraform-build-worker-apply-timeout":        deprecated,
				"require-two-factor-for-admins":               unset,
				"fair-run-queuing-enabled":                    unset,
				"limit-organizations-per-user":                unset,
				"default-organizations-per-user-ceiling":      unset,
				"limit-workspaces-per-organization":           unset,
				"default-workspaces-per-organization-ceiling": unset,
			},
		}
	})
	declareRoundTrip("site's general settings", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		want := adminSettingsModel{
			PlanTimeout: types.StringValue("30m"), ApplyTimeout: types.StringValue("2h"), DefaultRemoteStateAccess: types.BoolValue(true),
			LimitUserOrganizationCreation: types.BoolValue(true), APIRateLimitingEnabled: types.BoolValue(true), APIRateLimit: types.Int64Value(50),
			SendPassingStatusesForUntriggeredSpeculativePlans: types.BoolValue(true), AllowSpeculativePlansOnPullRequestsFromForks: types.BoolValue(true),
		}
		opts := adminSettingsFromModel(&want)
		opts.ID = platformclient.AdminSettingsID
		a := throughJSONAPI[platformclient.AdminSettings](t, &opts)
		var got adminSettingsModel
		modelFromAdminSettings(&got, a)
		sameConfigurable(t, "site's general settings", adminSettingsSchema(ctx), &want, &got)
	})
}
