package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// NewRegistryProviderListResource is the constructor of the list resource
// of stack_platform_registry_provider.
var NewRegistryProviderListResource = organizationList(NewRegistryProviderResource,
	&orgList[registryProviderModel, registryListFilters, platformclient.RegistryProvider]{
		What: "providers",
		About: "Lists the providers of an organization's registry on the platform, its own and its copies of the public registry's, " +
			"all of them or those that the filters keep; the filters combine, each narrowing the list. " +
			"Their versions and the platforms of those are not in the list's results.",
		Filters: organizationFilters("providers", true, map[string]lschema.Attribute{"registry_name": registryNameFilter("providers")}),
		List: func(ctx context.Context, c *platformclient.Client, org string, f *registryListFilters, _ *diag.Diagnostics) (*platformclient.RegistryProviderList, error) {
			return c.RegistryProviders.List(ctx, org, platformclient.RegistryProviderListOptions{Query: f.Search.ValueString(), RegistryName: f.RegistryName.ValueString()})
		},
		Model: func(org types.String, p *platformclient.RegistryProvider, _ *diag.Diagnostics) *registryProviderModel {
			m := &registryProviderModel{Organization: org}
			modelFromRegistryProvider(m, p)
			return m
		},
		DisplayName: func(m *registryProviderModel) string {
			return m.RegistryName.ValueString() + "/" + m.Namespace.ValueString() + "/" + m.Name.ValueString()
		},
	})
