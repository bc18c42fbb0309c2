package platform

import (
	"context"
	"fmt"
	"regexp"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/setvalidator"
	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/booldefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// policySetModel is a policy set, for the resource and the data source
// alike.
type policySetModel struct {
	ID                   types.String        `tfsdk:"id"`
	Organization         types.String        `tfsdk:"organization"`
	Name                 types.String        `tfsdk:"name"`
	Description          types.String        `tfsdk:"description"`
	Kind                 types.String        `tfsdk:"kind"`
	Global               types.Bool          `tfsdk:"global"`
	Overridable          types.Bool          `tfsdk:"overridable"`
	AgentEnabled         types.Bool          `tfsdk:"agent_enabled"`
	PolicyToolVersion    types.String        `tfsdk:"policy_tool_version"`
	PoliciesPath         types.String        `tfsdk:"policies_path"`
	PolicyUpdatePatterns types.List          `tfsdk:"policy_update_patterns"`
	VCSRepo              *policySetRepoModel `tfsdk:"vcs_repo"`
	PolicyIDs            types.Set           `tfsdk:"policy_ids"`
	PolicyCount          types.Int64         `tfsdk:"policy_count"`
	WorkspaceCount       types.Int64         `tfsdk:"workspace_count"`
	ProjectCount         types.Int64         `tfsdk:"project_count"`
}

// policySetRepoModel is the repository a policy set takes its policies
// from.
type policySetRepoModel struct {
	Identifier                types.String `tfsdk:"identifier"`
	Branch                    types.String `tfsdk:"branch"`
	IngressSubmodules         types.Bool   `tfsdk:"ingress_submodules"`
	OAuthTokenID              types.String `tfsdk:"oauth_token_id"`
	CodehostAppInstallationID types.String `tfsdk:"codehost_app_installation_id"`
}

// inAgent reports whether the set the model describes evaluates in the
// agent, where it is known: an OPA set always, a Sentinel set with
// agent_enabled.
func (m *policySetModel) inAgent() (in, known bool) {
	if m.Kind.IsUnknown() || m.AgentEnabled.IsUnknown() {
		return false, false
	}
	return m.Kind.ValueString() == platformclient.KindOPA || m.AgentEnabled.ValueBool(), true
}

// policySetNameRule states the rule of a policy set's names.
const policySetNameRule = "A policy set's name has letters, digits, `-` and `_` only, and is unique in its organization in any case."

// policySetRepoRe is a repository's identifier: its owner and name.
var policySetRepoRe = regexp.MustCompile(`^\S+/\S+$`)

// NewPolicySetResource is the constructor of stack_platform_policy_set.
var NewPolicySetResource = fwutil.NewResource(&fwutil.Resource[policySetModel, *platformclient.Client]{
	TypeName: "platform_policy_set",
	Service:  platformclient.Service,
	Object:   "policy set",
	Schema:   policySetSchema,
	Plan: &fwutil.Plan[policySetModel, *platformclient.Client]{
		ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
		Validate:         validatePolicySet,
	},
	// Its identity is its organization and name, unique in the
	// organization; a rename changes it.
	Identity: &fwutil.Identity{Attrs: []string{"organization", "name"}, Mutable: true},
	Import: &fwutil.Import[policySetModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{
			{
				Says:  "its ID, polset- and 16 characters of the base58 alphabet",
				Parts: []fwutil.IDPart{{Label: "<POLICY SET ID>", Attr: "id", Match: isPolicySetID}},
			},
			{Parts: []fwutil.IDPart{{Label: "<ORGANIZATION>", Match: organizationNameRe.MatchString}, {Label: "<POLICY SET NAME>", Match: policyNameRe.MatchString}}},
		}},
		Print: func(m *policySetModel) string { return m.ID.ValueString() },
		Read:  importPolicySet,
	},
	Conflict: &fwutil.Conflict[policySetModel, *platformclient.Client]{
		Lookup: func(ctx context.Context, c *platformclient.Client, m *policySetModel) error {
			return lookupByName(ctx, m.Name.ValueString(), &m.ID,
				func(ctx context.Context, name string) (*platformclient.PolicySetList, error) {
					return c.PolicySets.List(ctx, m.Organization.ValueString(), platformclient.PolicySetListOptions{Search: name})
				},
				func(ps *platformclient.PolicySet) (string, string) { return ps.Name, ps.ID })
		},
	},
	// One request: the set and its policies.
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *policySetModel) error {
		opts := policySetFromModel(ctx, m, creating, op.Diags)
		for _, id := range sortedStrings(ctx, m.PolicyIDs, op.Diags) {
			opts.Policies = append(opts.Policies, &platformclient.Policy{ID: id})
		}
		got, err := op.Client.PolicySets.Create(ctx, m.Organization.ValueString(), opts)
		if err == nil {
			modelFromPolicySet(m, got)
		}
		return err
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *policySetModel) error {
		got, err := op.Client.PolicySets.Read(ctx, m.ID.ValueString())
		if err == nil {
			modelFromPolicySet(m, got)
		}
		return err
	},
	Update: updatePolicySet,
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *policySetModel) error {
		return op.Client.PolicySets.Delete(ctx, m.ID.ValueString())
	},
})

