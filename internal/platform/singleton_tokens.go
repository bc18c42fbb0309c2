package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework-timetypes/timetypes"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	eschema "github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
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

// An organization's singleton tokens, its own token and its audit trail
// token, are each one per organization, replaced by a create, and have a
// resource and an ephemeral resource each, which differ only by their
// orgTokenKind: organization_token_*.go and audit_trail_token_*.go.

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

// organizationTokenModel is an organization's one token; its ID is the
// organization's name.
type organizationTokenModel struct {
	ID              types.String      `tfsdk:"id"`
	Organization    types.String      `tfsdk:"organization"`
	ForceRegenerate types.Bool        `tfsdk:"force_regenerate"`
	ExpiredAt       timetypes.RFC3339 `tfsdk:"expired_at"`
	Token           types.String      `tfsdk:"token"`
}

// orgTokenResource is the resource of an organization's token of kind k.
func orgTokenResource(k orgTokenKind) *fwutil.Resource[organizationTokenModel, *platformclient.Client] {
	return &fwutil.Resource[organizationTokenModel, *platformclient.Client]{
		TypeName: k.typeName,
		Service:  platformclient.Service,
		Object:   k.object,
		Twins:    []fwutil.Twin{tfeOrgTokenTwin(k)},
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
			Read: func(ctx context.Context, c *platformclient.Client, parsed fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
				org := parsed.String()
				if _, err := k.calls(c).Read(ctx, org); importFound(diags, k.object, org, err) {
					diags.Append(state.SetAttribute(ctx, path.Root("id"), org)...)
				}
			},
		},
		Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *organizationTokenModel) error {
			org := m.Organization.ValueString()
			if !m.ForceRegenerate.ValueBool() {
				_, err := k.calls(op.Client).Read(ctx, org)
				switch {
				case err == nil:
					return &fwutil.Failure{Summary: fwutil.UpperFirst(k.object) + " already exists", Path: path.Root("force_regenerate"), Detail: fmt.Sprintf(
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

// organizationTokenEphemeralModel is an organization token made for one
// run.
type organizationTokenEphemeralModel struct {
	Organization    types.String      `tfsdk:"organization"`
	ReplaceExisting types.Bool        `tfsdk:"replace_existing"`
	ExpiredAt       timetypes.RFC3339 `tfsdk:"expired_at"`
	Token           types.String      `tfsdk:"token"`
}

// openedOrganizationToken is what closing an organization token needs:
// the organization, and the token's ID, as the organization's token may
// have been replaced meanwhile by one that is not the run's to delete.
type openedOrganizationToken struct {
	Organization string `json:"organization"`
	ID           string `json:"id"`
}

// orgTokenEphemeral is the ephemeral resource of an organization's token
// of kind k.
func orgTokenEphemeral(k orgTokenKind) *fwutil.Ephemeral[organizationTokenEphemeralModel, openedOrganizationToken, *platformclient.Client] {
	return &fwutil.Ephemeral[organizationTokenEphemeralModel, openedOrganizationToken, *platformclient.Client]{
		TypeName:         k.typeName,
		Service:          platformclient.Service,
		Object:           k.object,
		Schema:           func(context.Context) eschema.Schema { return orgTokenEphemeralSchema(k) },
		ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
		Open: func(ctx context.Context, c *platformclient.Client, m *organizationTokenEphemeralModel) (openedOrganizationToken, error) {
			org := m.Organization.ValueString()
			if !m.ReplaceExisting.ValueBool() {
				_, err := k.calls(c).Read(ctx, org)
				switch {
				case err == nil:
					return openedOrganizationToken{}, &fwutil.Failure{Summary: fwutil.UpperFirst(k.object) + " already exists", Path: path.Root("replace_existing"), Detail: fmt.Sprintf(
						"The organization %q has an %s already. An organization has only one: opening a new one would replace it for good, "+
							"so that whatever uses it would stop working, and the end of the run would leave the organization without one. "+
							"Set replace_existing = true to replace it all the same.", org, k.object)}
				case !client.IsNotFound(err):
					return openedOrganizationToken{}, err
				}
			}
			expiry, err := expiryOf(m.ExpiredAt)
			if err != nil {
				return openedOrganizationToken{}, err
			}
			got, err := k.calls(c).Create(ctx, org, platformclient.OrganizationTokenCreateOptions{ExpiredAt: expiry})
			if err != nil {
				return openedOrganizationToken{}, err
			}
			m.Token = types.StringValue(got.Token)
			m.ExpiredAt = expiryFromAPI(m.ExpiredAt, got.ExpiredAt)
			return openedOrganizationToken{Organization: org, ID: got.ID}, nil
		},
		Close: func(ctx context.Context, c *platformclient.Client, opened openedOrganizationToken) error {
			current, err := k.calls(c).Read(ctx, opened.Organization)
			if err != nil || current.ID != opened.ID {
				return err
			}
			return k.calls(c).Delete(ctx, opened.Organization)
		},
	}
}

func orgTokenEphemeralSchema(k orgTokenKind) eschema.Schema {
	return eschema.Schema{
		Description: "A new " + k.object + " for one Terraform run, which Terraform never writes to the plan or the state. " + k.what + " " +
			"Opened when the run needs it (while planning, and again while applying), it is created; closed at the end of the run, it is deleted. " +
			"An organization has only one " + k.object + ": opening this one replaces the one the organization has, which stops working for good, " +
			"and after the run the organization has none at all. So opening fails when the organization has one, unless `replace_existing` is true: " +
			"use it for an organization whose " + k.object + " nothing else needs. Closing leaves alone a token that replaced the run's in the meantime. " + noRenewalText,
		Attributes: map[string]eschema.Attribute{
			"organization": eschema.StringAttribute{
				Optional: true, Computed: true,
				Description: "Name of the organization. " + organizationDefaultText,
				Validators:  organizationNameValidators(),
			},
			"replace_existing": eschema.BoolAttribute{
				Optional: true,
				Description: "Whether opening replaces the " + k.object + " the organization has already, which then stops working for good: " +
					"closing deletes the run's token, it does not bring the old one back. Not set or false, opening fails when the organization has one.",
			},
			"expired_at": ephemeralExpiredAtAttribute(),
			"token": eschema.StringAttribute{
				Computed: true, Sensitive: true,
				Description: "The token's secret, for the `platform` block of another `stack` provider, say, or whatever reads with it.",
			},
		},
	}
}
