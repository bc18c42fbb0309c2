package platform

import (
	"context"
	"fmt"
	"slices"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringdefault"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// policyModel is a policy and its text, for the resource and the data
// source alike.
type policyModel struct {
	ID               types.String `tfsdk:"id"`
	Organization     types.String `tfsdk:"organization"`
	Name             types.String `tfsdk:"name"`
	Description      types.String `tfsdk:"description"`
	Kind             types.String `tfsdk:"kind"`
	Query            types.String `tfsdk:"query"`
	EnforcementLevel types.String `tfsdk:"enforcement_level"`
	Policy           types.String `tfsdk:"policy"`
	PolicySetCount   types.Int64  `tfsdk:"policy_set_count"`
}

// policyNameRule states the rule of a policy's names.
const policyNameRule = "A policy's name has letters, digits, `-` and `_` only, and is unique in its organization in any case."

// NewPolicyResource is the constructor of stack_platform_policy.
var NewPolicyResource = fwutil.NewResource(&fwutil.Resource[policyModel, *platformclient.Client]{
	TypeName: "platform_policy",
	Service:  platformclient.Service,
	Object:   "policy",
	Schema:   policySchema,
	Plan: &fwutil.Plan[policyModel, *platformclient.Client]{
		ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
		Validate:         validatePolicy,
	},
	// Its identity is its organization and name, unique in the
	// organization in any case and set once.
	Identity: &fwutil.Identity{Attrs: []string{"organization", "name"}},
	Import: &fwutil.Import[policyModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{
			{
				Says:  "its ID, pol- and 16 characters of the base58 alphabet",
				Parts: []fwutil.IDPart{{Label: "<POLICY ID>", Attr: "id", Match: isPolicyID}},
			},
			{Parts: []fwutil.IDPart{
				{Label: "<ORGANIZATION>", Attr: "organization", Match: organizationNameRe.MatchString},
				{Label: "<POLICY ID>", Attr: "id", Match: isPolicyID},
			}},
			{Parts: []fwutil.IDPart{
				{Label: "<ORGANIZATION>", Attr: "organization", Match: organizationNameRe.MatchString},
				{Label: "<POLICY NAME>", Match: policyNameRe.MatchString},
			}},
		}},
		Print: func(m *policyModel) string { return m.Organization.ValueString() + "/" + m.ID.ValueString() },
		Read:  importPolicy,
	},
	Conflict: &fwutil.Conflict[policyModel, *platformclient.Client]{
		Lookup: func(ctx context.Context, c *platformclient.Client, m *policyModel) error {
			return lookupByName(ctx, m.Name.ValueString(), &m.ID,
				func(ctx context.Context, name string) (*platformclient.PolicyList, error) {
					return c.Policies.List(ctx, m.Organization.ValueString(), platformclient.PolicyListOptions{Search: name})
				},
				func(p *platformclient.Policy) (string, string) { return p.Name, p.ID })
		},
	},
	// The policy, then its text: a text refused leaves the policy made,
	// without it.
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *policyModel) error {
		text := m.Policy
		got, err := op.Client.Policies.Create(ctx, m.Organization.ValueString(), policyFromModel(m, creating))
		if err != nil {
			return err
		}
		modelFromPolicy(m, got)
		if err := op.Client.Policies.Upload(ctx, got.ID, []byte(text.ValueString())); err != nil {
			m.Policy = types.StringNull()
			return &fwutil.Partial{Done: "the policy is created, without its text", Path: path.Root("policy"), Err: err}
		}
		return nil
	},
	// The policy, then its text, whose download a refresh needs to see a
	// change made outside Terraform: two requests.
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *policyModel) error {
		got, err := op.Client.Policies.Read(ctx, m.ID.ValueString())
		if err != nil {
			return err
		}
		modelFromPolicy(m, got)
		m.Policy, err = policyText(ctx, op.Client, got.ID)
		return err
	},
	// The policy's attributes, then its text when it changed.
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, prior *policyModel) error {
		text := m.Policy
		got, err := op.Client.Policies.Update(ctx, m.ID.ValueString(), policyFromModel(m, updating))
		if err != nil {
			return err
		}
		modelFromPolicy(m, got)
		if text.Equal(prior.Policy) {
			return nil
		}
		if err := op.Client.Policies.Upload(ctx, m.ID.ValueString(), []byte(text.ValueString())); err != nil {
			m.Policy = prior.Policy
			return &fwutil.Partial{Done: "description, query and enforcement_level are applied", Path: path.Root("policy"), Err: err}
		}
		return nil
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *policyModel) error {
		return op.Client.Policies.Delete(ctx, m.ID.ValueString())
	},
})