func policySetSchema(context.Context) schema.Schema {
	repoAttr := func(description string) schema.StringAttribute {
		return schema.StringAttribute{Optional: true, Description: description}
	}
	return schema.Schema{
		Description: "A policy set of an organization of the platform: the policies that runs are checked against, in the workspaces it applies to. " +
			"Its policies are its own (`policy_ids`), or a repository's (`vcs_repo`); what it applies to are attachments, each its own resource, " +
			"which this resource leaves as they are: `stack_platform_workspace_policy_set`, `stack_platform_project_policy_set`, and the exclusions " +
			"`stack_platform_workspace_policy_set_exclusion` and `stack_platform_project_policy_set_exclusion`; a `global` set applies to every " +
			"workspace of its organization but the excluded ones. Its parameters are `stack_platform_policy_set_parameter`. " +
			"The import ID is the set's ID, such as `polset-6p5RiCe5CRjBmsGt`, or `<ORGANIZATION>/<POLICY SET NAME>`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The set's ID, `polset-` and 16 characters.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"organization": organizationAttribute("policy set"),
			"name": schema.StringAttribute{
				Required:    true,
				Description: "Name of the set. " + policySetNameRule + " Changing it renames the set in place.",
				Validators:  []validator.String{stringvalidator.RegexMatches(policyNameRe, "must have letters, digits, '-' and '_' only")},
			},
			"description": schema.StringAttribute{
				Optional:    true,
				Description: "Description of the set. Not set, it has none.",
			},
			"kind": schema.StringAttribute{
				Optional: true, Computed: true,
				Default: stringdefault.StaticString(platformclient.KindSentinel),
				Description: "The engine of the set's policies: `sentinel` (the default) or `opa`; the set holds policies of its kind only. " +
					"The platform sets it once: changing it replaces the set.",
				Validators:    []validator.String{stringvalidator.OneOf(platformclient.KindSentinel, platformclient.KindOPA)},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"global": schema.BoolAttribute{
				Optional: true, Computed: true, Default: booldefault.StaticBool(false),
				Description: "Whether the set applies to every workspace of its organization, but those it excludes; default `false`. " +
					"A global set takes no workspace attachment: the platform refuses to make a set with attached workspaces global, and to attach one to a global set.",
			},
			"overridable": schema.BoolAttribute{
				Optional: true, Computed: true, Default: booldefault.StaticBool(false),
				Description: "Whether someone may override the set's failed policies in a run; default `false`. It requires a set that evaluates " +
					"in the agent: an `opa` set, or a `sentinel` set with `agent_enabled = true`.",
			},
			"agent_enabled": schema.BoolAttribute{
				Optional: true, Computed: true,
				Description: "Whether the set's policies are evaluated in the agent that runs the plan, which an `opa` set always is (`true`, " +
					"its only value) and a `sentinel` set is only when `true`. Not set, `true` for an `opa` set and `false` for a `sentinel` set.",
				PlanModifiers: []planmodifier.Bool{agentByKind{}},
			},
			"policy_tool_version": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "The version of the engine that evaluates the set in the agent: `latest`, or one of the site's versions of its engine " +
					"(`stack_platform_admin_sentinel_version`, `stack_platform_admin_opa_version`), which the platform checks. It requires a set that " +
					"evaluates in the agent, and is null for one that does not. Not set, the platform's choice, kept until the set leaves the agent.",
				Validators:    notBlankValidators(),
				PlanModifiers: []planmodifier.String{toolVersionInAgent{}},
			},
			"policies_path": schema.StringAttribute{
				Optional:    true,
				Description: "The directory of `vcs_repo` that holds the set's policies, such as `policies/base`; the rest of the repository is ignored. It requires `vcs_repo`.",
				Validators:  notBlankValidators(),
			},
			"policy_update_patterns": schema.ListAttribute{
				Optional: true, ElementType: types.StringType,
				Description: "Glob patterns of the repository's files whose changes update the set, such as `policies/**`. Not set, or empty, none.",
			},
			"vcs_repo": schema.SingleNestedAttribute{
				Optional: true,
				Description: "The repository that the set's policies come from, instead of `policy_ids`. Not set, the set has none; removing it " +
					"detaches the set from its repository in place.",
				Attributes: map[string]schema.Attribute{
					"identifier": schema.StringAttribute{
						Required:    true,
						Description: "The repository, as the code host names it: `<owner>/<repository>`.",
						Validators:  []validator.String{stringvalidator.RegexMatches(policySetRepoRe, "must be the repository's owner and name, such as acme/policies")},
					},
					"branch": repoAttr("The branch the policies are taken from. Not set, the repository's default branch."),
					"ingress_submodules": schema.BoolAttribute{
						Optional: true, Computed: true, Default: booldefault.StaticBool(false),
						Description: "Whether the repository's submodules are fetched with it. Default `false`.",
					},
					"oauth_token_id": schema.StringAttribute{
						Optional:    true,
						Description: "ID of the OAuth token through which the platform reaches the code host, `ot-` and 16 characters. Exactly one of it and `codehost_app_installation_id` is set.",
						Validators: []validator.String{stringvalidator.ExactlyOneOf(
							path.MatchRoot("vcs_repo").AtName("oauth_token_id"),
							path.MatchRoot("vcs_repo").AtName("codehost_app_installation_id"))},
					},
					"codehost_app_installation_id": repoAttr("ID of the code-host app installation through which the platform reaches the code host. " +
						"Exactly one of it and `oauth_token_id` is set."),
				},
			},
			"policy_ids": schema.SetAttribute{
				Optional: true, ElementType: types.StringType,
				Description: "IDs of the set's policies, `pol-` and 16 characters, of its organization and kind. The set owns its whole list: " +
					"a policy added outside Terraform shows in the next plan, which removes it. Not set, or empty, the set has none. " +
					"It cannot be set with `vcs_repo`, whose set takes its policies from the repository.",
				Validators: []validator.Set{
					setvalidator.ValueStringsAre(idValidator(platformclient.PrefixPolicy, "a policy")),
					setvalidator.ConflictsWith(path.MatchRoot("vcs_repo")),
				},
			},
			"policy_count": schema.Int64Attribute{
				Computed:      true,
				Description:   "The number of the set's policies.",
				PlanModifiers: []planmodifier.Int64{policyCountOf{}},
			},
			"workspace_count": schema.Int64Attribute{
				Computed:      true,
				Description:   "The number of workspaces attached to the set, which their attachments change.",
				PlanModifiers: []planmodifier.Int64{noneWhenNew{}},
			},
			"project_count": schema.Int64Attribute{
				Computed:      true,
				Description:   "The number of projects attached to the set, which their attachments change.",
				PlanModifiers: []planmodifier.Int64{noneWhenNew{}},
			},
		},
	}
}

