package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

type registryProvidersDataSourceModel struct {
	Organization types.String            `tfsdk:"organization"`
	Search       types.String            `tfsdk:"search"`
	RegistryName types.String            `tfsdk:"registry_name"`
	Providers    []registryProviderModel `tfsdk:"providers"`
	IDs          types.List              `tfsdk:"ids"`
}

// NewRegistryProvidersDataSource is the constructor of the
// stack_platform_registry_providers data source.
var NewRegistryProvidersDataSource = fwutil.NewDataSource(&fwutil.DataSource[registryProvidersDataSourceModel, *platformclient.Client]{
	TypeName: "platform_registry_providers",
	Service:  platformclient.Service,
	Schema:   registryProvidersDataSourceSchema,
	Read:     readRegistryProvidersDataSource,
})

func registryProvidersDataSourceSchema(ctx context.Context) schema.Schema {
	return schema.Schema{
		Description: "Lists the providers of an organization's registry on the platform, oldest first: all of them, or those that the filters keep; " +
			"the filters combine, each narrowing the list. " +
			fmt.Sprintf("The list is read whole, %d providers a request, the most the platform serves.", platformclient.PageSize),
		Attributes: map[string]schema.Attribute{
			"organization": organizationDataSourceAttribute("whose providers are listed"),
			"search":       searchAttribute("providers"),
			"registry_name": schema.StringAttribute{
				Optional: true,
				Description: "When set, only the providers of that registry: `private`, the organization's own, " +
					"or `public`, its copies of the public registry's providers.",
				Validators: []validator.String{stringvalidator.OneOf(platformclient.RegistryPrivate, platformclient.RegistryPublic)},
			},
			"providers": schema.ListNestedAttribute{
				Computed:     true,
				Description:  "The providers, oldest first.",
				NestedObject: schema.NestedAttributeObject{Attributes: computedFrom(registryProviderSchema(ctx), registryProviderReadDescriptions)},
			},
			"ids": schema.ListAttribute{
				Computed: true, ElementType: types.StringType,
				Description: "The IDs of the providers, in the order of `providers`.",
			},
		},
	}
}

func readRegistryProvidersDataSource(ctx context.Context, c *platformclient.Client, m *registryProvidersDataSourceModel, diags *diag.Diagnostics) {
	found, ok := listOfOrganization(c, &m.Organization, "registry providers", diags, func(org string) (*platformclient.RegistryProviderList, error) {
		return c.RegistryProviders.List(ctx, org, platformclient.RegistryProviderListOptions{Query: m.Search.ValueString(), RegistryName: m.RegistryName.ValueString()})
	})
	if !ok {
		return
	}
	m.Providers = make([]registryProviderModel, len(found))
	ids := make([]string, len(found))
	for i, p := range found {
		modelFromRegistryProvider(&m.Providers[i], p)
		ids[i] = p.ID
	}
	m.IDs = stringList(ids)
}
