package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// NewRegistryGPGKeyListResource is the constructor of the list resource of
// stack_platform_registry_gpg_key.
var NewRegistryGPGKeyListResource = organizationList(NewRegistryGPGKeyResource,
	&orgList[registryGPGKeyModel, organizationListFilter, platformclient.RegistryGPGKey]{
		What: "GPG keys",
		About: "Lists the GPG keys of an organization's private registry on the platform, those of its namespace, " +
			"with which its providers' versions are signed. The registry searches no keys, so the list has no search.",
		Filters: organizationFilters("GPG keys", false, nil),
		List: func(ctx context.Context, c *platformclient.Client, org string, _ *organizationListFilter, _ *diag.Diagnostics) (*platformclient.RegistryGPGKeyList, error) {
			return c.RegistryGPGKeys.List(ctx, org)
		},
		Model: func(org types.String, k *platformclient.RegistryGPGKey, _ *diag.Diagnostics) *registryGPGKeyModel {
			m := &registryGPGKeyModel{Organization: org}
			modelFromRegistryGPGKey(m, k)
			return m
		},
		DisplayName: func(m *registryGPGKeyModel) string { return m.ID.ValueString() },
	})
