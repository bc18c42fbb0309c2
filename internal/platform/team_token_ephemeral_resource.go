package platform

import (
	"context"
	"crypto/rand"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// teamTokenEphemeralModel is a team token made for one run.
type teamTokenEphemeralModel struct {
	TeamID      types.String      `tfsdk:"team_id"`
	Description types.String      `tfsdk:"description"`
	ExpiredAt   timetypes.RFC3339 `tfsdk:"expired_at"`
	ID          types.String      `tfsdk:"id"`
	Token       types.String      `tfsdk:"token"`
}

// ephemeralTokenDescription is the first word of the description of a
// team token opened without one; random characters follow, so that it
// never takes the description of another token of the team.
const ephemeralTokenDescription = "ephemeral"

// NewTeamTokenEphemeralResource is the constructor of the ephemeral
// stack_platform_team_token. It always makes one of the team's described
// tokens: a legacy token would replace the one the team has.
var NewTeamTokenEphemeralResource = fwutil.NewEphemeral(&fwutil.Ephemeral[teamTokenEphemeralModel, string, *platformclient.Client]{
	TypeName: "platform_team_token",
	Service:  platformclient.Service,
	Object:   "team token",
	Schema:   teamTokenEphemeralSchema,
	Open: func(ctx context.Context, c *platformclient.Client, m *teamTokenEphemeralModel) (string, error) {
		if m.Description.IsNull() {
			m.Description = types.StringValue(ephemeralTokenDescription + " " + rand.Text()[:12])
		}
		expiry, err := expiryOf(m.ExpiredAt)
		if err != nil {
			return "", err
		}
		got, err := c.TeamTokens.Create(ctx, m.TeamID.ValueString(), platformclient.TeamTokenCreateOptions{
			Description: ptr(m.Description.ValueString()), ExpiredAt: expiry,
		})
		if err != nil {
			return "", err
		}
		m.ID, m.Token = types.StringValue(got.ID), types.StringValue(got.Token)
		m.ExpiredAt = expiryFromAPI(m.ExpiredAt, got.ExpiredAt)
		return got.ID, nil
	},
	Close: func(ctx context.Context, c *platformclient.Client, id string) error {
		return c.TeamTokens.Delete(ctx, id)
	},
})

func teamTokenEphemeralSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "A new token of a team of the platform for one Terraform run, which Terraform never writes to the plan or the state. " +
			"Opened when the run needs it (while planning, and again while applying), it is one more of the team's tokens, with a description; " +
			"closed at the end of the run, it is deleted. The team's other tokens, its legacy token among them, are left alone. " + noRenewalText,
		Attributes: map[string]schema.Attribute{
			"team_id": schema.StringAttribute{
				Required:    true,
				Description: "ID of the team, `team-` and 16 characters.",
				Validators:  []validator.String{idValidator(platformclient.PrefixTeam, "a team")},
			},
			"description": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "Description of the token, which must be unique among the team's tokens; it may be empty (`\"\"`). " +
					"Not set, `" + ephemeralTokenDescription + "`, a space and 12 random characters, which keep it apart from the team's other tokens.",
			},
			"expired_at": ephemeralExpiredAtAttribute(),
			"id":         schema.StringAttribute{Computed: true, Description: "The token's ID, `at-` and 16 characters."},
			"token": schema.StringAttribute{
				Computed: true, Sensitive: true,
				Description: "The token's secret, for the `platform` block of another `stack` provider, say, which then acts as the team.",
			},
		},
	}
}
