package platform

import (
	"context"
	"reflect"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The organization's convention and round trip, which conventions_test.go
// runs.
func init() {
	declareObject("organization", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.Organization{},
			shownBy: attributeNames(organizationSchema(ctx).Attributes, organizationDataSourceSchema(ctx).Attributes,
				organizationDefaultSettingsSchema(ctx).Attributes),
			notExposed: map[string]string{
				"created-at": serverTimes, "trial-expires-at": "the end of the organization's trial, which the platform's billing sets",
				"is-unified": editionFlag, "saml-enabled": "whether SAML single sign-on is on, which the organization's SAML settings decide, not a resource of this provider yet",
				"two-factor-conformant":    "whether every member has two-factor authentication, which the members decide",
				"remaining-testable-count": "how many more test runs of its registry modules the organization may start, a figure of its plan",
				"permissions":              tokensOwn,
			},
		}
	})
	declareRoundTrip("organization", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := organizationModel{
			Name: str("acme"), Email: str("ops@acme.example"), SessionTimeout: types.Int64Value(60), SessionRemember: types.Int64Value(120),
			CollaboratorAuthPolicy: str(platformclient.AuthPolicyTwoFactorMandatory), OwnersTeamSAMLRoleID: str("owners"),
		}
		for _, st := range organizationSettings {
			f, _ := modelField(reflect.ValueOf(&want), st.name)
			f.Set(reflect.ValueOf(types.BoolValue(true)))
		}
		opts := organizationFromModel(&want, updating)
		a := throughJSONAPI[platformclient.Organization](t, &opts)
		a.Name = *opts.Name // the organization's ID is its name
		var got organizationModel
		modelFromOrganization(&got, a)
		sameConfigurable(t, "organization", organizationSchema(ctx), &want, &got)
	})
}
