package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// currentUserDataModel is the account of the provider's token.
type currentUserDataModel struct {
	ID               types.String `tfsdk:"id"`
	Username         types.String `tfsdk:"username"`
	Email            types.String `tfsdk:"email"`
	UnconfirmedEmail types.String `tfsdk:"unconfirmed_email"`
	AvatarURL        types.String `tfsdk:"avatar_url"`
	IsServiceAccount types.Bool   `tfsdk:"is_service_account"`
	IsAdmin          types.Bool   `tfsdk:"is_admin"`
	TwoFactor        types.Object `tfsdk:"two_factor"`
	// AuthenticatedResourceType and AuthenticatedResourceID are what the
	// token acts for.
	AuthenticatedResourceType types.String `tfsdk:"authenticated_resource_type"`
	AuthenticatedResourceID   types.String `tfsdk:"authenticated_resource_id"`
}

// currentUserTwoFactorTypes are the attributes of two_factor.
var currentUserTwoFactorTypes = map[string]attr.Type{"enabled": types.BoolType, "verified": types.BoolType}

// NewCurrentUserDataSource is the constructor of the
// stack_platform_current_user data source.
var NewCurrentUserDataSource = fwutil.NewDataSource(&fwutil.DataSource[currentUserDataModel, *platformclient.Client]{
	TypeName: "platform_current_user",
	Service:  platformclient.Service,
	Schema:   currentUserDataSourceSchema,
	Read:     readCurrentUserDataSource,
})

func currentUserDataSourceSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "Reads the account that the provider's platform token acts as: a user token's user, or the service account of a team " +
			"token (`is_service_account`, a username such as `api-team_...`). An organization's token acts as no account: the platform " +
			"answers it 404, and the read fails.",
		Attributes: map[string]schema.Attribute{
			"id":       schema.StringAttribute{Computed: true, Description: "The user's ID, `user-` and 16 characters."},
			"username": schema.StringAttribute{Computed: true, Description: "The user's username."},
			"email":    schema.StringAttribute{Computed: true, Description: "The user's email address; empty for a service account."},
			"unconfirmed_email": schema.StringAttribute{
				Computed:    true,
				Description: "A new email address that the user asked for and has not confirmed yet; null when there is none.",
			},
			"avatar_url":         schema.StringAttribute{Computed: true, Description: "Address of the user's picture."},
			"is_service_account": schema.BoolAttribute{Computed: true, Description: "Whether the account is the service account of a team's token rather than a person."},
			"is_admin":           schema.BoolAttribute{Computed: true, Description: "Whether the user administers the platform's site (self-hosted edition)."},
			"authenticated_resource_type": schema.StringAttribute{
				Computed: true,
				Description: "What the token acts for, as the platform names its kind: `users` for a user's token, `teams` for a team's; " +
					"null when the platform does not say (servers older than the changelog's 2023-11-17).",
			},
			"authenticated_resource_id": schema.StringAttribute{
				Computed:    true,
				Description: "ID of what the token acts for: the user's, `user-` and 16 characters, or the team's, `team-` and 16 characters; null when the platform does not say.",
			},
			"two_factor": schema.SingleNestedAttribute{
				Computed:    true,
				Description: "The user's second factor of authentication.",
				Attributes: map[string]schema.Attribute{
					"enabled":  schema.BoolAttribute{Computed: true, Description: "Whether the user has turned it on."},
					"verified": schema.BoolAttribute{Computed: true, Description: "Whether the user has verified it."},
				},
			},
		},
	}
}

func readCurrentUserDataSource(ctx context.Context, c *platformclient.Client, m *currentUserDataModel, diags *diag.Diagnostics) {
	u, err := c.Users.ReadCurrent(ctx)
	if err != nil {
		fwutil.AddAPIError(diags, "Cannot read the account of the provider's token", err)
		return
	}
	m.ID = types.StringValue(u.ID)
	m.Username = types.StringValue(u.Username)
	m.Email = types.StringValue(u.Email)
	m.UnconfirmedEmail = types.StringNull()
	if u.UnconfirmedEmail != "" {
		m.UnconfirmedEmail = types.StringValue(u.UnconfirmedEmail)
	}
	m.AvatarURL = types.StringValue(u.AvatarURL)
	m.IsServiceAccount = types.BoolValue(u.IsServiceAccount)
	m.IsAdmin = types.BoolValue(u.IsAdmin != nil && *u.IsAdmin)
	m.AuthenticatedResourceType, m.AuthenticatedResourceID = types.StringNull(), types.StringNull()
	if kind := u.AuthenticatedResource.Kind(); kind != "" {
		m.AuthenticatedResourceType, m.AuthenticatedResourceID = types.StringValue(kind), types.StringValue(u.AuthenticatedResource.ID())
	}
	twoFactor := platformclient.UserTwoFactor{}
	if u.TwoFactor != nil {
		twoFactor = *u.TwoFactor
	}
	m.TwoFactor = types.ObjectValueMust(currentUserTwoFactorTypes, map[string]attr.Value{
		"enabled": types.BoolValue(twoFactor.Enabled), "verified": types.BoolValue(twoFactor.Verified),
	})
}
