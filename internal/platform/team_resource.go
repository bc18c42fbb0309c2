package platform

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/attr"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// teamModel is a team, for the resource and the data sources alike.
type teamModel struct {
	ID                         types.String `tfsdk:"id"`
	Organization               types.String `tfsdk:"organization"`
	Name                       types.String `tfsdk:"name"`
	Visibility                 types.String `tfsdk:"visibility"`
	SSOTeamID                  types.String `tfsdk:"sso_team_id"`
	AllowMemberTokenManagement types.Bool   `tfsdk:"allow_member_token_management"`
	// OrganizationAccess is an organizationAccessModel; an object value,
	// as the plan may not know it yet.
	OrganizationAccess types.Object `tfsdk:"organization_access"`
}

// organizationAccessFlag describes one flag of a team's organization access:
// its attribute, its API name, what it lets the team do, and the flags it
// brings with it on the platform.
type organizationAccessFlag struct {
	attribute, apiName, lets string
	implies                  []string
}

// organizationAccessFlags are the flags of organization access, in the
// API's order. A flag that another brings is answered true while that
// other is true.
var organizationAccessFlags = []organizationAccessFlag{
	{"manage_policies", "manage-policies", "manage the organization's policies and policy sets", nil},
	{"manage_policy_overrides", "manage-policy-overrides", "override soft-mandatory policy checks", nil},
	{"delegate_policy_overrides", "delegate-policy-overrides", "give other teams the right to override policy checks", nil},
	{"manage_workspaces", "manage-workspaces", "create and administer every workspace", []string{"read_workspaces"}},
	{"manage_vcs_settings", "manage-vcs-settings", "manage the organization's VCS providers and SSH keys", nil},
	{"manage_providers", "manage-providers", "publish and delete providers of the private registry", nil},
	{"manage_modules", "manage-modules", "publish and delete modules of the private registry", nil},
	{"manage_run_tasks", "manage-run-tasks", "manage the organization's run tasks", nil},
	{"manage_projects", "manage-projects", "create and administer every project", []string{"manage_workspaces", "read_projects"}},
	{"read_workspaces", "read-workspaces", "read every workspace", nil},
	{"read_projects", "read-projects", "read every project", []string{"read_workspaces"}},
	{"manage_membership", "manage-membership", "invite users and add them to teams, and remove them", nil},
	{"manage_teams", "manage-teams", "create, change and delete teams, and manage their tokens", nil},
	{"manage_organization_access", "manage-organization-access", "change the organization access of teams", nil},
	{"access_secret_teams", "access-secret-teams", "see the organization's secret teams", nil},
	{"manage_agent_pools", "manage-agent-pools", "manage the organization's agent pools", nil},
}

// organizationAccessTypes are the attribute types of organization_access.
var organizationAccessTypes = func() map[string]attr.Type {
	t := make(map[string]attr.Type, len(organizationAccessFlags))
	for _, f := range organizationAccessFlags {
		t[f.attribute] = types.BoolType
	}
	return t
}()

// impliedBy lists, for each flag, the flags that bring it, directly or
// through another.
var impliedBy = func() map[string][]string {
	implies := map[string][]string{}
	for _, f := range organizationAccessFlags {
		implies[f.attribute] = f.implies
	}
	by := map[string][]string{}
	var walk func(root, flag string)
	walk = func(root, flag string) {
		for _, i := range implies[flag] {
			if !slices.Contains(by[i], root) {
				by[i] = append(by[i], root)
			}
			walk(root, i)
		}
	}
	for _, f := range organizationAccessFlags {
		walk(f.attribute, f.attribute)
	}
	return by
}()

// teamNameRule states only what the platform is known to enforce: its
// documents give no character rule, and real organizations have teams named
// like `Platform Admins`, so any other refusal is the platform's to make.
const teamNameRule = "A team's name is not blank, and unique in its organization in any case; it may hold spaces, such as `Platform Admins`."

func teamNameValidators() []validator.String { return notBlankValidators() }

