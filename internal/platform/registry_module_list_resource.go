package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// registryModuleListFilters are the filters of the registry modules' list
// block.
type registryModuleListFilters struct {
	registryListFilters
	ModuleProvider types.String `tfsdk:"module_provider"`
}

// NewRegistryModuleListResource is the constructor of the list resource of
// stack_platform_registry_module.
var NewRegistryModuleListResource = organizationList(NewRegistryModuleResource,
	&orgList[registryModuleModel, registryModuleListFilters, platformclient.RegistryModule]{
		What: "modules",
		About: "Lists the modules of an organization's registry on the platform, its own and its copies of the public registry's, " +
			"all of them or those that the filters keep; the filters combine, each narrowing the list. " +
			"Each result's state is what an import gives: without `initial_version`, which the platform does not keep.",
		Filters: organizationFilters("modules", true, map[string]lschema.Attribute{
			"registry_name": registryNameFilter("modules"),
			"module_provider": lschema.StringAttribute{
				Optional:    true,
				Description: "When set, only the modules of that provider (`aws` in `acme/network/aws`), compared exactly.",
				Validators:  notBlankValidators(),
			},
		}),
		List: func(ctx context.Context, c *platformclient.Client, org string, f *registryModuleListFilters, _ *diag.Diagnostics) (*platformclient.RegistryModuleList, error) {
			return c.RegistryModules.List(ctx, org, platformclient.RegistryModuleListOptions{
				Query: f.Search.ValueString(), RegistryName: f.RegistryName.ValueString(), Provider: f.ModuleProvider.ValueString(),
			})
		},
		Model: func(org types.String, g *platformclient.RegistryModule, _ *diag.Diagnostics) *registryModuleModel {
			m := &registryModuleModel{Organization: org}
			modelFromRegistryModule(m, g)
			return m
		},
		DisplayName: func(m *registryModuleModel) string {
			return m.Namespace.ValueString() + "/" + m.Name.ValueString() + "/" + m.ModuleProvider.ValueString()
		},
	})
