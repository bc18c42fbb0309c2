package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The data retention policy's convention and round trips, which
// conventions_test.go runs: the organizations' and workspaces' resource,
// and the site's, show one object.
func init() {
	declareObject("data retention policy", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.DataRetentionPolicy{},
			shownBy: attributeNames(dataRetentionPolicySchema(ctx).Attributes, adminDataRetentionPolicySchema(ctx).Attributes),
		}
	})
	declareRoundTrip("data retention policy", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		want := dataRetentionPolicyModel{
			Organization: types.StringValue("acme"), WorkspaceID: types.StringValue("ws-4pW7hPwDJ1fY3gSC"), DeleteOlderThanNDays: types.Int64Value(30),
		}
		opts := dataRetentionPolicyFromModel(&want)
		a := throughJSONAPI[platformclient.DataRetentionPolicy](t, &opts)
		a.Kind = platformclient.DataRetentionDeleteOlder
		// The target is the call's path, not its body.
		got := dataRetentionPolicyModel{Organization: want.Organization, WorkspaceID: want.WorkspaceID}
		modelFromDataRetentionPolicy(&got, a)
		sameConfigurable(t, "data retention policy", dataRetentionPolicySchema(ctx), &want, &got)
	})
	declareRoundTrip("site's data retention policy", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		want := adminDataRetentionPolicyModel{DeleteOlderThanNDays: types.Int64Value(365)}
		opts := adminDataRetentionPolicyFromModel(&want)
		a := throughJSONAPI[platformclient.DataRetentionPolicy](t, &opts)
		a.Kind = platformclient.DataRetentionDeleteOlder
		var got adminDataRetentionPolicyModel
		modelFromAdminDataRetentionPolicy(&got, a)
		sameConfigurable(t, "site's data retention policy", adminDataRetentionPolicySchema(ctx), &want, &got)
	})
}

// A don't-delete policy, the other kind, has no days: they map to null,
// and null maps to a don't-delete policy.
func TestDataRetentionPolicy_dontDeleteHasNoDays(t *testing.T) {
	if opts := retentionFromDays(types.Int64Null()); opts.DeleteOlderThanNDays != nil {
		t.Errorf("null days made %+v, want a don't-delete policy", opts)
	}
	days := 7
	got := retentionDays(&platformclient.DataRetentionPolicy{Kind: platformclient.DataRetentionDontDelete, DeleteOlderThanNDays: &days})
	if !got.IsNull() {
		t.Errorf("a don't-delete policy's days are %s, want null", got)
	}
}