// NewTeamResource is the constructor of stack_platform_team.
var NewTeamResource = fwutil.NewResource(&fwutil.Resource[teamModel, *platformclient.Client]{
	TypeName: "platform_team",
	Service:  platformclient.Service,
	Object:   "team",
	Schema:   teamSchema,
	Twins:    []fwutil.Twin{tfeTeam},
	Plan: &fwutil.Plan[teamModel, *platformclient.Client]{
		ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
		Validate:         validateTeam,
	},
	// Its identity is its organization and name; a rename changes it.
	Identity: &fwutil.Identity{Attrs: []string{"organization", "name"}, Mutable: true},
	Import: &fwutil.Import[teamModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{{
			Says:  "<ORGANIZATION>/<TEAM ID> or <ORGANIZATION>/<TEAM NAME>",
			Parts: []fwutil.IDPart{{Label: "<ORGANIZATION>", Match: organizationNameRe.MatchString}, {Label: "<TEAM ID or NAME>"}},
		}}},
		Print: func(m *teamModel) string { return m.Organization.ValueString() + "/" + m.ID.ValueString() },
		Read:  importTeam,
	},
	Conflict: &fwutil.Conflict[teamModel, *platformclient.Client]{
		// The search (q) matches a part of the name in any case.
		Lookup: func(ctx context.Context, c *platformclient.Client, m *teamModel) error {
			return lookupByName(ctx, m.Name.ValueString(), &m.ID,
				func(ctx context.Context, name string) (*platformclient.TeamList, error) {
					return c.Teams.List(ctx, m.Organization.ValueString(), platformclient.TeamListOptions{Query: name})
				},
				func(o *platformclient.Team) (string, string) { return o.Name, o.ID })
		},
	},
	Create: createTeam,
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *teamModel) error {
		got, err := op.Client.Teams.Read(ctx, m.ID.ValueString())
		if err == nil {
			modelFromTeam(m, got, op.Diags)
		}
		return err
	},
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *teamModel) error {
		got, err := op.Client.Teams.Update(ctx, m.ID.ValueString(), teamFromModel(m))
		if err == nil {
			modelFromTeam(m, got, op.Diags)
		}
		return err
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *teamModel) error {
		return op.Client.Teams.Delete(ctx, m.ID.ValueString())
	},
})

func teamSchema(context.Context) schema.Schema {
	flags := make(map[string]schema.Attribute, len(organizationAccessFlags))
	for _, f := range organizationAccessFlags {
		flags[f.attribute] = schema.BoolAttribute{
			Optional: true, Computed: true,
			Description: f.description() + " Left out, false unless a flag that brings it is true.",
		}
	}
	return schema.Schema{
		Description: "A team of an organization of the platform, with what it may do across the organization. " +
			"Deleting a team deletes its tokens and its access to projects. The import ID is `<ORGANIZATION>/<TEAM ID>` or `<ORGANIZATION>/<TEAM NAME>` (the name in any case), " +
			"such as `acme/team-6p5RiCe5CRjBmsGt` or `acme/platform-admins`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The team's ID, `team-` and 16 characters.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"organization": organizationAttribute("team"),
			"name": schema.StringAttribute{
				Required:    true,
				Description: "Name of the team. " + teamNameRule + " Changing it renames the team in place.",
				Validators:  teamNameValidators(),
			},
			"visibility": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "Who sees the team: `secret` (its members and those who manage teams) or `organization` (every member of the organization). " +
					"Left out, the team keeps the visibility it has; a new team is `secret`.",
				Validators:    []validator.String{stringvalidator.OneOf(platformclient.TeamVisibilitySecret, platformclient.TeamVisibilityOrganization)},
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown(), newValue(platformclient.TeamVisibilitySecret)},
			},
			"sso_team_id": schema.StringAttribute{
				Optional:    true,
				Description: "ID of the team in the organization's single sign-on identity provider. Not set, the team has none.",
				Validators:  []validator.String{stringvalidator.LengthAtLeast(1)},
			},
			"allow_member_token_management": schema.BoolAttribute{
				Optional: true, Computed: true,
				Default:     booldefault.StaticBool(true),
				Description: "Whether the team's members may manage the team's tokens. Default `true`.",
			},
			"organization_access": schema.SingleNestedAttribute{
				Optional: true, Computed: true,
				Description: "What the team may do across the organization. Left out, the team keeps the access it has; a new team has none. " +
					"Within it, a flag left out is false unless a flag that brings it is true, so that the flags the platform implies never show as changes.",
				Attributes:    flags,
				PlanModifiers: []planmodifier.Object{organizationAccessPlan{}},
			},
		},
	}
}

// description says what the flag lets the team do, and which flags bring
// it, for the resource and the data sources alike.
func (f organizationAccessFlag) description() string {
	desc := "Whether the team may " + f.lets + "."
	if by := impliedBy[f.attribute]; len(by) > 0 {
		desc += " True whenever " + strings.Join(quoted(by), " or ") + " is: it cannot be false then."
	}
	return desc
}

