package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// The admin organization settings' convention and round trip, which
// conventions_test.go runs.
func init() {
	deprecated := "the timeout's deprecated name, which the client reads where a release answers only it: shown as its new name"
	declareObject("organization's admin settings", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.AdminOrganizationSettings{},
			shownBy: attributeNames(adminOrganizationSettingsSchema(ctx).Attributes),
			notExposed: map[string]string{
				"external-id":                          "the organization's own ID, which stack_platform_organization shows",
				"engine-build-worker-plan-timeout":     deprecated,
				"engine-build-worker-apply-timeout":    deprecated,
				"terraform-build-worker-plan-timeout":  deprecated,
				"terraform-build-worker-apply-timeout": deprecated,
			},
		}
	})
	declareRoundTrip("organization's admin settings", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		want := adminOrganizationSettingsModel{
			Organization: types.StringValue("acme"), AccessBetaTools: types.BoolValue(true), GlobalModuleSharing: types.BoolValue(true),
			GlobalProviderSharing: types.BoolValue(true), IsDisabled: types.BoolValue(true), TerraformWorkerSudoEnabled: types.BoolValue(true),
			PlanTimeout: types.StringValue("90m"), ApplyTimeout: types.StringValue("12h"), WorkspaceLimit: types.Int64Value(7),
			ModuleConsumers: fwutil.StringSetValue([]string{"beta", "corp"}),
		}
		opts := adminOrganizationSettingsFromModel(&want)
		opts.Type = "acme" // the path's organization, the answer's ID
		a := throughJSONAPI[platformclient.AdminOrganizationSettings](t, &opts)
		// The consumers are a call of their own.
		got := adminOrganizationSettingsModel{ModuleConsumers: fwutil.StringSetValue([]string{})}
		modelFromAdminOrganizationSettings(&got, a, []string{"corp", "beta"})
		sameConfigurable(t, "organization's admin settings", adminOrganizationSettingsSchema(ctx), &want, &got)
	})
}
