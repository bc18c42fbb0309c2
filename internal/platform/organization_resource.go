package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework-validators/int64validator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/int64planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// organizationModel is an organization, for the resource and the data
// source alike.
type organizationModel struct {
	ID                                                types.String `tfsdk:"id"`
	Name                                              types.String `tfsdk:"name"`
	Email                                             types.String `tfsdk:"email"`
	ExternalID                                        types.String `tfsdk:"external_id"`
	DefaultProjectID                                  types.String `tfsdk:"default_project_id"`
	SessionTimeout                                    types.Int64  `tfsdk:"session_timeout"`
	SessionRemember                                   types.Int64  `tfsdk:"session_remember"`
	CollaboratorAuthPolicy                            types.String `tfsdk:"collaborator_auth_policy"`
	OwnersTeamSAMLRoleID                              types.String `tfsdk:"owners_team_saml_role_id"`
	CostEstimationEnabled                             types.Bool   `tfsdk:"cost_estimation_enabled"`
	SendPassingStatusesForUntriggeredSpeculativePlans types.Bool   `tfsdk:"send_passing_statuses_for_untriggered_speculative_plans"`
	AggregatedCommitStatusEnabled                     types.Bool   `tfsdk:"aggregated_commit_status_enabled"`
	SpeculativePlanManagementEnabled                  types.Bool   `tfsdk:"speculative_plan_management_enabled"`
	AssessmentsEnforced                               types.Bool   `tfsdk:"assessments_enforced"`
	AllowForceDeleteWorkspaces                        types.Bool   `tfsdk:"allow_force_delete_workspaces"`
	UserTokensEnabled                                 types.Bool   `tfsdk:"user_tokens_enabled"`
	EnforceHYOK                                       types.Bool   `tfsdk:"enforce_hyok"`
	StacksEnabled                                     types.Bool   `tfsdk:"stacks_enabled"`
	RegistryMonorepoSupportEnabled                    types.Bool   `tfsdk:"registry_monorepo_support_enabled"`
	MaxTTLEnabled                                     types.Bool   `tfsdk:"max_ttl_enabled"`
}

// organizationSetting is one of the organization's boolean settings, by
// its attribute's name, and its description.
type organizationSetting struct {
	name, description string
}

// organizationSettings are the organization's boolean settings. The
// platform defaults each; the description says to what.
var organizationSettings = []organizationSetting{
	{"cost_estimation_enabled", "Whether runs estimate the cost of the resources they plan. The platform's default is false."},
	{"send_passing_statuses_for_untriggered_speculative_plans", "Whether speculative plans that no change triggered send passing commit statuses to the code host, as on a monorepo whose workspaces a commit does not touch. The platform's default is false."},
	{"aggregated_commit_status_enabled", "Whether the code host gets one commit status for all the organization's workspaces (Aggregated Status Checks) instead of one per workspace. The platform's default is true."},
	{"speculative_plan_management_enabled", "Whether the platform cancels plan-only runs triggered by outdated commits. The platform's default is true."},
	{"assessments_enforced", "Whether health assessments (drift detection and continuous validation) run on every workspace, whatever the workspace says. The platform's default is false."},
	{"allow_force_delete_workspaces", "Whether workspace administrators may delete workspaces that still manage resources. The platform's default is false."},
	{"user_tokens_enabled", "Whether members may use their user tokens in the organization. The platform's default is true. " +
		"False shuts every user token out of the organization, the provider's own when it is one: the provider can then neither read nor change nor delete it, " +
		"so set it false with a team token of the owners team (or the organization's token) as the provider's token."},
	{"enforce_hyok", "Whether every workspace must keep its state and plans with the organization's own keys (hold your own key). The platform's default is false."},
	{"stacks_enabled", "Whether the organization may use stacks. The platform's default is false."},
	{"registry_monorepo_support_enabled", "Whether the private registry publishes modules from subdirectories of one repository. The platform's default is false."},
	{"max_ttl_enabled", "Whether the organization limits the lifetime of its tokens. The platform's default is false."},
}

// sessionDefaultText says what an organization that never set a session
// setting has: the platform applies 14 days, and answers null.
const sessionDefaultText = "Never set, the platform applies 20160 (14 days) and answers null, which the state keeps."

// int64OrNull is a number the platform answered, null when it answered
// none.
func int64OrNull(n *int) types.Int64 {
	if n == nil {
		return types.Int64Null()
	}
	return types.Int64Value(int64(*n))
}

// keptWhenLeftOut ends the description of each setting the platform
// defaults.
const keptWhenLeftOut = " Left out, the organization keeps its setting."

var authPolicies = []string{platformclient.AuthPolicyPassword, platformclient.AuthPolicyTwoFactorMandatory}

