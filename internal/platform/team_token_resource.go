package platform

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// teamTokenModel is a token of a team: one of its described tokens, or,
// without a description, its legacy token, whose ID is the team's.
type teamTokenModel struct {
	ID              types.String `tfsdk:"id"`
	TeamID          types.String `tfsdk:"team_id"`
	Description     types.String `tfsdk:"description"`
	ExpiredAt       types.String `tfsdk:"expired_at"`
	ForceRegenerate types.Bool   `tfsdk:"force_regenerate"`
	Token           types.String `tfsdk:"token"`
}

// tokenInStateText warns, in descriptions, that the secret is in the state.
const tokenInStateText = "It is kept in the Terraform state, unencrypted unless the state's backend encrypts it: " +
	"when the token is only needed during a run, use the ephemeral resource of the same name instead, which never writes it to the state. " +
	"The platform answers it once, on create: an imported token has none."

// expiredAtAttribute is a token's expiry, which replaces the token.
func expiredAtAttribute(object string) schema.StringAttribute {
	return schema.StringAttribute{
		Optional: true, Computed: true,
		Description: "When the " + object + " stops working, an RFC 3339 time still to come, such as `2030-01-31T18:00:00Z`. " +
			"Not set, the platform sets it two years after the creation, and this shows it (with no change in later plans). Changing it replaces the " + object + ".",
		Validators:    []validator.String{timeValidator{}},
		PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown(), sameInstant{}, stillToCome{}, stringplanmodifier.RequiresReplace()},
	}
}

// sameInstant plans the state's time when the configuration names the same
// instant in another form, such as after an import, which reads it in UTC.
type sameInstant struct{}

func (sameInstant) Description(context.Context) string {
	return "Another form of the same instant is no change."
}

func (m sameInstant) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (sameInstant) PlanModifyString(_ context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.StateValue.IsNull() || req.PlanValue.IsNull() || req.PlanValue.IsUnknown() {
		return
	}
	planned, err1 := time.Parse(time.RFC3339, req.PlanValue.ValueString())
	prior, err2 := time.Parse(time.RFC3339, req.StateValue.ValueString())
	if err1 == nil && err2 == nil && planned.Equal(prior) {
		resp.PlanValue = req.StateValue
	}
}

// stillToCome refuses at plan time an expiry that has passed for a token
// the apply would create, which the platform refuses (422) only after the
// apply has made the rest of the plan. The expiry of a token already made
// is not checked again, so that its configuration stays valid once it has
// expired.
type stillToCome struct{}

func (stillToCome) Description(context.Context) string {
	return "A new token's expiry must be still to come."
}

func (m stillToCome) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (stillToCome) PlanModifyString(_ context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.PlanValue.IsNull() || req.PlanValue.IsUnknown() || req.PlanValue.Equal(req.StateValue) {
		return
	}
	t, err := time.Parse(time.RFC3339, req.PlanValue.ValueString())
	if err != nil || t.After(time.Now()) {
		return
	}
	resp.Diagnostics.AddAttributeError(req.Path, "Expiry in the past",
		fmt.Sprintf("%s must be a time still to come for the token to be created, got %q, which has passed.", req.Path, req.PlanValue.ValueString()))
}

// renewText says, in descriptions, what becomes of an expired token, and
// renewHow how to renew it.
const (
	renewHow = "set `expired_at` to a time still to come, which replaces the token, " +
		"or replace it as it is, with `terraform apply -replace=<resource address>`."
	renewText = "A token whose expiry has passed stays in the state, and every plan warns of it with the date. To renew it, " + renewHow
)