// validatePolicySet checks what ties a set's attributes together: what
// needs the agent, and what needs a repository.
func validatePolicySet(_ context.Context, _ tfsdk.Config, m *policySetModel, diags *diag.Diagnostics) {
	opa := m.Kind.ValueString() == platformclient.KindOPA
	if opa && !m.AgentEnabled.IsNull() && !m.AgentEnabled.IsUnknown() && !m.AgentEnabled.ValueBool() {
		diags.AddAttributeError(path.Root("agent_enabled"), "An opa set outside the agent",
			"An opa policy set is always evaluated in the agent: agent_enabled is true for it, and cannot be false.")
	}
	agent := opa || m.AgentEnabled.ValueBool()
	if !m.Kind.IsUnknown() && !m.AgentEnabled.IsUnknown() && !agent {
		if m.Overridable.ValueBool() {
			diags.AddAttributeError(path.Root("overridable"), "Overridable outside the agent",
				"overridable requires a set evaluated in the agent: an opa set, or a sentinel set with agent_enabled = true.")
		}
		if !m.PolicyToolVersion.IsNull() && !m.PolicyToolVersion.IsUnknown() {
			diags.AddAttributeError(path.Root("policy_tool_version"), "Tool version outside the agent",
				"policy_tool_version requires a set evaluated in the agent: an opa set, or a sentinel set with agent_enabled = true.")
		}
	}
	if !m.PoliciesPath.IsNull() && m.VCSRepo == nil {
		diags.AddAttributeError(path.Root("policies_path"), "Policies path without a repository",
			"policies_path is a directory of the set's repository: it requires vcs_repo.")
	}
}