// NewOrganizationResource is the constructor of stack_platform_organization.
var NewOrganizationResource = fwutil.NewResource(&fwutil.Resource[organizationModel, *platformclient.Client]{
	TypeName: "platform_organization",
	Service:  platformclient.Service,
	Object:   "organization",
	Schema:   organizationSchema,
	Twins:    []fwutil.Twin{tfeOrganization},
	// Its identity is its name, which an update may change.
	Identity: &fwutil.Identity{Attrs: []string{"name"}, Mutable: true},
	Import: &fwutil.Import[organizationModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{
			Forms: []fwutil.IDForm{{Says: "its name", Parts: []fwutil.IDPart{{Label: "<NAME>", Match: organizationNameRe.MatchString}}}},
			Rule:  organizationNameRule,
		},
		Print: func(m *organizationModel) string { return m.Name.ValueString() },
		Read:  importOrganization,
	},
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *organizationModel) error {
		got, err := op.Client.Organizations.Create(ctx, organizationFromModel(m, creating))
		if err == nil {
			modelFromOrganization(m, got)
		}
		return err
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *organizationModel) error {
		got, err := op.Client.Organizations.Read(ctx, m.Name.ValueString(), platformclient.OrganizationReadOptions{})
		if err == nil {
			modelFromOrganization(m, got)
		}
		return err
	},
	// A new name renames the organization in place, which changes its ID.
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, prior *organizationModel) error {
		got, err := op.Client.Organizations.Update(ctx, prior.Name.ValueString(), organizationFromModel(m, updating))
		if err == nil {
			modelFromOrganization(m, got)
		}
		return err
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *organizationModel) error {
		return op.Client.Organizations.Delete(ctx, m.Name.ValueString())
	},
})

// importOrganization takes the organization's name, in any case, as the
// platform matches it; the state takes the name as the platform keeps it.
func importOrganization(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	found, err := c.Organizations.Read(ctx, id.String(), platformclient.OrganizationReadOptions{})
	if !importFound(diags, "organization", id.String(), err) {
		return
	}
	diags.Append(state.SetAttribute(ctx, path.Root("name"), found.Name)...)
}

func organizationSchema(context.Context) schema.Schema {
	keep := []planmodifier.String{stringplanmodifier.UseStateForUnknown()}
	attrs := map[string]schema.Attribute{
		"id": schema.StringAttribute{
			Computed:      true,
			Description:   "The organization's ID in the platform's API, which is its name: renaming the organization changes it.",
			PlanModifiers: []planmodifier.String{idIsName{}},
		},
		"name": schema.StringAttribute{
			Required: true,
			Description: "Name of the organization, unique in the platform in any case. " + organizationNameRule +
				" Changing it renames the organization in place; its projects and workspaces follow it.",
			Validators: organizationNameValidators(),
		},
		"email": schema.StringAttribute{
			Required:    true,
			Description: "Email address of the organization's administrators, to which the platform sends notices.",
			Validators:  emailValidators(),
		},
		"external_id": schema.StringAttribute{
			Computed:      true,
			Description:   "The organization's other ID, `org-` and 16 characters, which a rename does not change.",
			PlanModifiers: keep,
		},
		"default_project_id": schema.StringAttribute{
			Computed:      true,
			Description:   "ID of the organization's default project, which the platform makes with the organization and which holds the workspaces created without a project.",
			PlanModifiers: keep,
		},
		"session_timeout": schema.Int64Attribute{
			Optional: true, Computed: true,
			Description:   "Minutes of inactivity after which a member's session ends; a positive number. " + sessionDefaultText + keptWhenLeftOut,
			Validators:    []validator.Int64{int64validator.AtLeast(1)},
			PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
		},
		"session_remember": schema.Int64Attribute{
			Optional: true, Computed: true,
			Description:   "Minutes after which a member's session ends, however active; a positive number. " + sessionDefaultText + keptWhenLeftOut,
			Validators:    []validator.Int64{int64validator.AtLeast(1)},
			PlanModifiers: []planmodifier.Int64{int64planmodifier.UseStateForUnknown()},
		},
		"collaborator_auth_policy": schema.StringAttribute{
			Optional: true, Computed: true,
			Description:   "How members sign in: `password`, or `two_factor_mandatory`, which requires two-factor authentication of every member. The platform's default is `password`." + keptWhenLeftOut,
			Validators:    []validator.String{stringvalidator.OneOf(authPolicies...)},
			PlanModifiers: keep,
		},
		"owners_team_saml_role_id": schema.StringAttribute{
			Optional:    true,
			Description: "The SAML role whose members are made members of the owners team, when the organization uses SAML single sign-on. Not set, no role is.",
			Validators:  []validator.String{stringvalidator.LengthAtLeast(1)},
		},
	}
	for _, st := range organizationSettings {
		attrs[st.name] = schema.BoolAttribute{
			Optional: true, Computed: true,
			Description:   st.description + keptWhenLeftOut,
			PlanModifiers: []planmodifier.Bool{boolplanmodifier.UseStateForUnknown()},
		}
	}
	return schema.Schema{
		Description: "An organization of the platform: its name, its administrators' email and its settings. " +
			"Creating one needs a user token (organization and team tokens cannot), and destroying it deletes everything in it. " +
			"The default execution mode and agent pool of its workspaces are set by `stack_platform_organization_default_settings`. " +
			"The other platform resources of the same configuration must reference it, as `organization = stack_platform_organization.<label>.name`, " +
			"rather than name it or leave it to the provider's default organization: only a reference tells Terraform to create the organization before them, " +
			"and to destroy them, each with its own safe delete, before the organization, whose destroy would otherwise delete them with it. " +
			"Each setting left out takes the platform's default on create, and is left as it is afterwards. The import ID is the organization's name.",
		Attributes: attrs,
	}
}

