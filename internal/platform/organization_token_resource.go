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

// orgTokenKind is one of an organization's singleton tokens: its own
// token, or its audit trail token. Each is one a organization, replaced by
// a create, and managed by a resource and an ephemeral resource of its own
// that differ only by these.
type orgTokenKind struct {
	// typeName is the resource's and the ephemeral resource's.
	typeName, object string
	// calls are the client's calls of this kind.
	calls func(*platformclient.Client) *platformclient.OrganizationTokens
	// what says what the token is and does, for descriptions.
	what string
}

var organizationTokenKind = orgTokenKind{
	typeName: "platform_organization_token", object: "organization token",
	calls: func(c *platformclient.Client) *platformclient.OrganizationTokens { return c.OrganizationTokens },
	what:  "The token of an organization of the platform, which acts for the organization (it cannot run plans or applies).",
}

// NewOrganizationTokenResource is the constructor of
// stack_platform_organization_token.
var NewOrganizationTokenResource = fwutil.NewResource(orgTokenResource(organizationTokenKind))

// orgTokenResource is the resource of an organization's token of kind k.
func orgTokenResource(k orgTokenKind) *fwutil.Resource[organizationTokenModel, *platformclient.Client] {
	return &fwutil.Resource[organizationTokenModel, *platformclient.Client]{
		TypeName: k.typeName,
		Service:  platformclient.Service,
		Object:   k.object,
		Schema:   func(context.Context) schema.Schema { return orgTokenSchema(k) },
		Plan: &fwutil.Plan[organizationTokenModel, *platformclient.Client]{
			ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
			Modify:           warnExpired,
		},
		Import: &fwutil.Import[organizationTokenModel, *platformclient.Client]{
			ID: fwutil.IDGrammar{
				Forms: []fwutil.IDForm{{
					Says:  "its organization's name",
					Parts: []fwutil.IDPart{{Label: "<ORGANIZATION>", Attr: "organization", Match: organizationNameRe.MatchString}},
				}},
				Rule: organizationNameRule,
			},
			Print: func(m *organizationTokenModel) string { return m.Organization.ValueString() },
			Read: func(ctx context.Context, c *platformclient.Client, id string, state *tfsdk.State, diags *diag.Diagnostics) {
				if _, err := k.calls(c).Read(ctx, id); importFound(diags, k.object, id, err) {
					diags.Append(state.SetAttribute(ctx, path.Root("id"), id)...)
				}
			},
		},
		Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *organizationTokenModel) error {
			org := m.Organization.ValueString()
			if !m.ForceRegenerate.ValueBool() {
				_, err := k.calls(op.Client).Read(ctx, org)
				switch {
				case err == nil:
					return &fwutil.Failure{Summary: upperFirst(k.object) + " already exists", Path: path.Root("force_regenerate"), Detail: fmt.Sprintf(
						"The organization %q has an %s already, and a create would replace it: whatever uses it would stop working. "+
							"Set force_regenerate = true to replace it, or import it to manage it with Terraform: "+
							"`terraform import <resource address> %s` (its secret cannot be read back).", org, k.object, org)}
				case !client.IsNotFound(err):
					return err
				}
			}
			expiry, err := expiryOf(m.ExpiredAt)
			if err != nil {
				return err
			}
			got, err := k.calls(op.Client).Create(ctx, org, platformclient.OrganizationTokenCreateOptions{ExpiredAt: expiry})
			if err != nil {
				return err
			}
			m.Token = types.StringValue(got.Token)
			m.ID = types.StringValue(org)
			m.ExpiredAt = expiryFromAPI(m.ExpiredAt, got.ExpiredAt)
			return nil
		},
		Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *organizationTokenModel) error {
			got, err := k.calls(op.Client).Read(ctx, m.Organization.ValueString())
			if err == nil {
				m.ExpiredAt = expiryFromAPI(m.ExpiredAt, got.ExpiredAt)
			}
			return err
		},
		Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *organizationTokenModel) error {
			return k.calls(op.Client).Delete(ctx, m.Organization.ValueString())
		},
	}
}

func orgTokenSchema(k orgTokenKind) schema.Schema {
	return schema.Schema{
		Description: k.what + " " +
			"An organization has one " + k.object + ": creating one replaces the one it had, which stops working. " +
			"So a create refuses an organization that has one already unless `force_regenerate` is true. Every change replaces the token. " + renewText + " " +
			"The import ID is the organization's name.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The organization's name, as an organization has one " + k.object + ".",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"organization": organizationAttribute("token"),
			"force_regenerate": schema.BoolAttribute{
				Optional: true,
				Description: "Whether a create replaces the " + k.object + " the organization has already, which then stops working. " +
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