// agentByKind plans agent_enabled that the configuration leaves out as
// the platform answers it: true for an OPA set, false for a Sentinel one.
type agentByKind struct{}

func (agentByKind) Description(context.Context) string {
	return "true for an opa set, false for a sentinel set, when not set"
}

func (a agentByKind) MarkdownDescription(ctx context.Context) string { return a.Description(ctx) }

func (agentByKind) PlanModifyBool(ctx context.Context, req planmodifier.BoolRequest, resp *planmodifier.BoolResponse) {
	if !req.ConfigValue.IsNull() {
		return
	}
	var kind types.String
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("kind"), &kind)...)
	if kind.IsUnknown() {
		resp.PlanValue = types.BoolUnknown()
		return
	}
	resp.PlanValue = types.BoolValue(kind.ValueString() == platformclient.KindOPA)
}

// toolVersionInAgent plans a policy_tool_version that the configuration
// leaves out: null for a set that does not evaluate in the agent, the
// state's for one that did and does, and the platform's choice, unknown,
// for one that enters the agent.
type toolVersionInAgent struct{}

func (toolVersionInAgent) Description(context.Context) string {
	return "null outside the agent; in it, the platform's choice, kept"
}

func (t toolVersionInAgent) MarkdownDescription(ctx context.Context) string {
	return t.Description(ctx)
}

func (toolVersionInAgent) PlanModifyString(ctx context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if !req.ConfigValue.IsNull() {
		return
	}
	// The plan's kind has its default; agent_enabled is the
	// configuration's, which agentByKind completes.
	inAgent := func(kindOf, agentOf func(context.Context, path.Path, any) diag.Diagnostics) (in, known bool) {
		var m policySetModel
		resp.Diagnostics.Append(kindOf(ctx, path.Root("kind"), &m.Kind)...)
		resp.Diagnostics.Append(agentOf(ctx, path.Root("agent_enabled"), &m.AgentEnabled)...)
		if m.AgentEnabled.IsNull() {
			m.AgentEnabled = types.BoolValue(m.Kind.ValueString() == platformclient.KindOPA)
		}
		return m.inAgent()
	}
	in, known := inAgent(req.Plan.GetAttribute, req.Config.GetAttribute)
	switch {
	case !known:
		resp.PlanValue = types.StringUnknown()
	case !in:
		resp.PlanValue = types.StringNull()
	case req.State.Raw.IsNull() || req.StateValue.IsNull():
		resp.PlanValue = types.StringUnknown()
	default:
		if was, _ := inAgent(req.State.GetAttribute, req.State.GetAttribute); was {
			resp.PlanValue = req.StateValue
		} else {
			resp.PlanValue = types.StringUnknown()
		}
	}
}

// policyCountOf plans policy_count as the number of the planned
// policy_ids.
type policyCountOf struct{}

func (policyCountOf) Description(context.Context) string { return "the number of policy_ids" }

func (p policyCountOf) MarkdownDescription(ctx context.Context) string { return p.Description(ctx) }

func (policyCountOf) PlanModifyInt64(ctx context.Context, req planmodifier.Int64Request, resp *planmodifier.Int64Response) {
	var ids types.Set
	resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("policy_ids"), &ids)...)
	switch {
	case ids.IsUnknown():
		resp.PlanValue = types.Int64Unknown()
	case ids.IsNull():
		var repo types.Object
		resp.Diagnostics.Append(req.Plan.GetAttribute(ctx, path.Root("vcs_repo"), &repo)...)
		if repo.IsNull() {
			resp.PlanValue = types.Int64Value(0)
		}
	default:
		resp.PlanValue = types.Int64Value(int64(len(ids.Elements())))
	}
}

