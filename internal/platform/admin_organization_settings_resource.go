package platform

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// adminOrganizationSettingsModel is an organization's settings in the
// admin API.
type adminOrganizationSettingsModel struct {
	Organization               types.String `tfsdk:"organization"`
	AccessBetaTools            types.Bool   `tfsdk:"access_beta_tools"`
	GlobalModuleSharing        types.Bool   `tfsdk:"global_module_sharing"`
	GlobalProviderSharing      types.Bool   `tfsdk:"global_provider_sharing"`
	IsDisabled                 types.Bool   `tfsdk:"is_disabled"`
	TerraformWorkerSudoEnabled types.Bool   `tfsdk:"terraform_worker_sudo_enabled"`
	PlanTimeout                types.String `tfsdk:"plan_timeout"`
	ApplyTimeout               types.String `tfsdk:"apply_timeout"`
	WorkspaceLimit             types.Int64  `tfsdk:"workspace_limit"`
	ModuleConsumers            types.Set    `tfsdk:"module_consumers"`
	SSOEnabled                 types.Bool   `tfsdk:"sso_enabled"`
	NotificationEmail          types.String `tfsdk:"notification_email"`
}

// The defaults of an organization's run timeouts.
const (
	defaultOrganizationPlanTimeout  = "2h"
	defaultOrganizationApplyTimeout = "24h"
)

// adminOrganizationSettingsWhat names the settings in the edition's
// refusal.
const adminOrganizationSettingsWhat = "the admin API's organization settings"

// NewAdminOrganizationSettingsResource is the constructor of
// stack_platform_admin_organization_settings. The settings always exist:
// a create sets them, as an update does, and a destroy gives them their
// defaults back; the organization stays.
var NewAdminOrganizationSettingsResource = fwutil.NewResource(&fwutil.Resource[adminOrganizationSettingsModel, *platformclient.Client]{
	TypeName: "platform_admin_organization_settings",
	Service:  platformclient.Service,
	Object:   "organization's admin settings",
	Schema:   adminOrganizationSettingsSchema,
	Plan: &fwutil.Plan[adminOrganizationSettingsModel, *platformclient.Client]{
		ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
		Validate:         validateAdminOrganizationSettings,
		Offered:          selfHostedOnly(adminOrganizationSettingsWhat),
	},
	Import: &fwutil.Import[adminOrganizationSettingsModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{
			Forms: []fwutil.IDForm{{
				Says:  "the organization's name",
				Parts: []fwutil.IDPart{{Label: "<ORGANIZATION>", Attr: "organization", Match: organizationNameRe.MatchString}},
			}},
			Rule: organizationNameRule,
		},
		Print: func(m *adminOrganizationSettingsModel) string { return m.Organization.ValueString() },
		Read: func(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, _ *tfsdk.State, diags *diag.Diagnostics) {
			_, err := c.AdminOrganizationSettings.Read(ctx, id.String())
			importFoundAs(diags, "organization's admin settings", "organization", id.String(), err)
		},
	},
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *adminOrganizationSettingsModel) error {
		return writeAdminOrganizationSettings(ctx, op, m, nil)
	},
	Update: writeAdminOrganizationSettings,
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *adminOrganizationSettingsModel) error {
		got, err := op.Client.AdminOrganizationSettings.Read(ctx, m.Organization.ValueString())
		if err != nil {
			return err
		}
		// The consumers are a read of their own, made only when the
		// configuration manages them.
		var consumers []string
		if !m.ModuleConsumers.IsNull() {
			if consumers, err = op.Client.AdminOrganizationSettings.ModuleConsumers(ctx, m.Organization.ValueString()); err != nil {
				return err
			}
		}
		modelFromAdminOrganizationSettings(m, got, consumers)
		return nil
	},
	// The settings cannot be removed: they get the platform's defaults
	// back, and the module consumers, when the resource manages them, none.
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *adminOrganizationSettingsModel) error {
		reset := adminOrganizationSettingsModel{
			Organization:               m.Organization,
			AccessBetaTools:            types.BoolValue(false),
			GlobalModuleSharing:        types.BoolValue(false),
			GlobalProviderSharing:      types.BoolValue(false),
			IsDisabled:                 types.BoolValue(false),
			TerraformWorkerSudoEnabled: types.BoolValue(false),
			PlanTimeout:                types.StringValue(defaultOrganizationPlanTimeout),
			ApplyTimeout:               types.StringValue(defaultOrganizationApplyTimeout),
			WorkspaceLimit:             types.Int64Null(),
			ModuleConsumers:            types.SetNull(types.StringType),
		}
		if !m.ModuleConsumers.IsNull() {
			reset.ModuleConsumers = types.SetValueMust(types.StringType, []attr.Value{})
		}
		return writeAdminOrganizationSettings(ctx, op, &reset, m)
	},
})