// importTeam takes <ORGANIZATION>/<TEAM ID> or <ORGANIZATION>/<TEAM NAME>:
// a name is looked up in any case, as the platform keeps team names
// unique in any case.
func importTeam(ctx context.Context, c *platformclient.Client, parsed fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	id, org, team := parsed.String(), parsed.Parts[0], parsed.Parts[1]
	var found *platformclient.Team
	if platformclient.IsID(platformclient.PrefixTeam, team) {
		var err error
		if found, err = c.Teams.Read(ctx, team); !importFound(diags, "team", id, err) {
			return
		}
	} else {
		var err error
		switch found, err = c.Teams.ReadByName(ctx, org, team); {
		case client.IsNotFound(err):
			importNotFound(diags, "team", "team", id, fmt.Sprintf("The organization %q has no team named %q, in any case, that the token may see.", org, team))
			return
		case !importFound(diags, "team", id, err):
			return
		}
	}
	if found.Organization != nil && !strings.EqualFold(found.Organization.Name, org) {
		diags.AddError("Cannot import the team", fmt.Sprintf("The team %s is a team of the organization %q, not of %q: import it as %s/%s.",
			found.ID, found.Organization.Name, org, found.Organization.Name, found.ID))
		return
	}
	diags.Append(state.SetAttribute(ctx, path.Root("id"), found.ID)...)
	diags.Append(state.SetAttribute(ctx, path.Root("organization"), org)...)
}

// createTeam creates the team. A name already taken is looked up by
// the Conflict, so that the error gives the ID to import.
func createTeam(ctx context.Context, op fwutil.Op[*platformclient.Client], m *teamModel) error {
	opts := teamFromModel(m)
	org := m.Organization.ValueString()
	got, err := op.Client.Teams.Create(ctx, org, opts)
	if err != nil {
		return err
	}
	modelFromTeam(m, got, op.Diags)
	return nil
}

// teamFromModel is the whole team m describes. Organization access not
// known yet (left out on create) is not sent; neither is a visibility.
func teamFromModel(m *teamModel) platformclient.TeamOptions {
	opts := platformclient.TeamOptions{
		Name:                       ptr(m.Name.ValueString()),
		SSOTeamID:                  ptr(m.SSOTeamID.ValueString()),
		Visibility:                 stringOf(m.Visibility),
		AllowMemberTokenManagement: boolOf(m.AllowMemberTokenManagement),
	}
	if m.OrganizationAccess.IsNull() || m.OrganizationAccess.IsUnknown() {
		return opts
	}
	flags := m.OrganizationAccess.Attributes()
	access := &platformclient.OrganizationAccessOptions{}
	set := organizationAccessOptionFields(access)
	for _, f := range organizationAccessFlags {
		if b, ok := flags[f.attribute].(types.Bool); ok && !b.IsNull() && !b.IsUnknown() {
			*set[f.attribute] = ptr(b.ValueBool())
		}
	}
	opts.OrganizationAccess = access
	return opts
}

// organizationAccessOptionFields maps each flag's attribute to its field
// in opts.
func organizationAccessOptionFields(o *platformclient.OrganizationAccessOptions) map[string]**bool {
	return map[string]**bool{
		"manage_policies": &o.ManagePolicies, "manage_policy_overrides": &o.ManagePolicyOverrides,
		"delegate_policy_overrides": &o.DelegatePolicyOverrides, "manage_workspaces": &o.ManageWorkspaces,
		"manage_vcs_settings": &o.ManageVCSSettings, "manage_providers": &o.ManageProviders,
		"manage_modules": &o.ManageModules, "manage_run_tasks": &o.ManageRunTasks,
		"manage_projects": &o.ManageProjects, "read_workspaces": &o.ReadWorkspaces,
		"read_projects": &o.ReadProjects, "manage_membership": &o.ManageMembership,
		"manage_teams": &o.ManageTeams, "manage_organization_access": &o.ManageOrganizationAccess,
		"access_secret_teams": &o.AccessSecretTeams, "manage_agent_pools": &o.ManageAgentPools,
	}
}

// organizationAccessValues are the flags of a team's answer, by attribute.
func organizationAccessValues(a *platformclient.OrganizationAccess) map[string]bool {
	if a == nil {
		a = &platformclient.OrganizationAccess{}
	}
	return map[string]bool{
		"manage_policies": a.ManagePolicies, "manage_policy_overrides": a.ManagePolicyOverrides,
		"delegate_policy_overrides": a.DelegatePolicyOverrides, "manage_workspaces": a.ManageWorkspaces,
		"manage_vcs_settings": a.ManageVCSSettings, "manage_providers": a.ManageProviders,
		"manage_modules": a.ManageModules, "manage_run_tasks": a.ManageRunTasks,
		"manage_projects": a.ManageProjects, "read_workspaces": a.ReadWorkspaces,
		"read_projects": a.ReadProjects, "manage_membership": a.ManageMembership,
		"manage_teams": a.ManageTeams, "manage_organization_access": a.ManageOrganizationAccess,
		"access_secret_teams": a.AccessSecretTeams, "manage_agent_pools": a.ManageAgentPools,
	}
}