// noneWhenNew plans a count of attachments as none on a create, which
// attaches nothing; an update leaves it to the platform.
type noneWhenNew struct{}

func (noneWhenNew) Description(context.Context) string { return "0 on a create" }

func (n noneWhenNew) MarkdownDescription(ctx context.Context) string { return n.Description(ctx) }

func (noneWhenNew) PlanModifyInt64(_ context.Context, req planmodifier.Int64Request, resp *planmodifier.Int64Response) {
	if req.State.Raw.IsNull() {
		resp.PlanValue = types.Int64Value(0)
	}
}

// updatePolicySet sends the set, then removes the policies the plan drops
// and adds those it adds. A set that becomes VCS-backed, which takes no
// policies, loses them first. A request that fails after an earlier one
// changed the set is a Partial, with what the set has then.
func updatePolicySet(ctx context.Context, op fwutil.Op[*platformclient.Client], m, prior *policySetModel) error {
	id := m.ID.ValueString()
	want, had := sortedStrings(ctx, m.PolicyIDs, op.Diags), sortedStrings(ctx, prior.PolicyIDs, op.Diags)
	add := slices.DeleteFunc(slices.Clone(want), func(p string) bool { return slices.Contains(had, p) })
	remove := slices.DeleteFunc(slices.Clone(had), func(p string) bool { return slices.Contains(want, p) })
	planned := m.PolicyIDs
	removed := func() error {
		if len(remove) == 0 {
			return nil
		}
		return op.Client.PolicySets.RemovePolicies(ctx, id, remove)
	}
	toVCS := prior.VCSRepo == nil && m.VCSRepo != nil
	if toVCS {
		if err := removed(); err != nil {
			return err
		}
	}
	got, err := op.Client.PolicySets.Update(ctx, id, policySetFromModel(ctx, m, updating, op.Diags))
	if err != nil {
		if !toVCS || len(remove) == 0 {
			return err
		}
		*m = *prior
		m.PolicyIDs = stringSetFromAPI(prior.PolicyIDs, slices.DeleteFunc(slices.Clone(had), func(p string) bool { return slices.Contains(remove, p) }))
		return &fwutil.Partial{Done: "the policies " + strings.Join(remove, ", ") + " are removed", Path: path.Root("vcs_repo"), Err: err}
	}
	modelFromPolicySet(m, got)
	if !toVCS {
		if err := removed(); err != nil {
			return &fwutil.Partial{Done: "every change but that of the policies is applied", Path: path.Root("policy_ids"), Err: err}
		}
	}
	if len(add) > 0 {
		if err := op.Client.PolicySets.AddPolicies(ctx, id, add); err != nil {
			m.PolicyIDs = stringSetFromAPI(prior.PolicyIDs, slices.DeleteFunc(slices.Clone(had), func(p string) bool { return slices.Contains(remove, p) }))
			return &fwutil.Partial{Done: "every change but the policies added is applied", Path: path.Root("policy_ids"), Err: err}
		}
	}
	if len(add) > 0 || len(remove) > 0 {
		m.PolicyIDs, m.PolicyCount = planned, types.Int64Value(int64(len(want)))
	}
	return nil
}

// importPolicySet reads the set that the ID names: by its ID, or by its
// name in an organization, exactly.
func importPolicySet(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	if len(id.Parts) == 1 {
		_, err := c.PolicySets.Read(ctx, id.Parts[0])
		importFound(diags, "policy set", id.String(), err)
		return
	}
	org, name := id.Parts[0], id.Parts[1]
	found, err := c.PolicySets.List(ctx, org, platformclient.PolicySetListOptions{Search: name})
	if !importFoundAs(diags, "policy set", "organization", org, err) {
		return
	}
	for _, ps := range found.Items {
		if ps.Name == name {
			diags.Append(state.SetAttribute(ctx, path.Root("id"), ps.ID)...)
			return
		}
	}
	importNotFound(diags, "policy set", "policy set", id.String(), fmt.Sprintf(
		"The organization %q has no policy set named %q that the token may see: the name is compared exactly, in its case.", org, name))
}

