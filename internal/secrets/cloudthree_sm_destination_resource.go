package secrets

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

type cloudThreeSMDestinationModel struct {
	taggedDestinationModel
	Credentials          types.String `tfsdk:"credentials"`
	CredentialsWO        types.String `tfsdk:"credentials_wo"`
	CredentialsWOVersion types.Int64  `tfsdk:"credentials_wo_version"`
	ProjectID            types.String `tfsdk:"project_id"`
	ReplicationLocations types.List   `tfsdk:"replication_locations"`
	LocationalKMSKeys    types.Map    `tfsdk:"locational_kms_keys"`
	GlobalKMSKey         types.String `tfsdk:"global_kms_key"`
}

// NewCloudThreeSMDestinationResource is the constructor of
// stack_secrets_sync_cloudthree_sm_destination.
var NewCloudThreeSMDestinationResource = destinationResource(cloudThreeSM)

var cloudThreeSM = &destinationKind[cloudThreeSMDestinationModel, *cloudThreeSMDestinationModel]{
	twins: vaultDestinationTwin(secretsclient.TypeCloudThreeSM, true, []string{"credentials", "project_id", "replication_locations", "locational_kms_keys", "global_kms_key"}, func(src fwutil.Moved, _ map[string]any) {
		src.Drop(nil, "service_account_email", "replica_regions", "kms_key_id")
	}),
	apiType:            secretsclient.TypeCloudThreeSM,
	typeName:           "cloudthree_sm_destination",
	defaultGranularity: secretsclient.GranularitySecretPath,
	description:        "A `cloudthree-sm` sync destination: the secret manager of the third cloud, to which the secrets service pushes associated secrets.",
	customTags:         true,
	secrets: []secretAttribute{
		{
			name: "credentials",
			description: "JSON credentials the service authenticates with: the contents of a credentials file, or `@path/to/file` naming a file the service reads. " +
				"One of `credentials` and `credentials_wo` is required.",
			required: true,
		},
	},
	attributes: map[string]schema.Attribute{
		"project_id": schema.StringAttribute{
			Optional:    true,
			Description: "Project that receives the secrets; when unset, the project of the credentials. It can be changed in place.",
		},
		"replication_locations": schema.ListAttribute{
			Optional:    true,
			ElementType: types.StringType,
			Description: "Locations where the synced secrets are replicated; the secrets stay readable from everywhere. When unset, the cloud chooses. It can be changed in place.",
		},
		"locational_kms_keys": schema.MapAttribute{
			Optional:    true,
			ElementType: types.StringType,
			Description: "Customer-managed encryption keys for the replicas, as location name to key resource ID. It can be changed in place.",
		},
		"global_kms_key": schema.StringAttribute{
			Optional:    true,
			Description: "Resource name of a customer-managed encryption key for the secrets as a whole. It can be changed in place.",
		},
	},
	destinationFromModel: func(ctx context.Context, m *cloudThreeSMDestinationModel, opts secretsclient.DestinationOptions, secret func(string) string, diags *diag.Diagnostics) secretsclient.DestinationWrite {
		return secretsclient.CloudThreeSMDestination{
			DestinationOptions:   opts,
			Credentials:          secret("credentials"),
			ProjectID:            m.ProjectID.ValueString(),
			ReplicationLocations: fwutil.Strings(ctx, m.ReplicationLocations, diags),
			LocationalKMSKeys:    fwutil.StringMap(ctx, m.LocationalKMSKeys, diags),
			GlobalKMSKey:         m.GlobalKMSKey.ValueString(),
		}
	},
	modelFromDetails: func(ctx context.Context, m *cloudThreeSMDestinationModel, d map[string]any, diags *diag.Diagnostics) {
		m.Credentials = secretDetail(m.Credentials, d, "credentials")
		m.ProjectID = detail(m.ProjectID, d, "project_id")
		m.ReplicationLocations = listDetail(m.ReplicationLocations, d, "replication_locations", diags)
		m.LocationalKMSKeys = mapDetail(m.LocationalKMSKeys, d, "locational_kms_keys", diags)
		m.GlobalKMSKey = detail(m.GlobalKMSKey, d, "global_kms_key")
	},
}
