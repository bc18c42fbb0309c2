package platform

import (
	"context"
	"maps"
	"slices"

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

// policySetParameterModel is a parameter of a policy set.
type policySetParameterModel struct {
	ID             types.String `tfsdk:"id"`
	PolicySetID    types.String `tfsdk:"policy_set_id"`
	Key            types.String `tfsdk:"key"`
	Value          types.String `tfsdk:"value"`
	ValueWO        types.String `tfsdk:"value_wo"`
	ValueWOVersion types.Int64  `tfsdk:"value_wo_version"`
	Sensitive      types.Bool   `tfsdk:"sensitive"`
}

// hidden reports whether the state must not hold the parameter's value as
// the platform answers it: a sensitive value, which it answers as "", or
// one given through value_wo, which never enters the state.
func (m *policySetParameterModel) hidden(sensitive bool) bool {
	return sensitive || !m.ValueWOVersion.IsNull()
}

// NewPolicySetParameterResource is the constructor of
// stack_platform_policy_set_parameter.
var NewPolicySetParameterResource = fwutil.NewResource(&fwutil.Resource[policySetParameterModel, *platformclient.Client]{
	TypeName: "platform_policy_set_parameter",
	Service:  platformclient.Service,
	Object:   "policy set parameter",
	Twins:    []fwutil.Twin{tfePolicySetParameter},
	Schema:   policySetParameterSchema,
	Import: &fwutil.Import[policySetParameterModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{{Parts: []fwutil.IDPart{
			{Label: "<POLICY SET ID>", Attr: "policy_set_id", Match: isPolicySetID},
			{Label: "<PARAMETER ID>", Attr: "id", Match: func(s string) bool { return platformclient.IsID(platformclient.PrefixVariable, s) }},
		}}}},
		Print: func(m *policySetParameterModel) string { return m.PolicySetID.ValueString() + "/" + m.ID.ValueString() },
		Read: func(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, _ *tfsdk.State, diags *diag.Diagnostics) {
			_, err := c.PolicySetParameters.Read(ctx, id.Parts[0], id.Parts[1])
			importFound(diags, "policy set parameter", id.String(), err)
		},
	},
	// A key the set has: the parameter that has it, for the import ID.
	Conflict: &fwutil.Conflict[policySetParameterModel, *platformclient.Client]{
		Lookup: func(ctx context.Context, c *platformclient.Client, m *policySetParameterModel) error {
			found, err := c.PolicySetParameters.List(ctx, m.PolicySetID.ValueString())
			if err != nil {
				return err
			}
			i := slices.IndexFunc(found.Items, func(v *platformclient.PolicySetParameter) bool { return v.Key == m.Key.ValueString() })
			if i < 0 {
				return errNoneOfThatName
			}
			m.ID = types.StringValue(found.Items[i].ID)
			return nil
		},
	},
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *policySetParameterModel) error {
		got, err := op.Client.PolicySetParameters.Create(ctx, m.PolicySetID.ValueString(), policySetParameterFromModel(ctx, op, m))
		if err == nil {
			modelFromPolicySetParameter(m, got, true)
		}
		return err
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *policySetParameterModel) error {
		got, err := op.Client.PolicySetParameters.Read(ctx, m.PolicySetID.ValueString(), m.ID.ValueString())
		if err == nil {
			modelFromPolicySetParameter(m, got, false)
		}
		return err
	},
	Update: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m, _ *policySetParameterModel) error {
		got, err := op.Client.PolicySetParameters.Update(ctx, m.PolicySetID.ValueString(), m.ID.ValueString(), policySetParameterFromModel(ctx, op, m))
		if err == nil {
			modelFromPolicySetParameter(m, got, true)
		}
		return err
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *policySetParameterModel) error {
		return op.Client.PolicySetParameters.Delete(ctx, m.PolicySetID.ValueString(), m.ID.ValueString())
	},
})

