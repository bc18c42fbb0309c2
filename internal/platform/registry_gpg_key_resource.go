package platform

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// registryGPGKeyModel is a public key of an organization's private
// registry.
type registryGPGKeyModel struct {
	ID           types.String      `tfsdk:"id"`
	Organization types.String      `tfsdk:"organization"`
	ASCIIArmor   types.String      `tfsdk:"ascii_armor"`
	CreatedAt    timetypes.RFC3339 `tfsdk:"created_at"`
	UpdatedAt    timetypes.RFC3339 `tfsdk:"updated_at"`
}

// gpgKeyIDRe is the form of a key ID: 16 hexadecimal digits.
var gpgKeyIDRe = regexp.MustCompile(`^[0-9A-Fa-f]{16}$`)

// publicKeyBlockRe is an ASCII-armored OpenPGP public key block, and
// nothing of a private one.
var publicKeyBlockRe = regexp.MustCompile(`(?s)^\s*-----BEGIN PGP PUBLIC KEY BLOCK-----\r?\n.*\n-----END PGP PUBLIC KEY BLOCK-----\s*$`)

// NewRegistryGPGKeyResource is the constructor of
// stack_platform_registry_gpg_key.
var NewRegistryGPGKeyResource = fwutil.NewResource(&fwutil.Resource[registryGPGKeyModel, *platformclient.Client]{
	TypeName: "platform_registry_gpg_key",
	Service:  platformclient.Service,
	Object:   "GPG key",
	Schema:   registryGPGKeySchema,
	// Its identity is its organization and key ID, the key having no name;
	// a move to another organization changes it in place.
	Identity: &fwutil.Identity{Attrs: []string{"organization", "id"}, Mutable: true},
	Import: &fwutil.Import[registryGPGKeyModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{{Parts: []fwutil.IDPart{
			{Label: "<ORGANIZATION>", Attr: "organization", Match: organizationNameRe.MatchString},
			{Label: "<KEY ID>", Attr: "id", Match: gpgKeyIDRe.MatchString},
		}}}},
		Print: func(m *registryGPGKeyModel) string { return m.Organization.ValueString() + "/" + m.ID.ValueString() },
		Read: func(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, _ *tfsdk.State, diags *diag.Diagnostics) {
			_, err := c.RegistryGPGKeys.Read(ctx, id.Parts[0], id.Parts[1])
			importFound(diags, "GPG key", id.String(), err)
		},
	},
	Plan: &fwutil.Plan[registryGPGKeyModel, *platformclient.Client]{
		ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
	},
	Conflict: &fwutil.Conflict[registryGPGKeyModel, *platformclient.Client]{
		// The platform refuses a key that the namespace has, by its key
		// ID, which only the key tells: the namespace's key of the same
		// armor is the one in place.
		Lookup: func(ctx context.Context, c *platformclient.Client, m *registryGPGKeyModel) error {
			l, err := c.RegistryGPGKeys.List(ctx, m.Organization.ValueString())
			if err != nil {
				return err
			}
			for _, k := range l.Items {
				if strings.TrimSpace(k.AsciiArmor) == strings.TrimSpace(m.ASCIIArmor.ValueString()) {
					m.ID = types.StringValue(k.KeyID)
					return nil
				}
			}
			return fmt.Errorf("the organization %s has no key of that armor", m.Organization.ValueString())
		},
	},
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *registryGPGKeyModel) error {
		got, err := op.Client.RegistryGPGKeys.Create(ctx, registryGPGKeyFromModel(m))
		if err == nil {
			modelFromRegistryGPGKey(m, got)
		}
		return err
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *registryGPGKeyModel) error {
		got, err := op.Client.RegistryGPGKeys.Read(ctx, m.Organization.ValueString(), m.ID.ValueString())
		if err == nil {
			modelFromRegistryGPGKey(m, got)
		}
		return err
	},
	// The one update is a move to another organization.
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, prior *registryGPGKeyModel) error {
		if strings.EqualFold(m.Organization.ValueString(), prior.Organization.ValueString()) {
			return nil
		}
		got, err := op.Client.RegistryGPGKeys.Move(ctx, prior.Organization.ValueString(), prior.ID.ValueString(), m.Organization.ValueString())
		if err == nil {
			modelFromRegistryGPGKey(m, got)
		}
		return err
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *registryGPGKeyModel) error {
		return op.Client.RegistryGPGKeys.Delete(ctx, m.Organization.ValueString(), m.ID.ValueString())
	},
})

func registryGPGKeySchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "A public GPG key of an organization's private registry on the platform, which signs the releases of its private providers " +
			"(`stack_platform_registry_provider`): a release names the key's ID. Only the public key is sent, never private material: " +
			"the platform needs none to check signatures, and a private key block is refused at plan. The registry reads the key's ID from the key; " +
			"an organization has a key once. The import ID is `<ORGANIZATION>/<KEY ID>`, such as `acme/32966F3FB5AC1129`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The key's ID, 16 hexadecimal digits, which the registry reads from the key: what a provider release's `key-id` names.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"organization": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "Name of the organization whose private registry has the key: its namespace. " + organizationDefaultText +
					" Changing it moves the key to that organization in place; changing the provider's default while it is not set here replaces the key.",
				Validators:    organizationNameValidators(),
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"ascii_armor": schema.StringAttribute{
				Required: true,
				Description: "The public key, ASCII-armored: a `-----BEGIN PGP PUBLIC KEY BLOCK-----` block, as `gpg --armor --export` writes it, " +
					"whose first packet is a public key of OpenPGP version 4, 5 or 6. Changing it replaces the key.",
				Validators: []validator.String{stringvalidator.RegexMatches(publicKeyBlockRe,
					"must be an ASCII-armored public key block, from -----BEGIN PGP PUBLIC KEY BLOCK----- to -----END PGP PUBLIC KEY BLOCK-----, and nothing of a private key")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"created_at": schema.StringAttribute{
				Computed: true, CustomType: timetypes.RFC3339Type{},
				Description:   "When the key was added, in RFC 3339.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"updated_at": schema.StringAttribute{
				Computed: true, CustomType: timetypes.RFC3339Type{},
				Description: "When the key last changed (was moved), in RFC 3339.",
			},
		},
	}
}

// registryGPGKeyFromModel is the key m describes, for its create.
func registryGPGKeyFromModel(m *registryGPGKeyModel) platformclient.RegistryGPGKeyOptions {
	return platformclient.RegistryGPGKeyOptions{Namespace: m.Organization.ValueString(), AsciiArmor: m.ASCIIArmor.ValueString()}
}

// modelFromRegistryGPGKey writes the key the server answered over m: its
// namespace is its organization, kept in the configuration's spelling.
func modelFromRegistryGPGKey(m *registryGPGKeyModel, k *platformclient.RegistryGPGKey) {
	m.ID = types.StringValue(k.KeyID)
	m.Organization = sameOrganization(m.Organization, &platformclient.Organization{Name: k.Namespace})
	m.ASCIIArmor = types.StringValue(k.AsciiArmor)
	m.CreatedAt = timeFromAPI(m.CreatedAt, k.CreatedAt, time.RFC3339)
	m.UpdatedAt = timeFromAPI(m.UpdatedAt, k.UpdatedAt, time.RFC3339)
}
