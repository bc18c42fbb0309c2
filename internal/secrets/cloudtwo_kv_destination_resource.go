package secrets

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
)

type cloudTwoKVDestinationModel struct {
	taggedDestinationModel
	KeyVaultURI           types.String `tfsdk:"key_vault_uri"`
	ClientID              types.String `tfsdk:"client_id"`
	ClientSecret          types.String `tfsdk:"client_secret"`
	ClientSecretWO        types.String `tfsdk:"client_secret_wo"`
	ClientSecretWOVersion types.Int64  `tfsdk:"client_secret_wo_version"`
	TenantID              types.String `tfsdk:"tenant_id"`
	Cloud                 types.String `tfsdk:"cloud"`
}

// NewCloudTwoKVDestinationResource is the constructor of
// stack_secrets_sync_cloudtwo_kv_destination.
var NewCloudTwoKVDestinationResource = destinationResource(cloudTwoKV)

// defaultCloud is the service's default cloud, the public one.
const defaultCloud = "cloud"

var cloudTwoKV = &destinationKind[cloudTwoKVDestinationModel, *cloudTwoKVDestinationModel]{
	twins:              vaultDestinationTwin(secretsclient.TypeCloudTwoKV, true, []string{"key_vault_uri", "client_id", "client_secret", "tenant_id", "cloud"}, nil),
	apiType:            secretsclient.TypeCloudTwoKV,
	typeName:           "cloudtwo_kv_destination",
	defaultGranularity: secretsclient.GranularitySecretPath,
	description:        "A `cloudtwo-kv` sync destination: an existing key vault of the second cloud, to which the secrets service pushes associated secrets, authenticating as an app registration.",
	customTags:         true,
	secrets: []secretAttribute{
		{name: "client_secret", description: "Client secret of the app registration. One of `client_secret` and `client_secret_wo` is required.", required: true},
	},
	attributes: map[string]schema.Attribute{
		"key_vault_uri": schema.StringAttribute{
			Required:      true,
			Description:   "URI of the existing key vault that receives the secrets; not empty. Changing it replaces the destination.",
			Validators:    []validator.String{stringvalidator.LengthAtLeast(1)},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"client_id": schema.StringAttribute{
			Required:    true,
			Description: "Client ID of the app registration the service authenticates as; not empty. It can be changed in place.",
			Validators:  []validator.String{stringvalidator.LengthAtLeast(1)},
		},
		"tenant_id": schema.StringAttribute{
			Required:      true,
			Description:   "ID of the tenant that holds the key vault and the app registration; not empty. Changing it replaces the destination.",
			Validators:    []validator.String{stringvalidator.LengthAtLeast(1)},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"cloud": schema.StringAttribute{
			Optional: true,
			Computed: true,
			Default:  stringdefault.StaticString(defaultCloud),
			Description: "Cloud the service's client connects to; not empty. Default `" + defaultCloud + "`, the public cloud. " +
				"Changing it, also by removing it from the configuration when it was set to another value, replaces the destination.",
			Validators:    []validator.String{stringvalidator.LengthAtLeast(1)},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
	},
	destinationFromModel: func(_ context.Context, m *cloudTwoKVDestinationModel, opts secretsclient.DestinationOptions, secret func(string) string, _ *diag.Diagnostics) secretsclient.DestinationWrite {
		return secretsclient.CloudTwoKVDestination{
			DestinationOptions: opts,
			KeyVaultURI:        m.KeyVaultURI.ValueString(),
			ClientID:           m.ClientID.ValueString(),
			ClientSecret:       secret("client_secret"),
			TenantID:           m.TenantID.ValueString(),
			Cloud:              m.Cloud.ValueString(),
		}
	},
	modelFromDetails: func(_ context.Context, m *cloudTwoKVDestinationModel, d map[string]any, _ *diag.Diagnostics) {
		m.KeyVaultURI = detail(m.KeyVaultURI, d, "key_vault_uri")
		m.ClientID = detail(m.ClientID, d, "client_id")
		m.ClientSecret = secretDetail(m.ClientSecret, d, "client_secret")
		m.TenantID = detail(m.TenantID, d, "tenant_id")
		m.Cloud = detail(m.Cloud, d, "cloud")
	},
}
