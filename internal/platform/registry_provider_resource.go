package platform

import (
	"context"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// registryProviderModel is a provider of an organization's registry, for
// the resource and the data sources alike.
type registryProviderModel struct {
	ID           types.String      `tfsdk:"id"`
	Organization types.String      `tfsdk:"organization"`
	RegistryName types.String      `tfsdk:"registry_name"`
	Namespace    types.String      `tfsdk:"namespace"`
	Name         types.String      `tfsdk:"name"`
	CreatedAt    timetypes.RFC3339 `tfsdk:"created_at"`
	UpdatedAt    timetypes.RFC3339 `tfsdk:"updated_at"`
}

// NewRegistryProviderResource is the constructor of
// stack_platform_registry_provider. The platform updates no provider: every
// argument replaces it.
var NewRegistryProviderResource = fwutil.NewResource(&fwutil.Resource[registryProviderModel, *platformclient.Client]{
	TypeName: "platform_registry_provider",
	Service:  platformclient.Service,
	Object:   "registry provider",
	Twins:    []fwutil.Twin{tfeRegistryProvider},
	Schema:   registryProviderSchema,
	// Its identity is the four names that its registry address holds.
	Identity: &fwutil.Identity{Attrs: []string{"organization", "registry_name", "namespace", "name"}},
	Import: &fwutil.Import[registryProviderModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{
			{
				Says: "its ID, prov- and 16 characters of the base58 alphabet",
				Parts: []fwutil.IDPart{{Label: "<PROVIDER ID>", Match: func(s string) bool {
					return platformclient.IsID(platformclient.PrefixRegistryProvider, s)
				}}},
			},
			{Parts: []fwutil.IDPart{
				{Label: "<ORGANIZATION>", Match: organizationNameRe.MatchString},
				{Label: "<REGISTRY NAME>", Match: isRegistryName},
				{Label: "<NAMESPACE>"}, {Label: "<NAME>"},
			}},
		}},
		Print: func(m *registryProviderModel) string {
			return strings.Join([]string{m.Organization.ValueString(), m.RegistryName.ValueString(), m.Namespace.ValueString(), m.Name.ValueString()}, "/")
		},
		Read: importRegistryProvider,
	},
	Plan: &fwutil.Plan[registryProviderModel, *platformclient.Client]{
		ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
		Validate:         validateRegistryProvider,
		Derive:           deriveRegistryNamespace,
	},
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *registryProviderModel) error {
		got, err := op.Client.RegistryProviders.Create(ctx, m.Organization.ValueString(), registryProviderFromModel(m))
		if err == nil {
			modelFromRegistryProvider(m, got)
		}
		return err
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *registryProviderModel) error {
		got, err := op.Client.RegistryProviders.Read(ctx, registryProviderIDOf(m))
		if err == nil {
			modelFromRegistryProvider(m, got)
		}
		return err
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *registryProviderModel) error {
		return op.Client.RegistryProviders.Delete(ctx, registryProviderIDOf(m))
	},
})

func registryProviderSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "A provider of an organization's registry on the platform: a private provider, which the organization publishes in its own namespace " +
			"(its versions, their platforms and the GPG keys that sign them are published through the API, outside Terraform; see " +
			"`stack_platform_registry_gpg_key`), or the organization's copy of a provider of the public registry, in that provider's namespace. " +
			"An organization has one provider of a registry, namespace and name. The platform updates no provider: changing any argument replaces it, " +
			"and deleting it deletes its versions. The import ID is `<ORGANIZATION>/<REGISTRY NAME>/<NAMESPACE>/<NAME>`, such as `acme/private/acme/aws`, " +
			"or the provider's ID, such as `prov-6p5RiCe5CRjBmsGt`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The provider's ID, `prov-` and 16 characters.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"organization":  organizationAttribute("provider"),
			"registry_name": registryNameAttribute("provider"),
			"namespace": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "The provider's namespace. A private provider's is its organization's name, which it is when not set here; " +
					"set, it must name that organization, in any case. A public provider's is that of the public registry's provider, and must be set. " +
					"The platform is known to take " + registryPartForm + " and warns of anything else. Changing it replaces the provider.",
				Validators: notBlankValidators(),
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.UseStateForUnknown(),
					stringplanmodifier.RequiresReplaceIf(otherNamespace,
						"Changing it replaces the provider; a private provider's, other than in its case.",
						"Changing it replaces the provider; a private provider's, other than in its case."),
					fwutil.KnownForm("registry provider", "the platform", registryPartRe, registryPartForm),
				},
			},
			"name": schema.StringAttribute{
				Required: true,
				Description: "The provider's name, its type in Terraform's source addresses (`aws` in `acme/aws`). It is not blank; " +
					"the platform is known to take " + registryPartForm + " and warns of anything else. Changing it replaces the provider.",
				Validators: notBlankValidators(),
				PlanModifiers: []planmodifier.String{
					stringplanmodifier.RequiresReplace(),
					fwutil.KnownForm("registry provider", "the platform", registryPartRe, registryPartForm),
				},
			},
			"created_at": schema.StringAttribute{
				Computed: true, CustomType: timetypes.RFC3339Type{},
				Description:   "When the provider was created, in RFC 3339.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"updated_at": schema.StringAttribute{
				Computed: true, CustomType: timetypes.RFC3339Type{},
				Description:   "When the provider last changed, in RFC 3339; a refresh sees it change.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
		},
	}
}

// validateRegistryProvider holds the rules between the registry and the
// namespace: a public provider names its namespace, a private one's is
// its organization's.
func validateRegistryProvider(_ context.Context, _ tfsdk.Config, m *registryProviderModel, diags *diag.Diagnostics) {
	validateRegistryNamespace(m.RegistryName, m.Namespace, m.Organization, "provider", diags)
}

// importRegistryProvider takes <PROVIDER ID>, or the provider's
// <ORGANIZATION>/<REGISTRY NAME>/<NAMESPACE>/<NAME>, and reads it, to
// learn what the state needs.
func importRegistryProvider(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	var got *platformclient.RegistryProvider
	var err error
	if p := id.Parts; len(p) == 4 {
		got, err = c.RegistryProviders.Read(ctx, platformclient.RegistryProviderID{Organization: p[0], RegistryName: p[1], Namespace: p[2], Name: p[3]})
	} else {
		got, err = c.RegistryProviders.ReadByID(ctx, p[0])
	}
	if !importFound(diags, "registry provider", id.String(), err) {
		return
	}
	var m registryProviderModel
	if len(id.Parts) == 4 {
		m.Organization = types.StringValue(id.Parts[0])
	}
	modelFromRegistryProvider(&m, got)
	diags.Append(fwutil.Set(ctx, state, &m)...)
}

// registryProviderFromModel is the provider m describes, for its create,
// the only write the platform has of a provider.
func registryProviderFromModel(m *registryProviderModel) platformclient.RegistryProviderOptions {
	return platformclient.RegistryProviderOptions{Name: m.Name.ValueString(), Namespace: m.Namespace.ValueString(), RegistryName: m.RegistryName.ValueString()}
}

// registryProviderIDOf is the path by names of the provider m describes.
func registryProviderIDOf(m *registryProviderModel) platformclient.RegistryProviderID {
	return platformclient.RegistryProviderID{
		Organization: m.Organization.ValueString(), RegistryName: m.RegistryName.ValueString(),
		Namespace: m.Namespace.ValueString(), Name: m.Name.ValueString(),
	}
}

// modelFromRegistryProvider writes the provider the server answered over
// m. A private provider's namespace, its organization's name, keeps the
// configuration's spelling, as its organization does (sameNamespace).
func modelFromRegistryProvider(m *registryProviderModel, p *platformclient.RegistryProvider) {
	m.ID = types.StringValue(p.ID)
	m.Organization = sameOrganization(m.Organization, p.Organization)
	m.RegistryName = types.StringValue(p.RegistryName)
	m.Namespace = sameNamespace(m.Namespace, p.RegistryName, p.Namespace)
	m.Name = types.StringValue(p.Name)
	m.CreatedAt = timeFromAPI(m.CreatedAt, p.CreatedAt, time.RFC3339)
	m.UpdatedAt = timeFromAPI(m.UpdatedAt, p.UpdatedAt, time.RFC3339)
}
