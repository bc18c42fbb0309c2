package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// adminSettingsModel is the site's general settings.
type adminSettingsModel struct {
	ID                                                types.String `tfsdk:"id"`
	PlanTimeout                                       types.String `tfsdk:"plan_timeout"`
	ApplyTimeout                                      types.String `tfsdk:"apply_timeout"`
	DefaultRemoteStateAccess                          types.Bool   `tfsdk:"default_remote_state_access"`
	LimitUserOrganizationCreation                     types.Bool   `tfsdk:"limit_user_organization_creation"`
	APIRateLimitingEnabled                            types.Bool   `tfsdk:"api_rate_limiting_enabled"`
	APIRateLimit                                      types.Int64  `tfsdk:"api_rate_limit"`
	SendPassingStatusesForUntriggeredSpeculativePlans types.Bool   `tfsdk:"send_passing_statuses_for_untriggered_speculative_plans"`
	AllowSpeculativePlansOnPullRequestsFromForks      types.Bool   `tfsdk:"allow_speculative_plans_on_pull_requests_from_forks"`
}

// NewAdminSettingsResource is the constructor of
// stack_platform_admin_settings: the site's general settings, which
// always exist. A create sets those the configuration gives, and a destroy
// only stops managing them.
var NewAdminSettingsResource = fwutil.NewResource(&fwutil.Resource[adminSettingsModel, *platformclient.Client]{
	TypeName: "platform_admin_settings",
	Service:  platformclient.Service,
	Object:   "site's general settings",
	Schema:   adminSettingsSchema,
	Plan:     &fwutil.Plan[adminSettingsModel, *platformclient.Client]{Offered: selfHostedOnly("the admin API's general settings")},
	Import: &fwutil.Import[adminSettingsModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{{
			Says:  "`" + platformclient.AdminSettingsID + "`: the site has one set of general settings",
			Parts: []fwutil.IDPart{{Label: platformclient.AdminSettingsID, Attr: "id", Match: func(s string) bool { return s == platformclient.AdminSettingsID }}},
		}}},
		Print: func(*adminSettingsModel) string { return platformclient.AdminSettingsID },
		Read: func(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, _ *tfsdk.State, diags *diag.Diagnostics) {
			_, err := c.AdminSettings.Read(ctx)
			importFound(diags, "site's general settings", id.String(), err)
		},
	},
	Create: writeAdminSettings,
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *adminSettingsModel) error {
		return writeAdminSettings(ctx, op, m)
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *adminSettingsModel) error {
		got, err := op.Client.AdminSettings.Read(ctx)
		if err == nil {
			modelFromAdminSettings(m, got)
		}
		return err
	},
	// The site's settings cannot be removed, and they have no documented
	// defaults to give back: a destroy leaves them as they are.
	Delete: func(context.Context, fwutil.Op[*platformclient.Client], *adminSettingsModel) error { return nil },
})

