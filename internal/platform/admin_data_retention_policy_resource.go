package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// adminDataRetentionPolicyModel is the site's data retention policy.
type adminDataRetentionPolicyModel struct {
	ID                   types.String `tfsdk:"id"`
	DeleteOlderThanNDays types.Int64  `tfsdk:"delete_older_than_n_days"`
}

// siteImportID is the import ID of the site's policy, the one there is.
const siteImportID = "site"

// NewAdminDataRetentionPolicyResource is the constructor of
// stack_platform_admin_data_retention_policy: the site's policy, the
// admin API's, apart from the organizations' and workspaces' because it is
// in no organization and only a site administrator's token sets it.
var NewAdminDataRetentionPolicyResource = fwutil.NewResource(&fwutil.Resource[adminDataRetentionPolicyModel, *platformclient.Client]{
	TypeName: "platform_admin_data_retention_policy",
	Service:  platformclient.Service,
	Object:   "site's data retention policy",
	Schema:   adminDataRetentionPolicySchema,
	// Its identity is the policy's ID, which a change of kind renews: the
	// site has one policy at a time.
	Identity: &fwutil.Identity{Attrs: []string{"id"}, Mutable: true},
	Import: &fwutil.Import[adminDataRetentionPolicyModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{
			{
				Says:  "`" + siteImportID + "`: the site has one policy",
				Parts: []fwutil.IDPart{{Label: siteImportID, Match: func(s string) bool { return s == siteImportID }}},
			},
			{
				Says: "the policy's ID, drp- and 16 characters of the base58 alphabet",
				Parts: []fwutil.IDPart{{Label: "<POLICY ID>", Attr: "id", Match: func(s string) bool {
					return platformclient.IsID(platformclient.PrefixDataRetentionPolicy, s)
				}}},
			},
		}},
		Print: func(*adminDataRetentionPolicyModel) string { return siteImportID },
		// The site's ID names no attribute: the policy's own ID is its
		// answer's. A policy's ID must be the site's policy's.
		Read: func(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
			got, err := c.DataRetentionPolicies.Read(ctx, platformclient.SiteRetention)
			if err == nil && id.Form == 1 && got.ID != id.Parts[0] {
				importNotFound(diags, "site's data retention policy", "site's data retention policy", id.String(), "The site's policy is "+got.ID+".")
				return
			}
			if importFound(diags, "site's data retention policy", id.String(), err) {
				diags.Append(state.SetAttribute(ctx, path.Root("id"), got.ID)...)
			}
		},
	},
	Conflict: &fwutil.Conflict[adminDataRetentionPolicyModel, *platformclient.Client]{
		// A set replaces the policy in place: a create must not take over
		// one set elsewhere.
		Find: func(ctx context.Context, c *platformclient.Client, _ *adminDataRetentionPolicyModel) error {
			_, err := c.DataRetentionPolicies.Read(ctx, platformclient.SiteRetention)
			return err
		},
	},
	Plan:   &fwutil.Plan[adminDataRetentionPolicyModel, *platformclient.Client]{Offered: selfHostedOnly(dataRetentionWhat)},
	Create: setAdminDataRetentionPolicy,
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *adminDataRetentionPolicyModel) error {
		got, err := op.Client.DataRetentionPolicies.Read(ctx, platformclient.SiteRetention)
		if err == nil {
			modelFromAdminDataRetentionPolicy(m, got)
		}
		return err
	},
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *adminDataRetentionPolicyModel) error {
		return setAdminDataRetentionPolicy(ctx, op, m)
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], _ *adminDataRetentionPolicyModel) error {
		return op.Client.DataRetentionPolicies.Delete(ctx, platformclient.SiteRetention)
	},
})

func adminDataRetentionPolicySchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "How long the platform keeps the data of the runs (their plans, applies, logs and state versions) of every organization and workspace " +
			"that has no policy of its own (`stack_platform_data_retention_policy`): deleted once older than `delete_older_than_n_days`, " +
			"or, with it unset, kept (the platform's don't-delete policy). The site has at most one policy. It is the admin API's: " +
			"the provider's token must be a site administrator's, which the provider checks when the platform answers 404, and says so; " +
			"and it is the platform's self-hosted edition's alone: against the hosted edition, which GET /api/v2/ping tells apart, the plan fails and says so. " +
			"The resource replaces the policy in place, its kind too (a change of kind gives the policy a new `id`); " +
			"it refuses to take over a policy that is already set, and prints the command that imports it. " +
			"Destroying the resource deletes the policy: then the platform keeps the data of what has no policy of its own. " +
			"The import ID is `" + siteImportID + "`.",
		Attributes: map[string]schema.Attribute{
			"id":                       retentionIDAttribute(),
			"delete_older_than_n_days": retentionDaysAttribute("which is also what the platform does without a policy"),
		},
	}
}

// setAdminDataRetentionPolicy gives the site m's policy, and records the
// answer.
func setAdminDataRetentionPolicy(ctx context.Context, op fwutil.Op[*platformclient.Client], m *adminDataRetentionPolicyModel) error {
	got, err := op.Client.DataRetentionPolicies.Set(ctx, platformclient.SiteRetention, adminDataRetentionPolicyFromModel(m))
	if err == nil {
		modelFromAdminDataRetentionPolicy(m, got)
	}
	return err
}

// adminDataRetentionPolicyFromModel is the policy m describes.
func adminDataRetentionPolicyFromModel(m *adminDataRetentionPolicyModel) platformclient.DataRetentionPolicyOptions {
	return retentionFromDays(m.DeleteOlderThanNDays)
}

// modelFromAdminDataRetentionPolicy writes the policy the server answered
// over m.
func modelFromAdminDataRetentionPolicy(m *adminDataRetentionPolicyModel, p *platformclient.DataRetentionPolicy) {
	m.ID = types.StringValue(p.ID)
	m.DeleteOlderThanNDays = retentionDays(p)
}
