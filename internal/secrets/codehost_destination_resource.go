package secrets

import (
	"context"
	"fmt"
	"regexp"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

type codehostDestinationModel struct {
	destinationModel
	SecretsLocation         types.String `tfsdk:"secrets_location"`
	AccessToken             types.String `tfsdk:"access_token"`
	AccessTokenWO           types.String `tfsdk:"access_token_wo"`
	AccessTokenWOVersion    types.Int64  `tfsdk:"access_token_wo_version"`
	AppName                 types.String `tfsdk:"app_name"`
	InstallationID          types.String `tfsdk:"installation_id"`
	RepositoryOwner         types.String `tfsdk:"repository_owner"`
	RepositoryName          types.String `tfsdk:"repository_name"`
	EnvironmentName         types.String `tfsdk:"environment_name"`
	OrganizationName        types.String `tfsdk:"organization_name"`
	OrganizationVisibility  types.String `tfsdk:"organization_visibility"`
	SelectedRepositoryNames types.List   `tfsdk:"selected_repository_names"`
}

// positiveInteger is an installation ID as the service takes it and
// answers it back: no sign, no leading zero, within an int64; "" is
// unset, as to the service.
var positiveInteger = regexp.MustCompile(`^(|[1-9][0-9]{0,17})$`)

// NewCodehostDestinationResource is the constructor of
// stack_secrets_sync_codehost_destination.
var NewCodehostDestinationResource = destinationResource(codehost)

// Where a codehost destination keeps its secrets.
const (
	secretsLocationRepository   = "repository"
	secretsLocationOrganization = "organization"
)

// codehostLocationFields are the attributes that go with one value of
// secrets_location only.
var codehostLocationFields = []struct{ name, location string }{
	{"repository_owner", secretsLocationRepository},
	{"repository_name", secretsLocationRepository},
	{"environment_name", secretsLocationRepository},
	{"organization_name", secretsLocationOrganization},
	{"organization_visibility", secretsLocationOrganization},
	{"selected_repository_names", secretsLocationOrganization},
}

var codehost = &destinationKind[codehostDestinationModel, *codehostDestinationModel]{
	twins:              vaultDestinationTwin(secretsclient.TypeCodehost, false, []string{"access_token", "repository_owner", "repository_name", "app_name", "secrets_location", "environment_name"}, moveVaultInstallationID),
	apiType:            secretsclient.TypeCodehost,
	typeName:           "codehost_destination",
	defaultGranularity: secretsclient.GranularitySecretKey,
	description: "A `codehost` sync destination: the actions secrets of a code-host repository (or one of its environments) or organization, to which the secrets service pushes associated secrets. " +
		"It authenticates with an access token, or with a custom code-host app configured in the service (`app_name` and `installation_id`).",
	secrets: []secretAttribute{
		{name: "access_token", description: "Fine-grained or personal access token the service authenticates with. Set it (or `access_token_wo`), or `app_name` with `installation_id`, not both."},
	},
	attributes: map[string]schema.Attribute{
		"secrets_location": schema.StringAttribute{
			Optional: true,
			Computed: true,
			Default:  stringdefault.StaticString(secretsLocationRepository),
			Description: "Where the secrets are kept: `repository` (the default) or `organization`. " +
				"Changing it, also by removing it from the configuration when it was `organization`, replaces the destination.",
			Validators:    []validator.String{stringvalidator.OneOf(secretsLocationRepository, secretsLocationOrganization)},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"app_name": schema.StringAttribute{
			Optional: true,
			Description: "Name of a custom code-host app configured in the service (`stack_secrets_sync_codehost_app`), to authenticate with instead of an access token; requires `installation_id`. " +
				"The app must exist whenever the destination is written: refer to it as `stack_secrets_sync_codehost_app.<name>.name`, so that Terraform creates the app first and deletes it last. It can be changed in place.",
		},
		"installation_id": schema.StringAttribute{
			Optional:    true,
			Description: "Installation ID of the app named by `app_name`, a positive whole number of at most 18 digits, without sign or leading zero, written as a string such as `\"4242\"`; requires `app_name`. It can be changed in place.",
			Validators:  []validator.String{stringvalidator.RegexMatches(positiveInteger, "must be a positive whole number of at most 18 digits, without sign or leading zero, such as \"4242\"")},
		},
		"repository_owner": schema.StringAttribute{
			Optional:      true,
			Description:   "Owner of the repository that receives the secrets; only when `secrets_location` is `repository`. Changing it replaces the destination.",
			PlanModifiers: []planmodifier.String{fwutil.RequiresReplaceUnlessUnset()},
		},
		"repository_name": schema.StringAttribute{
			Optional:      true,
			Description:   "Name of the repository that receives the secrets; only when `secrets_location` is `repository`. Changing it replaces the destination.",
			PlanModifiers: []planmodifier.String{fwutil.RequiresReplaceUnlessUnset()},
		},
		"environment_name": schema.StringAttribute{
			Optional:    true,
			Description: "Environment of the repository that receives the secrets; when unset, the secrets are global to the repository. Only when `secrets_location` is `repository`. It can be changed in place.",
		},
		"organization_name": schema.StringAttribute{
			Optional:    true,
			Description: "(Beta) Name of the organization that receives the secrets; only when `secrets_location` is `organization`. It can be changed in place.",
		},
		"organization_visibility": schema.StringAttribute{
			Optional:      true,
			Description:   "(Beta) Which repositories of the organization can see the synced secrets; only when `secrets_location` is `organization`. Changing it replaces the destination.",
			PlanModifiers: []planmodifier.String{fwutil.RequiresReplaceUnlessUnset()},
		},
		"selected_repository_names": schema.ListAttribute{
			Optional:    true,
			ElementType: types.StringType,
			Description: "(Beta) Repositories of the organization that can access the synced secrets; only when `secrets_location` is `organization`. It can be changed in place.",
		},
	},
	validate: func(_ context.Context, m *codehostDestinationModel, given func(string) bool, diags *diag.Diagnostics) {
		token := given("access_token") || given("access_token_wo")
		app, inst := given("app_name"), given("installation_id")
		switch {
		case token && (app || inst):
			diags.AddAttributeError(path.Root("access_token"), "Conflicting codehost authentication",
				"A codehost destination authenticates with access_token (or access_token_wo), or with app_name and installation_id, not both: remove one of them.")
		case !token && !app && !inst:
			diags.AddAttributeError(path.Root("access_token"), "Missing codehost authentication",
				"A codehost destination needs access_token (or access_token_wo), or app_name with installation_id.")
		case app && !inst:
			diags.AddAttributeError(path.Root("installation_id"), "Missing installation_id",
				"installation_id is required when app_name is set: it names the app's installation to authenticate as.")
		case inst && !app:
			diags.AddAttributeError(path.Root("app_name"), "Missing app_name",
				"app_name is required when installation_id is set: installation_id is used only with an app.")
		}
		location := m.SecretsLocation.ValueString()
		if m.SecretsLocation.IsNull() {
			location = secretsLocationRepository
		}
		// An unknown location cannot be checked yet (the service will); a
		// wrong one has its own error from the attribute's validator.
		if m.SecretsLocation.IsUnknown() || (location != secretsLocationRepository && location != secretsLocationOrganization) {
			return
		}
		for _, f := range codehostLocationFields {
			if f.location != location && given(f.name) {
				diags.AddAttributeError(path.Root(f.name), "Invalid "+f.name,
					fmt.Sprintf("%s is only allowed when secrets_location is %q; here it is %q.", f.name, f.location, location))
			}
		}
	},
	destinationFromModel: func(ctx context.Context, m *codehostDestinationModel, opts secretsclient.DestinationOptions, secret func(string) string, diags *diag.Diagnostics) secretsclient.DestinationWrite {
		return secretsclient.CodehostDestination{
			DestinationOptions:      opts,
			SecretsLocation:         m.SecretsLocation.ValueString(),
			AccessToken:             secret("access_token"),
			AppName:                 m.AppName.ValueString(),
			InstallationID:          m.InstallationID.ValueString(),
			RepositoryOwner:         m.RepositoryOwner.ValueString(),
			RepositoryName:          m.RepositoryName.ValueString(),
			EnvironmentName:         m.EnvironmentName.ValueString(),
			OrganizationName:        m.OrganizationName.ValueString(),
			OrganizationVisibility:  m.OrganizationVisibility.ValueString(),
			SelectedRepositoryNames: fwutil.Strings(ctx, m.SelectedRepositoryNames, diags),
		}
	},
	modelFromDetails: func(ctx context.Context, m *codehostDestinationModel, d map[string]any, diags *diag.Diagnostics) {
		m.SecretsLocation = detail(m.SecretsLocation, d, "secrets_location")
		m.AccessToken = secretDetail(m.AccessToken, d, "access_token")
		m.AppName = detail(m.AppName, d, "app_name")
		m.InstallationID = detail(m.InstallationID, d, "installation_id")
		m.RepositoryOwner = detail(m.RepositoryOwner, d, "repository_owner")
		m.RepositoryName = detail(m.RepositoryName, d, "repository_name")
		m.EnvironmentName = detail(m.EnvironmentName, d, "environment_name")
		m.OrganizationName = detail(m.OrganizationName, d, "organization_name")
		m.OrganizationVisibility = detail(m.OrganizationVisibility, d, "organization_visibility")
		m.SelectedRepositoryNames = listDetail(m.SelectedRepositoryNames, d, "selected_repository_names", diags)
	},
}