func isPolicyID(s string) bool { return platformclient.IsID(platformclient.PrefixPolicy, s) }

func policySchema(context.Context) schema.Schema {
	levels := func(kind string) string {
		return strings.Join(quoted(platformclient.EnforcementLevels[kind]), ", ")
	}
	return schema.Schema{
		Description: "A Sentinel or OPA policy of an organization of the platform, with its text, which policy sets (`stack_platform_policy_set`'s `policy_ids`) " +
			"enforce on the runs of the workspaces they apply to. The platform takes the policy and its text in two requests: a text it refuses leaves " +
			"the policy made without it, and the next apply sends it again. A refresh reads the policy and its text, so that a change of either made " +
			"outside Terraform shows in the next plan. " +
			"The import ID is the policy's ID, such as `pol-6p5RiCe5CRjBmsGt`, `<ORGANIZATION>/<POLICY ID>`, or `<ORGANIZATION>/<POLICY NAME>` (the name in any case), such as `acme/no-public-buckets`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The policy's ID, `pol-` and 16 characters.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"organization": organizationAttribute("policy"),
			"name": schema.StringAttribute{
				Required:      true,
				Description:   "Name of the policy. " + policyNameRule + " The platform sets it once: changing it replaces the policy.",
				Validators:    []validator.String{stringvalidator.RegexMatches(policyNameRe, "must have letters, digits, '-' and '_' only")},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"description": schema.StringAttribute{
				Optional:    true,
				Description: "Description of the policy. Not set, it has none.",
			},
			"kind": schema.StringAttribute{
				Optional: true, Computed: true,
				Default: stringdefault.StaticString(platformclient.KindSentinel),
				Description: "The policy's language and the engine that evaluates it: `sentinel` (the default) or `opa`. " +
					"A policy set holds policies of its own kind only. The platform sets it once: changing it replaces the policy.",
				Validators:    []validator.String{stringvalidator.OneOf(platformclient.KindSentinel, platformclient.KindOPA)},
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"query": schema.StringAttribute{
				Optional: true,
				Description: "The OPA query whose result decides the policy, such as `data.terraform.deny`: required for an `opa` policy, " +
					"and not taken by a `sentinel` one. Changing it changes the policy in place.",
				Validators: notBlankValidators(),
			},
			"enforcement_level": schema.StringAttribute{
				Required: true,
				Description: "What a failure of the policy does to a run, which the platform requires with no default: for a `sentinel` policy " +
					levels(platformclient.KindSentinel) + "; for an `opa` policy " + levels(platformclient.KindOPA) + ". " +
					"Changing it changes the policy in place.",
				Validators: []validator.String{stringvalidator.OneOf(allEnforcementLevels()...)},
			},
			"policy": schema.StringAttribute{
				Required: true,
				Description: "The policy's text, in its kind's language, which the platform keeps exactly as given (an empty text too) and evaluates in runs. " +
					"Changing it uploads the new text in place; a text changed outside Terraform shows in the next plan.",
			},
			"policy_set_count": schema.Int64Attribute{
				Computed:    true,
				Description: "The number of policy sets that hold the policy, which their own resources change.",
			},
		},
	}
}

// allEnforcementLevels are the levels of every kind, each once.
func allEnforcementLevels() []string {
	var out []string
	for _, kind := range []string{platformclient.KindSentinel, platformclient.KindOPA} {
		for _, level := range platformclient.EnforcementLevels[kind] {
			if !slices.Contains(out, level) {
				out = append(out, level)
			}
		}
	}
	return out
}

// validatePolicy checks what ties a policy's attributes to its kind: its
// enforcement level, and its query, which an OPA policy requires and a
// Sentinel one does not take.
func validatePolicy(_ context.Context, _ tfsdk.Config, m *policyModel, diags *diag.Diagnostics) {
	if m.Kind.IsUnknown() {
		return
	}
	kind := m.Kind.ValueString()
	if m.Kind.IsNull() {
		kind = platformclient.KindSentinel
	}
	levels := platformclient.EnforcementLevels[kind]
	if level := m.EnforcementLevel; !level.IsNull() && !level.IsUnknown() && !slices.Contains(levels, level.ValueString()) {
		diags.AddAttributeError(path.Root("enforcement_level"), "Invalid enforcement level", fmt.Sprintf(
			"The enforcement_level of %s policy is one of %s, got %q.", map[string]string{platformclient.KindSentinel: "a sentinel", platformclient.KindOPA: "an opa"}[kind],
			strings.Join(quoted(levels), ", "), level.ValueString()))
	}
	switch {
	case kind == platformclient.KindOPA && m.Query.IsNull():
		diags.AddAttributeError(path.Root("query"), "Missing query", "An opa policy requires query, the OPA query whose result decides it.")
	case kind == platformclient.KindSentinel && !m.Query.IsNull():
		diags.AddAttributeError(path.Root("query"), "Query of a Sentinel policy", "A sentinel policy takes no query: only an opa policy has one.")
	}
}

// importPolicy reads the policy that the ID names, by its ID or by its
// organization and name in any case; <ORGANIZATION>/<POLICY ID> must name
// its own organization.
func importPolicy(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	if id.Form == 2 {
		importByName(ctx, id, "policy", state, diags, c.Policies.ReadByName, func(o *platformclient.Policy) string { return o.ID })
		return
	}
	got, err := c.Policies.Read(ctx, id.Parts[len(id.Parts)-1])
	if !importFound(diags, "policy", id.String(), err) {
		return
	}
	if org := id.Parts[0]; len(id.Parts) == 2 && got.Organization != nil && !strings.EqualFold(got.Organization.Name, org) {
		diags.AddError("Cannot import the policy", fmt.Sprintf("The policy %s is a policy of the organization %q, not of %q.",
			got.ID, got.Organization.Name, org))
	}
}

// policyText is a policy's text, null when the policy has none yet (its
// download is a 404 until a text is uploaded).
func policyText(ctx context.Context, c *platformclient.Client, id string) (types.String, error) {
	text, err := c.Policies.Download(ctx, id)
	switch {
	case client.IsNotFound(err):
		return types.StringNull(), nil
	case err != nil:
		return types.StringNull(), err
	}
	return types.StringValue(string(text)), nil
}

// policyFromModel is the policy m describes, for a create or an update:
// its text goes apart (Upload).
func policyFromModel(m *policyModel, w writeKind) platformclient.PolicyOptions {
	return platformclient.PolicyOptions{
		Name:             ptr(m.Name.ValueString()),
		Description:      w.text(m.Description),
		Kind:             stringOf(m.Kind),
		Query:            stringOf(m.Query),
		EnforcementLevel: ptr(m.EnforcementLevel.ValueString()),
	}
}

// modelFromPolicy writes the policy the server answered over m; its text
// is read apart (policyText).
func modelFromPolicy(m *policyModel, p *platformclient.Policy) {
	m.ID = types.StringValue(p.ID)
	m.Organization = sameOrganization(m.Organization, p.Organization)
	m.Name = types.StringValue(p.Name)
	m.Description = fwutil.StringFromAPI(m.Description, p.Description)
	m.Kind = types.StringValue(p.Kind)
	m.Query = types.StringNull()
	if p.Query != nil {
		m.Query = types.StringValue(*p.Query)
	}
	m.EnforcementLevel = types.StringValue(p.EnforcementLevel)
	m.PolicySetCount = types.Int64Value(int64(p.PolicySetCount))
}
