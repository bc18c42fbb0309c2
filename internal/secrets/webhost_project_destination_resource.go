package secrets

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/listvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

type webhostProjectDestinationModel struct {
	destinationModel
	AccessToken            types.String `tfsdk:"access_token"`
	AccessTokenWO          types.String `tfsdk:"access_token_wo"`
	AccessTokenWOVersion   types.Int64  `tfsdk:"access_token_wo_version"`
	ProjectID              types.String `tfsdk:"project_id"`
	TeamID                 types.String `tfsdk:"team_id"`
	DeploymentEnvironments types.List   `tfsdk:"deployment_environments"`
}

// NewWebhostProjectDestinationResource is the constructor of
// stack_secrets_sync_webhost_project_destination.
var NewWebhostProjectDestinationResource = destinationResource(webhostProject)

var webhostProject = &destinationKind[webhostProjectDestinationModel, *webhostProjectDestinationModel]{
	twins:              vaultDestinationTwin(secretsclient.TypeWebhostProject, false, []string{"access_token", "project_id", "team_id", "deployment_environments"}, nil),
	apiType:            secretsclient.TypeWebhostProject,
	typeName:           "webhost_project_destination",
	defaultGranularity: secretsclient.GranularitySecretKey,
	description:        "A `webhost-project` sync destination: the environment variables of a web-hosting project, to which the secrets service pushes associated secrets.",
	secrets: []secretAttribute{
		{name: "access_token", description: "Token allowed to manage the project's environment variables. One of `access_token` and `access_token_wo` is required.", required: true},
	},
	attributes: map[string]schema.Attribute{
		"project_id": schema.StringAttribute{
			Required:      true,
			Description:   "ID of the project whose environment variables are managed; not empty. Changing it replaces the destination.",
			Validators:    []validator.String{stringvalidator.LengthAtLeast(1)},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"team_id": schema.StringAttribute{
			Optional:    true,
			Description: "ID of the team the project belongs to. It can be changed in place.",
		},
		"deployment_environments": schema.ListAttribute{
			Required:    true,
			ElementType: types.StringType,
			Description: "Deployment environments the variables are set for: one or more of `development`, `preview` and `production`. It can be changed in place.",
			Validators: []validator.List{
				listvalidator.SizeAtLeast(1),
				listvalidator.ValueStringsAre(stringvalidator.OneOf("development", "preview", "production")),
			},
		},
	},
	destinationFromModel: func(ctx context.Context, m *webhostProjectDestinationModel, opts secretsclient.DestinationOptions, secret func(string) string, diags *diag.Diagnostics) secretsclient.DestinationWrite {
		return secretsclient.WebhostProjectDestination{
			DestinationOptions:     opts,
			AccessToken:            secret("access_token"),
			ProjectID:              m.ProjectID.ValueString(),
			TeamID:                 m.TeamID.ValueString(),
			DeploymentEnvironments: fwutil.Strings(ctx, m.DeploymentEnvironments, diags),
		}
	},
	modelFromDetails: func(ctx context.Context, m *webhostProjectDestinationModel, d map[string]any, diags *diag.Diagnostics) {
		m.AccessToken = secretDetail(m.AccessToken, d, "access_token")
		m.ProjectID = detail(m.ProjectID, d, "project_id")
		m.TeamID = detail(m.TeamID, d, "team_id")
		m.DeploymentEnvironments = listDetail(m.DeploymentEnvironments, d, "deployment_environments", diags)
	},
}
