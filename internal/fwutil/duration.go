package fwutil

import (
	"context"
	"fmt"
	"time"

	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"
)

// DurationValidator accepts Go duration strings ("90s", "1h30m").
func DurationValidator() validator.String {
	return durationValidator{desc: `must be a duration such as "30s", "5m" or "1h30m"`}
}

// NonNegativeDurationValidator accepts durations of zero or more, such as
// leeways, where zero means none and a negative length means nothing.
func NonNegativeDurationValidator() validator.String {
	return durationValidator{bounded: true, desc: `must be a duration of zero or more, such as "0s", "30s" or "5m"`}
}

// PositiveDurationValidator accepts durations greater than zero, such as a
// required lifetime, which servers take zero for "missing".
func PositiveDurationValidator() validator.String {
	return durationValidator{bounded: true, min: 1, desc: `must be a duration greater than zero, such as "30s", "5m" or "1h30m"`}
}

// durationValidator checks the syntax, and when bounded that the length is
// at least min, so that a value the server would refuse fails at plan time.
type durationValidator struct {
	bounded bool
	min     time.Duration
	desc    string
}

func (v durationValidator) Description(context.Context) string { return v.desc }

func (v durationValidator) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v durationValidator) ValidateString(ctx context.Context, req validator.StringRequest, resp *validator.StringResponse) {
	if req.ConfigValue.IsNull() || req.ConfigValue.IsUnknown() {
		return
	}
	d, err := time.ParseDuration(req.ConfigValue.ValueString())
	if err != nil || (v.bounded && d < v.min) {
		resp.Diagnostics.AddAttributeError(req.Path, "Invalid duration",
			fmt.Sprintf("%s %s, got %q.", req.Path, v.Description(ctx), req.ConfigValue.ValueString()))
	}
}

// DurationsEqual reports whether two duration strings mean the same length
// of time. Strings that do not parse are compared as written.
func DurationsEqual(a, b string) bool {
	da, errA := time.ParseDuration(a)
	db, errB := time.ParseDuration(b)
	if errA != nil || errB != nil {
		return a == b
	}
	return da == db
}

// DurationFromAPI returns the prior value when the server's normalised form
// ("5m0s") means the same as what the practitioner wrote ("5m"), so that
// normalisation never shows as a diff. Every spelling of zero or unset is
// one value: servers answer an unset or zero duration as "0s" or as "", so
// either keeps a prior zero ("0s", "0m", "") and leaves null a prior null.
func DurationFromAPI(prior types.String, api string) types.String {
	zero := api == "" || DurationsEqual(api, "0s")
	if !prior.IsNull() && !prior.IsUnknown() && (DurationsEqual(prior.ValueString(), api) || (zero && UnsetDuration(prior))) {
		return prior
	}
	if prior.IsNull() && zero {
		return types.StringNull()
	}
	if api == "" {
		return types.StringNull()
	}
	return types.StringValue(api)
}

// DurationSameValue is a plan modifier that keeps the state's spelling of a
// duration when the configuration spells the same length of time another way
// ("300s" after "5m"), so that rewriting a value is not a change.
func DurationSameValue() planmodifier.String { return durationSameValue{} }

type durationSameValue struct{}

func (durationSameValue) Description(context.Context) string {
	return "Durations that mean the same length of time are not a change."
}

func (m durationSameValue) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (durationSameValue) PlanModifyString(_ context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.StateValue.IsNull() || req.PlanValue.IsNull() || req.PlanValue.IsUnknown() {
		return
	}
	if DurationsEqual(req.StateValue.ValueString(), req.PlanValue.ValueString()) {
		resp.PlanValue = req.StateValue
	}
}