// warnExpired warns, in the plan of a token whose expiry in the state has
// passed, that the token no longer works, and says how to renew it. A plan
// that replaces the token says nothing: the apply renews it.
func warnExpired(ctx context.Context, _ *platformclient.Client, req resource.ModifyPlanRequest, resp *resource.ModifyPlanResponse) {
	if len(resp.RequiresReplace) > 0 {
		return
	}
	var expiry types.String
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("expired_at"), &expiry)...)
	if expiry.IsNull() || expiry.IsUnknown() {
		return
	}
	t, err := time.Parse(time.RFC3339, expiry.ValueString())
	if err != nil || t.After(time.Now()) {
		return
	}
	resp.Diagnostics.AddAttributeWarning(path.Root("expired_at"), "Token expired",
		fmt.Sprintf("The token expired at %s, and the platform has refused it since. To renew it, %s", expiry.ValueString(), renewHow))
}

// NewTeamTokenResource is the constructor of stack_platform_team_token.
var NewTeamTokenResource = fwutil.NewResource(&fwutil.Resource[teamTokenModel, *platformclient.Client]{
	TypeName: "platform_team_token",
	Service:  platformclient.Service,
	Object:   "team token",
	Schema:   teamTokenSchema,
	Import: &fwutil.Import[teamTokenModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{{
			Says: "its ID, at- and 16 characters of the base58 alphabet, or, for a team's legacy token, the team's ID, team- and 16 characters",
			Parts: []fwutil.IDPart{{Label: "<TOKEN ID or TEAM ID>", Attr: "id", Match: func(s string) bool {
				return platformclient.IsID(platformclient.PrefixToken, s) || platformclient.IsID(platformclient.PrefixTeam, s)
			}}},
		}}},
		Print: func(m *teamTokenModel) string { return m.ID.ValueString() },
		Read: func(ctx context.Context, c *platformclient.Client, id string, state *tfsdk.State, diags *diag.Diagnostics) {
			var err error
			if platformclient.IsID(platformclient.PrefixTeam, id) {
				_, err = c.TeamTokens.ReadLegacy(ctx, id)
				diags.Append(state.SetAttribute(ctx, path.Root("team_id"), id)...)
			} else {
				_, err = c.TeamTokens.Read(ctx, id)
			}
			importFound(diags, "team token", id, err)
		},
	},
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *teamTokenModel) error {
		expiry, err := expiryOf(m.ExpiredAt)
		if err != nil {
			return err
		}
		var got *platformclient.TeamToken
		if m.Description.IsNull() {
			got, err = op.Client.TeamTokens.CreateLegacy(ctx, m.TeamID.ValueString(), platformclient.TeamLegacyTokenCreateOptions{ExpiredAt: expiry})
		} else {
			got, err = op.Client.TeamTokens.Create(ctx, m.TeamID.ValueString(), platformclient.TeamTokenCreateOptions{
				Description: ptr(m.Description.ValueString()), ExpiredAt: expiry,
			})
		}
		if err != nil {
			return err
		}
		m.Token = types.StringValue(got.Token)
		modelFromTeamToken(m, got)
		return nil
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *teamTokenModel) error {
		var (
			got *platformclient.TeamToken
			err error
		)
		if platformclient.IsID(platformclient.PrefixTeam, m.ID.ValueString()) {
			got, err = op.Client.TeamTokens.ReadLegacy(ctx, m.ID.ValueString())
		} else {
			got, err = op.Client.TeamTokens.Read(ctx, m.ID.ValueString())
		}
		if err == nil {
			modelFromTeamToken(m, got)
		}
		return err
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *teamTokenModel) error {
		if platformclient.IsID(platformclient.PrefixTeam, m.ID.ValueString()) {
			return op.Client.TeamTokens.DeleteLegacy(ctx, m.ID.ValueString())
		}
		return op.Client.TeamTokens.Delete(ctx, m.ID.ValueString())
	},
	Plan: &fwutil.Plan[teamTokenModel, *platformclient.Client]{
		Validate: func(_ context.Context, _ tfsdk.Config, m *teamTokenModel, diags *diag.Diagnostics) {
			if !m.Description.IsNull() && !m.ForceRegenerate.IsNull() {
				diags.AddAttributeError(path.Root("force_regenerate"), "Invalid force_regenerate",
					"force_regenerate is for a team's legacy token, which has no description: a token with a description is regenerated by changing its description or by replacing it.")
			}
		},
		Modify: warnExpired,
	},
})

func teamTokenSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "A token of a team of the platform. With a description, one of the team's several tokens; without, the team's single legacy token, " +
			"whose create replaces the legacy token the team had. Every change replaces the token. " + renewText + " " +
			"The import ID is the token's ID, such as `at-6p5RiCe5CRjBmsGt`, or, for the legacy token, the team's ID, such as `team-6p5RiCe5CRjBmsGt`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed: true,
				Description: "The token's ID, `at-` and 16 characters; for the legacy token, the team's ID, as a team has one legacy token, " +
					"which a regeneration changes.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"team_id": schema.StringAttribute{
				Required:      true,
				Description:   "ID of the team, `team-` and 16 characters. Changing it replaces the token.",
				Validators:    []validator.String{idValidator(platformclient.PrefixTeam, "a team")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"description": schema.StringAttribute{
				Optional: true,
				Description: "Description of the token, unique among the team's tokens. Not set, the token is the team's legacy token. " +
					"Changing it replaces the token.",
				Validators:    []validator.String{stringvalidator.LengthAtLeast(1)},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"expired_at": expiredAtAttribute("token"),
			"force_regenerate": schema.BoolAttribute{
				Optional: true,
				Description: "For the legacy token only: a change of this value (not its being true) replaces the token with a new one, " +
					"as does creating a legacy token when the team has one already. An import records it unset: " +
					"a configuration that sets it replaces the imported token on the next apply.",
				PlanModifiers: []planmodifier.Bool{boolplanmodifier.RequiresReplace()},
			},
			"token": schema.StringAttribute{
				Computed: true, Sensitive: true,
				Description:   "The token's secret. " + tokenInStateText,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
		},
	}
}

// modelFromTeamToken writes the token the server answered over m, but
// for its secret, which only a create answers. A legacy token keeps the
// team's ID as its own.
func modelFromTeamToken(m *teamTokenModel, t *platformclient.TeamToken) {
	if t.Team != nil {
		m.TeamID = types.StringValue(t.Team.ID)
	}
	if t.Description == "" {
		m.ID = m.TeamID
		m.Description = types.StringNull()
	} else {
		m.ID = types.StringValue(t.ID)
		m.Description = types.StringValue(t.Description)
	}
	m.ExpiredAt = expiryFromAPI(m.ExpiredAt, t.ExpiredAt)
}

// expiryOf is the expiry to send: nil for none.
func expiryOf(v types.String) (*time.Time, error) {
	if v.IsNull() || v.IsUnknown() {
		return nil, nil
	}
	t, err := time.Parse(time.RFC3339, v.ValueString())
	if err != nil {
		return nil, &fwutil.Failure{Summary: "Invalid expired_at", Detail: err.Error(), Path: path.Root("expired_at")}
	}
	return &t, nil
}

// expiryFromAPI is the server's expiry for state, keeping prior when it
// names the same instant in another form.
func expiryFromAPI(prior types.String, t *time.Time) types.String {
	if t == nil {
		return types.StringNull()
	}
	if !prior.IsNull() && !prior.IsUnknown() {
		if p, err := time.Parse(time.RFC3339, prior.ValueString()); err == nil && p.Equal(*t) {
			return prior
		}
	}
	return fwutil.TimeString(*t)
}

// timeValidator checks an RFC 3339 time.
type timeValidator struct{}

func (timeValidator) Description(context.Context) string {
	return "must be an RFC 3339 time, such as 2030-01-31T18:00:00Z"
}

func (v timeValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v timeValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	if _, err := time.Parse(time.RFC3339, req.ConfigValue.ValueString()); err != nil {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid time",
			fmt.Sprintf("%s %s, got %q.", req.Path, v.Description(ctx), req.ConfigValue.ValueString()))
	}
}
