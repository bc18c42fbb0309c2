package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The GPG key's convention and round trip, which conventions_test.go runs.
func init() {
	declareObject("GPG key", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.RegistryGPGKey{},
			shownBy: attributeNames(registryGPGKeySchema(ctx).Attributes),
			// The key is named by its key ID in its namespace, an
			// organization's name; its JSON:API ID, a number, names it
			// nowhere else.
			renamed: map[string]string{"key-id": "id", "namespace": "organization"},
		}
	})
	declareRoundTrip("GPG key", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		want := registryGPGKeyModel{Organization: types.StringValue("acme"), ASCIIArmor: types.StringValue("-----BEGIN PGP PUBLIC KEY BLOCK-----\n...")}
		opts := registryGPGKeyFromModel(&want)
		a := throughJSONAPI[platformclient.RegistryGPGKey](t, &opts)
		var got registryGPGKeyModel
		modelFromRegistryGPGKey(&got, a)
		sameConfigurable(t, "GPG key", registryGPGKeySchema(ctx), &want, &got)
	})
}
