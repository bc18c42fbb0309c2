package secrets

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/types"

	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

type cloudOneSMDestinationModel struct {
	taggedDestinationModel
	AccessKeyID              types.String `tfsdk:"access_key_id"`
	AccessKeyIDWO            types.String `tfsdk:"access_key_id_wo"`
	AccessKeyIDWOVersion     types.Int64  `tfsdk:"access_key_id_wo_version"`
	SecretAccessKey          types.String `tfsdk:"secret_access_key"`
	SecretAccessKeyWO        types.String `tfsdk:"secret_access_key_wo"`
	SecretAccessKeyWOVersion types.Int64  `tfsdk:"secret_access_key_wo_version"`
	RoleARN                  types.String `tfsdk:"role_arn"`
	ExternalID               types.String `tfsdk:"external_id"`
	Region                   types.String `tfsdk:"region"`
}

// NewCloudOneSMDestinationResource is the constructor of
// stack_secrets_sync_cloudone_sm_destination.
var NewCloudOneSMDestinationResource = destinationResource(cloudOneSM)

var cloudOneSM = &destinationKind[cloudOneSMDestinationModel, *cloudOneSMDestinationModel]{
	twins:              vaultDestinationTwin(secretsclient.TypeCloudOneSM, true, []string{"access_key_id", "secret_access_key", "role_arn", "external_id", "region"}, func(src fwutil.Moved, _ map[string]any) { src.Drop(nil, "kms_key_id", "replica_regions") }),
	apiType:            secretsclient.TypeCloudOneSM,
	typeName:           "cloudone_sm_destination",
	defaultGranularity: secretsclient.GranularitySecretPath,
	description:        "A `cloudone-sm` sync destination: a cloud secrets manager to which the secrets service pushes associated secrets.",
	customTags:         true,
	secrets: []secretAttribute{
		{name: "access_key_id", description: "Access key ID the service authenticates with. When unset (with `secret_access_key`), the service uses its environment's credentials."},
		{name: "secret_access_key", description: "Secret access key that goes with `access_key_id`."},
	},
	attributes: map[string]schema.Attribute{
		"role_arn": schema.StringAttribute{
			Optional:    true,
			Description: "Role the service assumes, with temporary credentials; it may be in another account.",
		},
		"external_id": schema.StringAttribute{
			Optional:    true,
			Description: "External ID that must match the role's trust policy; a different random UUID per destination is recommended.",
		},
		"region": schema.StringAttribute{
			Optional:      true,
			Description:   "Region of the secrets manager; when unset, inferred from the service's environment. Changing it replaces the destination.",
			PlanModifiers: []planmodifier.String{fwutil.RequiresReplaceUnlessUnset()},
		},
	},
	destinationFromModel: func(_ context.Context, m *cloudOneSMDestinationModel, opts secretsclient.DestinationOptions, secret func(string) string, _ *diag.Diagnostics) secretsclient.DestinationWrite {
		return secretsclient.CloudOneSMDestination{
			DestinationOptions: opts,
			AccessKeyID:        secret("access_key_id"),
			SecretAccessKey:    secret("secret_access_key"),
			RoleARN:            m.RoleARN.ValueString(),
			ExternalID:         m.ExternalID.ValueString(),
			Region:             m.Region.ValueString(),
		}
	},
	modelFromDetails: func(_ context.Context, m *cloudOneSMDestinationModel, d map[string]any, _ *diag.Diagnostics) {
		m.AccessKeyID = secretDetail(m.AccessKeyID, d, "access_key_id")
		m.SecretAccessKey = secretDetail(m.SecretAccessKey, d, "secret_access_key")
		m.RoleARN = detail(m.RoleARN, d, "role_arn")
		m.ExternalID = detail(m.ExternalID, d, "external_id")
		m.Region = detail(m.Region, d, "region")
	},
}
