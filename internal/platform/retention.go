package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// What the data retention policies of organizations and workspaces
// (stack_platform_data_retention_policy) and of the site
// (stack_platform_admin_data_retention_policy) share: a policy deletes
// the runs' data after its days, or, without them, keeps it; its kind is
// its type, and a policy of the other kind is a new policy, with a new ID.

// dataRetentionWhat names the policies in the edition's refusal.
const dataRetentionWhat = "data retention policies"

// retentionIDAttribute is the policy's ID, kept by an update that keeps
// its kind.
func retentionIDAttribute() schema.StringAttribute {
	return schema.StringAttribute{
		Computed: true,
		Description: "The policy's ID, `drp-` and 16 characters. It stays while the policy keeps its kind, " +
			"and changes when `delete_older_than_n_days` is set or unset, which makes a policy of the other kind.",
		PlanModifiers: []planmodifier.String{retentionIDKeptWithItsKind{}},
	}
}

// retentionDaysAttribute is the policy's days; overrides says what a
// don't-delete policy overrides.
func retentionDaysAttribute(overrides string) schema.Int64Attribute {
	return schema.Int64Attribute{
		Optional: true,
		Description: "The days after which the runs' data is deleted, at least 1: the platform's delete-older policy. " +
			"Unset, the data is kept however old: the platform's don't-delete policy, " + overrides + ". " +
			"A change updates the policy in place.",
		Validators: []validator.Int64{int64validator.AtLeast(1)},
	}
}

// retentionFromDays is the policy of days: deleting after them, or,
// without them, not deleting.
func retentionFromDays(days types.Int64) platformclient.DataRetentionPolicyOptions {
	var opts platformclient.DataRetentionPolicyOptions
	if !days.IsNull() {
		opts.DeleteOlderThanNDays = ptr(int(days.ValueInt64()))
	}
	return opts
}

// retentionDays are the days of the policy the server answered: null for
// a don't-delete policy.
func retentionDays(p *platformclient.DataRetentionPolicy) types.Int64 {
	if p.Kind == platformclient.DataRetentionDeleteOlder && p.DeleteOlderThanNDays != nil {
		return types.Int64Value(int64(*p.DeleteOlderThanNDays))
	}
	return types.Int64Null()
}

// retentionIDKeptWithItsKind plans the ID of an update as the state's
// while the policy keeps its kind, and as unknown when
// delete_older_than_n_days is set or unset, which makes a new policy.
type retentionIDKeptWithItsKind struct{}

func (retentionIDKeptWithItsKind) Description(context.Context) string {
	return "The ID stays while the policy keeps its kind."
}

func (m retentionIDKeptWithItsKind) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (retentionIDKeptWithItsKind) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.StateValue.IsNull() || req.Plan.Raw.IsNull() {
		return
	}
	var planned, prior types.Int64
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("delete_older_than_n_days"), &planned)...)
	resp.Diagnostics.Append(req.State.GetAttribute(ctx, path.Root("delete_older_than_n_days"), &prior)...)
	if !planned.IsUnknown() && planned.IsNull() == prior.IsNull() {
		resp.PlanValue = req.StateValue
	}
}
