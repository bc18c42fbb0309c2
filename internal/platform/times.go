package platform

import (
	"context"
	"time"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
)

// Times are timetypes.RFC3339 values: the type checks, at plan time, that
// a configured time is RFC 3339, and takes two spellings of a time in the
// same offset for one value. The platform answers times in UTC, so a time
// configured in another offset is kept by its instant, with timeFromAPI
// in a read and sameInstant in a plan.

// timeOf is the time t holds, nil when it is null or not known yet.
func timeOf(t timetypes.RFC3339, diags *diag.Diagnostics) *time.Time {
	if t.IsNull() || t.IsUnknown() {
		return nil
	}
	v, d := t.ValueRFC3339Time()
	diags.Append(d...)
	if d.HasError() {
		return nil
	}
	return &v
}

// timeFromAPI is the time the server answered, t, for the state: prior,
// when it names the same instant in another form, else t in UTC, in
// layout; null when there is none.
func timeFromAPI(prior timetypes.RFC3339, t *time.Time, layout string) timetypes.RFC3339 {
	if t == nil || t.IsZero() {
		return timetypes.NewRFC3339Null()
	}
	if p := timeOf(prior, new(diag.Diagnostics)); p != nil && p.Equal(*t) {
		return prior
	}
	return timetypes.NewRFC3339ValueMust(t.UTC().Format(layout))
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