// policySetFromModel is the whole set m describes, for a create or an
// update, but its policies: a create adds them, an update changes them
// through the set's relationship.
func policySetFromModel(ctx context.Context, m *policySetModel, w writeKind, diags *diag.Diagnostics) platformclient.PolicySetOptions {
	opts := platformclient.PolicySetOptions{
		Name:                 ptr(m.Name.ValueString()),
		Description:          w.text(m.Description),
		Kind:                 stringOf(m.Kind),
		Global:               boolOf(m.Global),
		Overridable:          boolOf(m.Overridable),
		AgentEnabled:         boolOf(m.AgentEnabled),
		PolicyToolVersion:    stringOf(m.PolicyToolVersion),
		PoliciesPath:         w.text(m.PoliciesPath),
		PolicyUpdatePatterns: nonNil(fwutil.Strings(ctx, m.PolicyUpdatePatterns, diags)),
	}
	switch r := m.VCSRepo; {
	case r != nil:
		opts.VCSRepo = platformclient.Value(&platformclient.VCSRepoOptions{
			Identifier:                ptr(r.Identifier.ValueString()),
			Branch:                    ptr(r.Branch.ValueString()),
			IngressSubmodules:         boolOf(r.IngressSubmodules),
			OAuthTokenID:              stringOf(r.OAuthTokenID),
			CodehostAppInstallationID: stringOf(r.CodehostAppInstallationID),
		})
	case w == updating:
		opts.VCSRepo = platformclient.Null[*platformclient.VCSRepoOptions]()
	}
	if m.Kind.ValueString() == platformclient.KindSentinel && !m.AgentEnabled.ValueBool() {
		// Outside the agent the platform answers none: sending false
		// would ask for what it cannot keep.
		opts.Overridable = nil
	}
	return opts
}

// modelFromPolicySet writes the set the server answered over m.
func modelFromPolicySet(m *policySetModel, ps *platformclient.PolicySet) {
	m.ID = types.StringValue(ps.ID)
	m.Organization = sameOrganization(m.Organization, ps.Organization)
	m.Name = types.StringValue(ps.Name)
	m.Description = fwutil.StringFromAPI(m.Description, ps.Description)
	m.Kind = types.StringValue(ps.Kind)
	m.Global = types.BoolValue(ps.Global)
	m.Overridable = types.BoolValue(ps.Overridable != nil && *ps.Overridable)
	m.AgentEnabled = types.BoolValue(ps.AgentEnabled)
	m.PolicyToolVersion = types.StringNull()
	if ps.PolicyToolVersion != "" {
		m.PolicyToolVersion = types.StringValue(ps.PolicyToolVersion)
	}
	m.PoliciesPath = fwutil.StringFromAPI(m.PoliciesPath, ps.PoliciesPath)
	m.PolicyUpdatePatterns = fwutil.StringListFromAPI(m.PolicyUpdatePatterns, ps.PolicyUpdatePatterns)
	m.VCSRepo = policySetRepoFromAPI(m.VCSRepo, ps.VCSRepo)
	var ids []string
	for _, p := range ps.Policies {
		ids = append(ids, p.ID)
	}
	m.PolicyIDs = stringSetFromAPI(m.PolicyIDs, ids)
	m.PolicyCount = types.Int64Value(int64(ps.PolicyCount))
	m.WorkspaceCount = types.Int64Value(int64(ps.WorkspaceCount))
	m.ProjectCount = types.Int64Value(int64(ps.ProjectCount))
}

// stringSetFromAPI is a set of IDs as the platform answers it: none keeps
// the prior spelling of none, null or empty.
func stringSetFromAPI(prior types.Set, ids []string) types.Set {
	if len(ids) == 0 && (prior.IsNull() || prior.IsUnknown()) {
		return types.SetNull(types.StringType)
	}
	return fwutil.StringSetValue(nonNil(ids))
}

func policySetRepoFromAPI(prior *policySetRepoModel, r *platformclient.VCSRepo) *policySetRepoModel {
	if r == nil {
		return nil
	}
	if prior == nil {
		prior = &policySetRepoModel{}
	}
	return &policySetRepoModel{
		Identifier:                types.StringValue(r.Identifier),
		Branch:                    fwutil.StringFromAPI(prior.Branch, r.Branch),
		IngressSubmodules:         types.BoolValue(r.IngressSubmodules),
		OAuthTokenID:              fwutil.StringFromAPI(prior.OAuthTokenID, r.OAuthTokenID),
		CodehostAppInstallationID: fwutil.StringFromAPI(prior.CodehostAppInstallationID, r.CodehostAppInstallationID),
	}
}
