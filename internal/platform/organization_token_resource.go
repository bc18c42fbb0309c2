package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/boolplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// organizationTokenModel is an organization's one token; its ID is the
// organization's name.
type organizationTokenModel struct {
	ID              types.String `tfsdk:"id"`
	Organization    types.String `tfsdk:"organization"`
	ForceRegenerate types.Bool   `tfsdk:"force_regenerate"`
	ExpiredAt       types.String `tfsdk:"expired_at"`
	Token           types.String `tfsdk:"token"`
}

// NewOrganizationTokenResource is the constructor of
// stack_platform_organization_token.
var NewOrganizationTokenResource = fwutil.NewResource(&fwutil.Resource[organizationTokenModel, *platformclient.Client]{
	TypeName:         "platform_organization_token",
	Service:          platformclient.Service,
	Object:           "organization token",
	Schema:           organizationTokenSchema,
	ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
	ImportID:         func(m *organizationTokenModel) string { return m.Organization.ValueString() },
	Import: func(ctx context.Context, c *platformclient.Client, id string, state *tfsdk.State, diags *diag.Diagnostics) {
		if !organizationNameRe.MatchString(id) {
			diags.AddError("Invalid import ID", fmt.Sprintf("The import ID of an organization token is its organization's name. %s Got %q.", organizationNameRule, id))
			return
		}
		if _, err := c.OrganizationTokens.Read(ctx, id); !importFound(diags, "organization token", id, err) {
			return
		}
		diags.Append(state.SetAttribute(ctx, path.Root("id"), id)...)
		diags.Append(state.SetAttribute(ctx, path.Root("organization"), id)...)
	},
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *organizationTokenModel) error {
		org := m.Organization.ValueString()
		if !m.ForceRegenerate.ValueBool() {
			_, err := op.Client.OrganizationTokens.Read(ctx, org)
			switch {
			case err == nil:
				return &fwutil.Failure{Summary: "Organization token already exists", Path: path.Root("force_regenerate"), Detail: fmt.Sprintf(
					"The organization %q has a token already, and a create would replace it: whatever uses it would stop working. "+
						"Set force_regenerate = true to replace it, or import it to manage it with Terraform: "+
						"`terraform import <resource address> %s` (its secret cannot be read back).", org, org)}
			case !client.IsNotFound(err):
				return err
			}
		}
		expiry, err := expiryOf(m.ExpiredAt)
		if err != nil {
			return err
		}
		got, err := op.Client.OrganizationTokens.Create(ctx, org, platformclient.OrganizationTokenCreateOptions{ExpiredAt: expiry})
		if err != nil {
			return err
		}
		m.Token = types.StringValue(got.Token)
		m.ID = types.StringValue(org)
		m.ExpiredAt = expiryFromAPI(m.ExpiredAt, got.ExpiredAt)
		return nil
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *organizationTokenModel) error {
		got, err := op.Client.OrganizationTokens.Read(ctx, m.Organization.ValueString())
		if err == nil {
			m.ExpiredAt = expiryFromAPI(m.ExpiredAt, got.ExpiredAt)
		}
		return err
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *organizationTokenModel) error {
		return op.Client.OrganizationTokens.Delete(ctx, m.Organization.ValueString())
	},
	ModifyPlan: warnExpired,
})

func organizationTokenSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "The token of an organization of the platform, which acts for the organization (it cannot run plans or applies). " +
			"An organization has one token: creating one replaces the one it had, which stops working. " +
			"So a create refuses an organization that has a token already unless `force_regenerate` is true. Every change replaces the token. " + renewText + " " +
			"The import ID is the organization's name.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The organization's name, as an organization has one token.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"organization": organizationAttribute("token"),
			"force_regenerate": schema.BoolAttribute{
				Optional: true,
				Description: "Whether a create replaces the token the organization has already, which then stops working. " +
					"Not set or false, such a create fails and says how to import the token instead. A change of this value (not its being true) replaces the token. " +
					"An import records it unset: a configuration that sets it replaces the imported token on the next apply.",
				PlanModifiers: []planmodifier.Bool{boolplanmodifier.RequiresReplace()},
			},
			"expired_at": expiredAtAttribute("token"),
			"token": schema.StringAttribute{
				Computed: true, Sensitive: true,
				Description:   "The token's secret. " + tokenInStateText,
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
		},
	}
}