func policySetParameterSchema(context.Context) schema.Schema {
	attrs := map[string]schema.Attribute{
		"id": schema.StringAttribute{
			Computed:      true,
			Description:   "The parameter's ID, `var-` and 16 characters.",
			PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
		},
		"policy_set_id": schema.StringAttribute{
			Required:      true,
			Description:   "ID of the policy set whose policies get the parameter, `polset-` and 16 characters. Changing it replaces the parameter.",
			Validators:    []validator.String{idValidator(platformclient.PrefixPolicySet, "a policy set")},
			PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
		},
		"key": schema.StringAttribute{
			Required:    true,
			Description: "Name of the parameter, which the set's policies read. It is not blank, and unique among the set's parameters, in its case. Changing it renames the parameter in place.",
			Validators:  notBlankValidators(),
		},
		"sensitive": schema.BoolAttribute{
			Optional: true, Computed: true, Default: booldefault.StaticBool(false),
			Description: "Whether the value is sensitive: the platform then never returns it, to anyone. Default `false`. " +
				"A sensitive parameter cannot become non-sensitive: changing it from `true` to `false` replaces the parameter.",
			PlanModifiers: []planmodifier.Bool{boolplanmodifier.RequiresReplaceIf(func(_ context.Context, req planmodifier.BoolRequest, resp *boolplanmodifier.RequiresReplaceIfFuncResponse) {
				resp.RequiresReplace = req.StateValue.ValueBool() && !req.PlanValue.ValueBool()
			}, "Replaces a parameter that stops being sensitive.", "Replaces a parameter that stops being sensitive.")},
		},
	}
	secret := fwutil.WriteOnlySecret{
		Name:        "value",
		Description: "Value of the parameter; default `\"\"`.",
		Service:     "the platform",
		Drift: "A change made outside Terraform shows in the next plan when the parameter is not sensitive. A sensitive value, which the platform " +
			"answers as `\"\"`, is kept as configured: a change of it made outside Terraform cannot be seen.",
	}.Attributes()
	// The platform defaults the value to "": Computed with that default,
	// leaving it out (value_wo given instead) makes no diff.
	if value, ok := secret["value"].(schema.StringAttribute); ok {
		value.Computed = true
		value.Default = stringdefault.StaticString("")
		secret["value"] = value
	}
	maps.Copy(attrs, secret)
	return schema.Schema{
		Description: "A parameter that a policy set of the platform passes to its policies, such as a region or a threshold. " +
			"The import ID is `<POLICY SET ID>/<PARAMETER ID>`, such as `polset-6p5RiCe5CRjBmsGt/var-7q6SjDf6DSkCntHu`.",
		Attributes: attrs,
	}
}

// policySetParameterFromModel is the parameter m describes, every value of
// it, for a create or an update: its value from value_wo when that is set.
func policySetParameterFromModel(ctx context.Context, op fwutil.Op[*platformclient.Client], m *policySetParameterModel) platformclient.PolicySetParameterOptions {
	return platformclient.PolicySetParameterOptions{
		Key:       ptr(m.Key.ValueString()),
		Value:     ptr(op.Secret(ctx, path.Root("value"))),
		Sensitive: ptr(m.Sensitive.ValueBool()),
	}
}

// modelFromPolicySetParameter writes the parameter the server answered
// over m. After a write (written), m's value is what was sent; on a
// refresh, a value the server returns replaces m's, and one it hides
// stays.
func modelFromPolicySetParameter(m *policySetParameterModel, v *platformclient.PolicySetParameter, written bool) {
	if !written && !m.hidden(v.Sensitive) {
		m.Value = types.StringValue(v.Value)
	}
	m.ID = types.StringValue(v.ID)
	if v.PolicySet != nil {
		m.PolicySetID = types.StringValue(v.PolicySet.ID)
	}
	m.Key = types.StringValue(v.Key)
	m.Sensitive = types.BoolValue(v.Sensitive)
}