// modelFromTeam writes the team the server answered over m.
func modelFromTeam(m *teamModel, t *platformclient.Team, diags *diag.Diagnostics) {
	m.ID = types.StringValue(t.ID)
	m.Organization = sameOrganization(m.Organization, t.Organization)
	m.Name = types.StringValue(t.Name)
	m.Visibility = types.StringValue(t.Visibility)
	m.SSOTeamID = fwutil.StringFromAPI(types.StringNull(), t.SSOTeamID)
	m.AllowMemberTokenManagement = types.BoolValue(t.AllowMemberTokenManagement)
	values := organizationAccessValues(t.OrganizationAccess)
	flags := make(map[string]attr.Value, len(values))
	for k, v := range values {
		flags[k] = types.BoolValue(v)
	}
	var d diag.Diagnostics
	m.OrganizationAccess, d = types.ObjectValue(organizationAccessTypes, flags)
	diags.Append(d...)
}

// validateTeam refuses a flag set false while a flag that brings it is
// true, which the platform refuses.
func validateTeam(_ context.Context, _ tfsdk.Config, m *teamModel, diags *diag.Diagnostics) {
	if m.OrganizationAccess.IsNull() || m.OrganizationAccess.IsUnknown() {
		return
	}
	flags := m.OrganizationAccess.Attributes()
	for _, f := range organizationAccessFlags {
		b, _ := flags[f.attribute].(types.Bool)
		if b.IsNull() || b.IsUnknown() || b.ValueBool() {
			continue
		}
		for _, by := range impliedBy[f.attribute] {
			if o, _ := flags[by].(types.Bool); !o.IsNull() && !o.IsUnknown() && o.ValueBool() {
				diags.AddAttributeError(path.Root("organization_access").AtName(f.attribute), "Invalid organization access",
					fmt.Sprintf("organization_access.%s cannot be false while organization_access.%s is true, which brings it: leave it out, or set it true.", f.attribute, by))
				break
			}
		}
	}
}

// organizationAccessPlan is the plan modifier of organization_access: it
// plans every flag the apply will hold, on create as on update. Left out,
// the access is the one the team has, and a new team's has every flag
// false. Within a configured access, each flag left out is true when a
// flag that brings it is true, else false: so taking a flag out of the
// configuration turns it off, and the flags the platform implies match
// what it answers.
type organizationAccessPlan struct{}

func (organizationAccessPlan) Description(context.Context) string {
	return "plans every flag of the organization access: those a flag set true brings, true, the others false"
}

func (m organizationAccessPlan) MarkdownDescription(ctx context.Context) string {
	return m.Description(ctx)
}

func (organizationAccessPlan) PlanModifyObject(_ context.Context, req planmodifier.ObjectRequest, resp *planmodifier.ObjectResponse) {
	config := req.ConfigValue
	switch {
	case config.IsUnknown():
		return
	case config.IsNull() && !req.StateValue.IsNull():
		resp.PlanValue = req.StateValue
		return
	}
	flags := map[string]attr.Value{}
	if !config.IsNull() {
		flags = config.Attributes()
	}
	for _, v := range flags {
		if v.IsUnknown() {
			return
		}
	}
	planned := make(map[string]attr.Value, len(organizationAccessFlags))
	for _, f := range organizationAccessFlags {
		if b, _ := flags[f.attribute].(types.Bool); !b.IsNull() {
			planned[f.attribute] = b
			continue
		}
		on := false
		for _, by := range impliedBy[f.attribute] {
			if o, _ := flags[by].(types.Bool); o.ValueBool() {
				on = true
			}
		}
		planned[f.attribute] = types.BoolValue(on)
	}
	obj, d := types.ObjectValue(organizationAccessTypes, planned)
	resp.Diagnostics.Append(d...)
	resp.PlanValue = obj
}

// newValue plans, for an attribute of a create that the configuration
// leaves out, the value the platform gives a new object.
type newValue string

func (v newValue) Description(context.Context) string {
	return "plans " + string(v) + ", the platform's default, for a new object"
}

func (v newValue) MarkdownDescription(ctx context.Context) string { return v.Description(ctx) }

func (v newValue) PlanModifyString(_ context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.State.Raw.IsNull() && req.ConfigValue.IsNull() && resp.PlanValue.IsUnknown() {
		resp.PlanValue = types.StringValue(string(v))
	}
}