func adminSettingsSchema(context.Context) schema.Schema {
	kept := " Left out, the site's setting stays as it is, and a refresh shows it."
	flag := func(description string) schema.BoolAttribute {
		return schema.BoolAttribute{
			Optional: true, Computed: true, Description: description + kept,
			PlanModifiers: []planmodifier.Bool{boolplanmodifier.UseStateForUnknown()},
		}
	}
	timeout := func(of string) schema.StringAttribute {
		return schema.StringAttribute{
			Optional: true, Computed: true,
			Description: "How long the " + of + " of each of the site's runs may take, a duration greater than zero such as `30m`, `2h` or `1h30m`, " +
				"where an organization sets none of its own (`stack_platform_admin_organization_settings`). " +
				"The platform also takes and answers it by its deprecated names, `engine-build-worker-" + of + "-timeout` and `terraform-build-worker-" + of + "-timeout`, " +
				"from which the provider reads it where a release answers only those." + kept,
			Validators:    []validator.String{fwutil.PositiveDurationValidator()},
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		}
	}
	return schema.Schema{
		Description: "The general settings of a site of the platform's self-hosted edition, in its admin API: the site's run timeouts, " +
			"its API's rate limit, whether a new workspace shares its state with the organization's others, and who may create organizations. " +
			"The provider's token must be a site administrator's, which the provider checks when the admin API answers 404, and says so; " +
			"against the hosted edition, which GET /api/v2/ping tells apart and which has no admin API, the plan fails and says so. " +
			"The site has one set of general settings, which always exists, so declare them once: the resource manages the settings the configuration gives, " +
			"and leaves the others as they are. Destroying the resource changes nothing on the platform: the settings stay as the last apply left them. " +
			"The import ID is `" + platformclient.AdminSettingsID + "`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Default:       stringdefault.StaticString(platformclient.AdminSettingsID),
				Description:   "The settings' ID, always `" + platformclient.AdminSettingsID + "`.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"plan_timeout":                     timeout("plan"),
			"apply_timeout":                    timeout("apply"),
			"default_remote_state_access":      flag("Whether a new workspace shares its state with every workspace of its organization, as its `global_remote_state`."),
			"limit_user_organization_creation": flag("Whether only site administrators may create organizations."),
			"api_rate_limiting_enabled":        flag("Whether the API limits the requests of each user, to `api_rate_limit` a second."),
			"api_rate_limit": schema.Int64Attribute{
				Optional: true, Computed: true,
				Description:   "How many requests a second the API takes of each user, while `api_rate_limiting_enabled`; the platform checks the value, and a refusal reaches the apply." + kept,
				PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
			},
			"send_passing_statuses_for_untriggered_speculative_plans": flag("Whether the platform sends the code host passing statuses " +
				"of the speculative plans that a workspace's trigger settings did not start."),
			"allow_speculative_plans_on_pull_requests_from_forks": flag("Whether pull requests from forks of a workspace's repository start speculative plans."),
		},
	}
}

// writeAdminSettings gives the site the settings of m that are known (a
// create's that the configuration leaves out are not), and records the
// answer.
func writeAdminSettings(ctx context.Context, op fwutil.Op[*platformclient.Client], m *adminSettingsModel) error {
	got, err := op.Client.AdminSettings.Update(ctx, adminSettingsFromModel(m))
	if err == nil {
		modelFromAdminSettings(m, got)
	}
	return err
}

// adminSettingsFromModel is the update of the settings m knows.
func adminSettingsFromModel(m *adminSettingsModel) platformclient.AdminSettingsOptions {
	return platformclient.AdminSettingsOptions{
		PlanTimeout:                   stringOf(m.PlanTimeout),
		ApplyTimeout:                  stringOf(m.ApplyTimeout),
		DefaultRemoteStateAccess:      boolOf(m.DefaultRemoteStateAccess),
		LimitUserOrganizationCreation: boolOf(m.LimitUserOrganizationCreation),
		APIRateLimitingEnabled:        boolOf(m.APIRateLimitingEnabled),
		APIRateLimit:                  intOf(m.APIRateLimit),
		SendPassingStatusesForUntriggeredSpeculativePlans: boolOf(m.SendPassingStatusesForUntriggeredSpeculativePlans),
		AllowSpeculativePlansOnPullRequestsFromForks:      boolOf(m.AllowSpeculativePlansOnPullRequestsFromForks),
	}
}

// modelFromAdminSettings writes the settings the server answered over m,
// which keeps its spelling of the timeouts where the answer means the
// same.
func modelFromAdminSettings(m *adminSettingsModel, a *platformclient.AdminSettings) {
	m.ID = types.StringValue(platformclient.AdminSettingsID)
	m.PlanTimeout = fwutil.DurationFromAPI(m.PlanTimeout, a.PlanTimeout)
	m.ApplyTimeout = fwutil.DurationFromAPI(m.ApplyTimeout, a.ApplyTimeout)
	m.DefaultRemoteStateAccess = types.BoolValue(a.DefaultRemoteStateAccess)
	m.LimitUserOrganizationCreation = types.BoolValue(a.LimitUserOrganizationCreation)
	m.APIRateLimitingEnabled = types.BoolValue(a.APIRateLimitingEnabled)
	m.APIRateLimit = types.Int64Value(int64(a.APIRateLimit))
	m.SendPassingStatusesForUntriggeredSpeculativePlans = types.BoolValue(a.SendPassingStatusesForUntriggeredSpeculativePlans)
	m.AllowSpeculativePlansOnPullRequestsFromForks = types.BoolValue(a.AllowSpeculativePlansOnPullRequestsFromForks)
}
