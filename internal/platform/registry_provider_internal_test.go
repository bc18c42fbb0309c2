package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The registry provider's convention and round trip, which
// conventions_test.go runs.
func init() {
	declareObject("registry provider", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.RegistryProvider{},
			shownBy: attributeNames(registryProviderSchema(ctx).Attributes, registryProviderDataSourceSchema(ctx).Attributes),
		}
	})
	declareRoundTrip("registry provider", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := registryProviderModel{Organization: str("acme"), RegistryName: str("public"), Namespace: str("hashicorp"), Name: str("aws")}
		opts := registryProviderFromModel(&want)
		a := throughJSONAPI[platformclient.RegistryProvider](t, &opts)
		a.Organization = &platformclient.Organization{Name: "acme"}
		var got registryProviderModel
		modelFromRegistryProvider(&got, a)
		sameConfigurable(t, "registry provider", registryProviderSchema(ctx), &want, &got)
	})
}