// idIsName plans the organization's id, which is its name, so that a
// rename plans the new id rather than keeping the state's.
type idIsName struct{}

func (idIsName) Description(context.Context) string {
	return "The ID is the organization's name."
}

func (m idIsName) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (idIsName) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	var name types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("name"), &name)...)
	resp.PlanValue = name
}

// organizationFromModel is the organization m describes, for a create or
// an update (w): the settings m leaves unknown (left out on create, the
// server's defaults) are left out. The SAML role, when m has none, an
// update clears, and a create leaves out.
func organizationFromModel(m *organizationModel, w writeKind) platformclient.OrganizationOptions {
	return platformclient.OrganizationOptions{
		Name:                   stringOf(m.Name),
		Email:                  stringOf(m.Email),
		SessionTimeout:         intOf(m.SessionTimeout),
		SessionRemember:        intOf(m.SessionRemember),
		CollaboratorAuthPolicy: stringOf(m.CollaboratorAuthPolicy),
		OwnersTeamSAMLRoleID:   w.text(m.OwnersTeamSAMLRoleID),
		CostEstimationEnabled:  boolOf(m.CostEstimationEnabled),
		SendPassingStatusesForUntriggeredSpeculativePlans: boolOf(m.SendPassingStatusesForUntriggeredSpeculativePlans),
		AggregatedCommitStatusEnabled:                     boolOf(m.AggregatedCommitStatusEnabled),
		SpeculativePlanManagementEnabled:                  boolOf(m.SpeculativePlanManagementEnabled),
		AssessmentsEnforced:                               boolOf(m.AssessmentsEnforced),
		AllowForceDeleteWorkspaces:                        boolOf(m.AllowForceDeleteWorkspaces),
		UserTokensEnabled:                                 boolOf(m.UserTokensEnabled),
		EnforceHYOK:                                       boolOf(m.EnforceHYOK),
		StacksEnabled:                                     boolOf(m.StacksEnabled),
		RegistryMonorepoSupportEnabled:                    boolOf(m.RegistryMonorepoSupportEnabled),
		MaxTTLEnabled:                                     boolOf(m.MaxTTLEnabled),
	}
}

// modelFromOrganization writes the organization the server answered over
// m. A setting that the server does not answer (the ones that only some
// editions have) keeps m's value: the configured one, or null.
func modelFromOrganization(m *organizationModel, o *platformclient.Organization) {
	m.ID = types.StringValue(o.Name)
	m.Name = types.StringValue(o.Name)
	m.Email = types.StringValue(o.Email)
	m.ExternalID = types.StringValue(o.ExternalID)
	m.DefaultProjectID = types.StringNull()
	if o.DefaultProject != nil {
		m.DefaultProjectID = types.StringValue(o.DefaultProject.ID)
	}
	m.SessionTimeout, m.SessionRemember = int64OrNull(o.SessionTimeout), int64OrNull(o.SessionRemember)
	m.CollaboratorAuthPolicy = types.StringValue(o.CollaboratorAuthPolicy)
	m.OwnersTeamSAMLRoleID = types.StringNull()
	if o.OwnersTeamSAMLRoleID != "" {
		m.OwnersTeamSAMLRoleID = types.StringValue(o.OwnersTeamSAMLRoleID)
	}
	for field, v := range map[*types.Bool]*bool{
		&m.CostEstimationEnabled:                             &o.CostEstimationEnabled,
		&m.SendPassingStatusesForUntriggeredSpeculativePlans: &o.SendPassingStatusesForUntriggeredSpeculativePlans,
		&m.AggregatedCommitStatusEnabled:                     &o.AggregatedCommitStatusEnabled,
		&m.SpeculativePlanManagementEnabled:                  &o.SpeculativePlanManagementEnabled,
		&m.AssessmentsEnforced:                               &o.AssessmentsEnforced,
		&m.AllowForceDeleteWorkspaces:                        &o.AllowForceDeleteWorkspaces,
		&m.UserTokensEnabled:                                 o.UserTokensEnabled,
		&m.EnforceHYOK:                                       o.EnforceHYOK,
		&m.StacksEnabled:                                     o.StacksEnabled,
		&m.RegistryMonorepoSupportEnabled:                    o.RegistryMonorepoSupportEnabled,
		&m.MaxTTLEnabled:                                     o.MaxTTLEnabled,
	} {
		switch {
		case v != nil:
			*field = types.BoolValue(*v)
		case field.IsUnknown():
			*field = types.BoolNull()
		}
	}
}
