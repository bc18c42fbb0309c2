package platform

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	eschema "github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// What the platform's tokens share, the team's and the organization's:
// their expiry, how an expired one is renewed, and where their secret is
// kept.

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
		CustomType:    timetypes.RFC3339Type{},
		PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown(), sameInstant{}, stillToCome{}, stringplanmodifier.RequiresReplace()},
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
	var expiry timetypes.RFC3339
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

// expiryOf is the expiry to send: nil for none.
func expiryOf(v timetypes.RFC3339) (*time.Time, error) {
	var diags diag.Diagnostics
	t := timeOf(v, &diags)
	if diags.HasError() {
		return nil, &fwutil.Failure{Summary: "Invalid expired_at", Detail: diags.Errors()[0].Detail(), Path: path.Root("expired_at")}
	}
	return t, nil
}

// expiryFromAPI is the server's expiry for state, keeping prior when it
// names the same instant in another form.
func expiryFromAPI(prior timetypes.RFC3339, t *time.Time) timetypes.RFC3339 {
	return timeFromAPI(prior, t, time.RFC3339Nano)
}

// noRenewalText says, in descriptions, why ephemeral tokens are never
// renewed.
const noRenewalText = "The platform cannot extend a token, so there is nothing to renew: a token set to expire before the run ends stops working then."

// ephemeralExpiredAtAttribute is the expiry of an ephemeral token.
func ephemeralExpiredAtAttribute() eschema.StringAttribute {
	return eschema.StringAttribute{
		Optional: true, Computed: true,
		Description: "When the token stops working if the run has not deleted it by then, an RFC 3339 time still to come, such as `2030-01-31T18:00:00Z`. " +
			"Not set, the platform sets it two years after the creation, long after the run that deletes the token ends.",
		CustomType: timetypes.RFC3339Type{},
	}
}
