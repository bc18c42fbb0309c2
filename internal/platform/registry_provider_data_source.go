package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// NewRegistryProviderDataSource is the constructor of the
// stack_platform_registry_provider data source.
var NewRegistryProviderDataSource = fwutil.NewDataSource(&fwutil.DataSource[registryProviderModel, *platformclient.Client]{
	TypeName: "platform_registry_provider",
	Service:  platformclient.Service,
	Schema:   registryProviderDataSourceSchema,
	Read:     readRegistryProviderDataSource,
})

func registryProviderDataSourceSchema(ctx context.Context) schema.Schema {
	attrs := computedFrom(registryProviderSchema(ctx), registryProviderReadDescriptions)
	attrs["id"] = schema.StringAttribute{
		Optional: true, Computed: true,
		Description: "ID of the provider to read, `prov-` and 16 characters. Set it or `name`.",
		Validators: []validator.String{
			idValidator(platformclient.PrefixRegistryProvider, "a registry provider"),
			stringvalidator.ExactlyOneOf(path.MatchRoot("id"), path.MatchRoot("name")),
			stringvalidator.ConflictsWith(path.MatchRoot("organization"), path.MatchRoot("registry_name"), path.MatchRoot("namespace")),
		},
	}
	attrs["name"] = schema.StringAttribute{
		Optional: true, Computed: true,
		Description: "Name of the provider to read in `organization`'s registry, compared exactly. Set it or `id`.",
		Validators:  notBlankValidators(),
	}
	registryDataSourceAttributes(attrs, "provider")
	return schema.Schema{
		Description: "Reads a provider of an organization's registry on the platform, by its registry, namespace and name in an organization, " +
			"or by its ID. The platform answers a provider the token may not see as one that does not exist.",
		Attributes: attrs,
	}
}

// registryProviderReadDescriptions word the resource's attributes for the
// data sources, which only read them.
var registryProviderReadDescriptions = map[string]string{
	"organization":  "Name of the organization of the provider.",
	"registry_name": "The registry of the provider: `private`, the organization's own, or `public`, the organization's copy of the public registry's provider.",
	"namespace":     "The provider's namespace: a private provider's is its organization's name, a public one's that of the public registry's provider.",
	"name":          "The provider's name, its type in Terraform's source addresses (`aws` in `acme/aws`).",
	"updated_at":    "When the provider last changed, in RFC 3339.",
}

func readRegistryProviderDataSource(ctx context.Context, c *platformclient.Client, m *registryProviderModel, diags *diag.Diagnostics) {
	if !m.ID.IsNull() {
		got, err := c.RegistryProviders.ReadByID(ctx, m.ID.ValueString())
		if err != nil {
			fwutil.AddAPIError(diags, "Cannot read the registry provider "+m.ID.ValueString(), err)
			return
		}
		modelFromRegistryProvider(m, got)
		return
	}
	if !registryLookupDefaults(c, &m.Organization, &m.RegistryName, &m.Namespace, "provider", diags) {
		return
	}
	id := registryProviderIDOf(m)
	got, err := c.RegistryProviders.Read(ctx, id)
	switch {
	case client.IsNotFound(err):
		diags.AddAttributeError(path.Root("name"), "Registry provider not found", fmt.Sprintf(
			"The organization %q has no %s provider %s/%s that the token may see: the name is compared exactly.\n\nServer said: %s",
			id.Organization, id.RegistryName, id.Namespace, id.Name, err))
	case err != nil:
		fwutil.AddAPIError(diags, fmt.Sprintf("Cannot read the registry provider %s/%s", id.Namespace, id.Name), err)
	default:
		modelFromRegistryProvider(m, got)
	}
}
