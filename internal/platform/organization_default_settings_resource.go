package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

type organizationDefaultSettingsModel struct {
	Organization         types.String `tfsdk:"organization"`
	DefaultExecutionMode types.String `tfsdk:"default_execution_mode"`
	DefaultAgentPoolID   types.String `tfsdk:"default_agent_pool_id"`
}

var executionModes = []string{platformclient.ExecutionModeRemote, platformclient.ExecutionModeLocal, platformclient.ExecutionModeAgent}

// NewOrganizationDefaultSettingsResource is the constructor of
// stack_platform_organization_default_settings.
var NewOrganizationDefaultSettingsResource = fwutil.NewResource(&fwutil.Resource[organizationDefaultSettingsModel, *platformclient.Client]{
	TypeName: "platform_organization_default_settings",
	Service:  platformclient.Service,
	Object:   "organization's default settings",
	Twins:    []fwutil.Twin{tfeOrganizationDefaultSettings},
	Schema:   organizationDefaultSettingsSchema,
	Plan: &fwutil.Plan[organizationDefaultSettingsModel, *platformclient.Client]{
		ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
		Validate:         validateOrganizationDefaultSettings,
	},
	Import: &fwutil.Import[organizationDefaultSettingsModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{
			Forms: []fwutil.IDForm{{
				Says:  "the organization's name",
				Parts: []fwutil.IDPart{{Label: "<ORGANIZATION>", Attr: "organization", Match: organizationNameRe.MatchString}},
			}},
			Rule: organizationNameRule,
		},
		Print: func(m *organizationDefaultSettingsModel) string { return m.Organization.ValueString() },
		Read: func(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, _ *tfsdk.State, diags *diag.Diagnostics) {
			_, err := c.Organizations.Read(ctx, id.String(), platformclient.OrganizationReadOptions{})
			importFoundAs(diags, "organization's default settings", "organization", id.String(), err)
		},
	},
	// The settings always exist: a create sets them, as an update does.
	Create: writeOrganizationDefaultSettings,
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *organizationDefaultSettingsModel) error {
		return writeOrganizationDefaultSettings(ctx, op, m)
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *organizationDefaultSettingsModel) error {
		got, err := op.Client.Organizations.Read(ctx, m.Organization.ValueString(), platformclient.OrganizationReadOptions{})
		if err == nil {
			modelFromOrganizationDefaultSettings(m, got)
		}
		return err
	},
	// The settings cannot be removed: they get the platform's defaults
	// back, remote execution without an agent pool.
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *organizationDefaultSettingsModel) error {
		reset := organizationDefaultSettingsModel{
			Organization:         m.Organization,
			DefaultExecutionMode: types.StringValue(platformclient.ExecutionModeRemote),
			DefaultAgentPoolID:   types.StringNull(),
		}
		return writeOrganizationDefaultSettings(ctx, op, &reset)
	},
})

func organizationDefaultSettingsSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "The default execution settings of an organization of the platform: where the runs of its workspaces execute, " +
			"unless a project or a workspace sets its own. An organization always has them, so declare them once per organization: " +
			"creating the resource sets them, and destroying it gives them their defaults back (remote execution, no agent pool). " +
			"The import ID is the organization's name.",
		Attributes: map[string]schema.Attribute{
			"organization": organizationAttribute("default settings"),
			"default_execution_mode": schema.StringAttribute{
				Required: true,
				Description: "Where runs execute by default: `remote` (on the platform's workers), `local` (on the machine that runs Terraform, the platform only keeping the state) " +
					"or `agent` (on the agents of `default_agent_pool_id`).",
				Validators: []validator.String{stringvalidator.OneOf(executionModes...)},
			},
			"default_agent_pool_id": schema.StringAttribute{
				Optional: true,
				Description: "ID of the agent pool that runs execute on by default, `apool-` and 16 characters. " +
					"Required when `default_execution_mode` is `agent`, and not allowed otherwise.",
				Validators: []validator.String{idValidator(platformclient.PrefixAgentPool, "an agent pool")},
			},
		},
	}
}

// validateOrganizationDefaultSettings checks the rule that ties the pool
// to the mode, which the platform enforces too.
func validateOrganizationDefaultSettings(_ context.Context, _ tfsdk.Config, m *organizationDefaultSettingsModel, diags *diag.Diagnostics) {
	if m.DefaultExecutionMode.IsUnknown() || m.DefaultAgentPoolID.IsUnknown() {
		return
	}
	agent := m.DefaultExecutionMode.ValueString() == platformclient.ExecutionModeAgent
	switch pool := !m.DefaultAgentPoolID.IsNull(); {
	case agent && !pool:
		diags.AddAttributeError(path.Root("default_agent_pool_id"), "Missing agent pool",
			`default_agent_pool_id is required when default_execution_mode is "agent".`)
	case !agent && pool && !m.DefaultExecutionMode.IsNull():
		diags.AddAttributeError(path.Root("default_agent_pool_id"), "Agent pool without agent execution",
			fmt.Sprintf(`default_agent_pool_id can only be set when default_execution_mode is "agent", not %q.`, m.DefaultExecutionMode.ValueString()))
	}
}

// writeOrganizationDefaultSettings gives the organization m's mode and
// pool, clearing the pool for modes without one, and records the answer.
func writeOrganizationDefaultSettings(ctx context.Context, op fwutil.Op[*platformclient.Client], m *organizationDefaultSettingsModel) error {
	got, err := op.Client.Organizations.Update(ctx, m.Organization.ValueString(), organizationDefaultSettingsFromModel(m))
	if err == nil {
		modelFromOrganizationDefaultSettings(m, got)
	}
	return err
}

// organizationDefaultSettingsFromModel is the update of the organization
// that gives it m's mode and pool: no pool clears the organization's.
func organizationDefaultSettingsFromModel(m *organizationDefaultSettingsModel) platformclient.OrganizationOptions {
	return platformclient.OrganizationOptions{
		DefaultExecutionMode: ptr(m.DefaultExecutionMode.ValueString()),
		DefaultAgentPoolID:   updating.nullable(m.DefaultAgentPoolID),
	}
}

// modelFromOrganizationDefaultSettings writes the settings of the
// organization the server answered over m, which keeps its spelling of
// the organization's name when the answer differs only in case.
func modelFromOrganizationDefaultSettings(m *organizationDefaultSettingsModel, o *platformclient.Organization) {
	m.Organization = sameOrganization(m.Organization, o)
	m.DefaultExecutionMode = types.StringValue(o.DefaultExecutionMode)
	m.DefaultAgentPoolID = types.StringNull()
	if o.DefaultAgentPool != nil && o.DefaultAgentPool.ID != "" {
		m.DefaultAgentPoolID = types.StringValue(o.DefaultAgentPool.ID)
	}
}