func adminOrganizationSettingsSchema(context.Context) schema.Schema {
	flag := func(description string) schema.BoolAttribute {
		return schema.BoolAttribute{Optional: true, Computed: true, Default: booldefault.StaticBool(false), Description: description + " Default `false`."}
	}
	timeout := func(of, def string) schema.StringAttribute {
		return schema.StringAttribute{
			Optional: true, Computed: true, Default: stringdefault.StaticString(def),
			Description: "How long the " + of + " of each of the organization's runs may take, a duration greater than zero such as `30m`, `2h` or `1h30m`. Default `" + def + "`. " +
				"The platform also takes and answers it by its deprecated names, `engine-build-worker-" + of + "-timeout` and `terraform-build-worker-" + of + "-timeout`, " +
				"from which the provider reads it where a release answers only those.",
			Validators: []validator.String{fwutil.PositiveDurationValidator()},
		}
	}
	return schema.Schema{
		Description: "An organization's settings in the admin API of the platform's self-hosted edition: what only the site administrator sets of it, " +
			"such as its workspace limit and whether it shares its private modules with every organization. " +
			"The provider's token must be a site administrator's, which the provider checks when the admin API answers 404, and says so; " +
			"against the hosted edition, which GET /api/v2/ping tells apart and which has no admin API, the plan fails and says so. " +
			"An organization always has these settings, so declare them once per organization: the resource owns every one of them, " +
			"and a setting left out of the configuration is its default, which the next plan sets again if it is changed elsewhere; " +
			"creating the resource sets them, and destroying it gives them their defaults back (and, when the resource manages " +
			"`module_consumers`, removes every consumer). Destroying it never deletes the organization. The import ID is the organization's name.",
		Attributes: map[string]schema.Attribute{
			"organization":      organizationAttribute("organization's admin settings"),
			"access_beta_tools": flag("Whether the organization's members may use the platform's beta tools."),
			"global_module_sharing": flag("Whether every organization of the site may use the organization's private modules; " +
				"`module_consumers` must then be left out or empty."),
			"global_provider_sharing":       flag("Whether every organization of the site may use the organization's private providers."),
			"is_disabled":                   flag("Whether the organization is disabled."),
			"terraform_worker_sudo_enabled": flag("Whether the organization's runs may use `sudo` on the platform's workers."),
			"plan_timeout":                  timeout("plan", defaultOrganizationPlanTimeout),
			"apply_timeout":                 timeout("apply", defaultOrganizationApplyTimeout),
			"workspace_limit": schema.Int64Attribute{
				Optional: true,
				Description: "The most workspaces the organization may have; 0 sets no limit, and a limit below the workspaces it has " +
					"keeps it from creating more without touching those. Unset, the organization has no limit of its own " +
					"(the platform answers none until one is set). The platform checks the value: a refusal reaches the apply.",
			},
			"module_consumers": schema.SetAttribute{
				ElementType: types.StringType,
				Optional:    true,
				Description: "Names of the other organizations that may use the organization's private modules, " +
					"which replace those that may now; empty, none may. Not with `global_module_sharing`, which shares them with every one. " +
					"Unset, the resource leaves the consumers as they are, and a refresh does not read them; an import leaves them so too, " +
					"and the plan that follows sets those the configuration names.",
				Validators: []validator.Set{setvalidator.ValueStringsAre(organizationNameValidators()...)},
			},
			"sso_enabled": schema.BoolAttribute{
				Computed:      true,
				Description:   "Whether the organization's members sign in through single sign-on, which the site's SAML settings decide.",
				PlanModifiers: []planmodifier.Bool{boolplanmodifier.UseStateForUnknown()},
			},
			"notification_email": schema.StringAttribute{
				Computed:      true,
				Description:   "The organization's email, where the platform sends its notices; `stack_platform_organization` sets it.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
		},
	}
}

// validateAdminOrganizationSettings refuses module consumers beside global
// sharing, which shares the modules with every organization already.
func validateAdminOrganizationSettings(ctx context.Context, _ tfsdk.Config, m *adminOrganizationSettingsModel, diags *diag.Diagnostics) {
	if !m.GlobalModuleSharing.ValueBool() || m.ModuleConsumers.IsNull() || m.ModuleConsumers.IsUnknown() || len(m.ModuleConsumers.Elements()) == 0 {
		return
	}
	diags.AddAttributeError(path.Root("module_consumers"), "Module consumers with global sharing",
		fmt.Sprintf("module_consumers cannot name organizations while global_module_sharing is true, which shares the modules with every organization: "+
			"leave module_consumers out, or empty, got %s.", strings.Join(sortedStrings(ctx, m.ModuleConsumers, diags), ", ")))
}

// writeAdminOrganizationSettings gives the organization m's settings, then,
// when m manages them and they differ from prior's (nil on a create), its
// module consumers; the answers go into m. A refusal of the consumers once
// the settings are set leaves m with the settings and prior's consumers.
func writeAdminOrganizationSettings(ctx context.Context, op fwutil.Op[*platformclient.Client], m, prior *adminOrganizationSettingsModel) error {
	org := m.Organization.ValueString()
	got, err := op.Client.AdminOrganizationSettings.Update(ctx, org, adminOrganizationSettingsFromModel(m))
	if err != nil {
		return err
	}
	if m.ModuleConsumers.IsNull() {
		modelFromAdminOrganizationSettings(m, got, nil)
		return nil
	}
	consumers := sortedStrings(ctx, m.ModuleConsumers, op.Diags)
	if prior == nil || prior.ModuleConsumers.IsNull() || !slices.Equal(consumers, sortedStrings(ctx, prior.ModuleConsumers, op.Diags)) {
		if err := op.Client.AdminOrganizationSettings.SetModuleConsumers(ctx, org, nonNil(consumers)); err != nil {
			modelFromAdminOrganizationSettings(m, got, nil)
			m.ModuleConsumers = types.SetNull(types.StringType)
			if prior != nil {
				m.ModuleConsumers = prior.ModuleConsumers
			}
			return &fwutil.Partial{Done: "the organization " + org + "'s other admin settings are set", Path: path.Root("module_consumers"), Err: err}
		}
	}
	modelFromAdminOrganizationSettings(m, got, consumers)
	return nil
}

// adminOrganizationSettingsFromModel is the update that gives the
// organization every setting of m: a workspace limit left out clears the
// organization's.
func adminOrganizationSettingsFromModel(m *adminOrganizationSettingsModel) platformclient.AdminOrganizationSettingsOptions {
	opts := platformclient.AdminOrganizationSettingsOptions{
		AccessBetaTools:       boolOf(m.AccessBetaTools),
		GlobalModuleSharing:   boolOf(m.GlobalModuleSharing),
		GlobalProviderSharing: boolOf(m.GlobalProviderSharing),
		IsDisabled:            boolOf(m.IsDisabled),
		WorkerSudoEnabled:     boolOf(m.TerraformWorkerSudoEnabled),
		PlanTimeout:           stringOf(m.PlanTimeout),
		ApplyTimeout:          stringOf(m.ApplyTimeout),
		WorkspaceLimit:        platformclient.Null[int](),
	}
	if limit := intOf(m.WorkspaceLimit); limit != nil {
		opts.WorkspaceLimit = platformclient.Value(*limit)
	}
	return opts
}

// modelFromAdminOrganizationSettings writes the settings the server
// answered over m, which keeps its spelling of the organization's name and
// of the timeouts where the answer means the same; consumers are the
// module consumers, for a model that manages them.
func modelFromAdminOrganizationSettings(m *adminOrganizationSettingsModel, a *platformclient.AdminOrganizationSettings, consumers []string) {
	if !strings.EqualFold(m.Organization.ValueString(), a.Name) || m.Organization.IsNull() || m.Organization.IsUnknown() {
		m.Organization = types.StringValue(a.Name)
	}
	m.AccessBetaTools = types.BoolValue(a.AccessBetaTools)
	m.GlobalModuleSharing = types.BoolValue(a.GlobalModuleSharing)
	m.GlobalProviderSharing = types.BoolValue(a.GlobalProviderSharing)
	m.IsDisabled = types.BoolValue(a.IsDisabled)
	m.TerraformWorkerSudoEnabled = types.BoolValue(a.WorkerSudoEnabled)
	m.PlanTimeout = fwutil.DurationFromAPI(m.PlanTimeout, a.PlanTimeout)
	m.ApplyTimeout = fwutil.DurationFromAPI(m.ApplyTimeout, a.ApplyTimeout)
	m.WorkspaceLimit = types.Int64Null()
	if a.WorkspaceLimit != nil {
		m.WorkspaceLimit = types.Int64Value(int64(*a.WorkspaceLimit))
	}
	if !m.ModuleConsumers.IsNull() {
		slices.Sort(consumers)
		m.ModuleConsumers = fwutil.StringSetValue(nonNil(consumers))
	}
	m.SSOEnabled = types.BoolValue(a.SSOEnabled)
	m.NotificationEmail = types.StringValue(a.NotificationEmail)
}
