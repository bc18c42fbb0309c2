package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/ephemeral/schema"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// organizationTokenEphemeralModel is an organization token made for one
// run.
type organizationTokenEphemeralModel struct {
	Organization    types.String `tfsdk:"organization"`
	ReplaceExisting types.Bool   `tfsdk:"replace_existing"`
	ExpiredAt       types.String `tfsdk:"expired_at"`
	Token           types.String `tfsdk:"token"`
}

// openedOrganizationToken is what closing an organization token needs:
// the organization, and the token's ID, as the organization's token may
// have been replaced meanwhile by one that is not the run's to delete.
type openedOrganizationToken struct {
	Organization string `json:"organization"`
	ID           string `json:"id"`
}

// NewOrganizationTokenEphemeralResource is the constructor of the
// ephemeral stack_platform_organization_token.
var NewOrganizationTokenEphemeralResource = fwutil.NewEphemeral(orgTokenEphemeral(organizationTokenKind))

// orgTokenEphemeral is the ephemeral resource of an organization's token
// of kind k.
func orgTokenEphemeral(k orgTokenKind) *fwutil.Ephemeral[organizationTokenEphemeralModel, openedOrganizationToken, *platformclient.Client] {
	return &fwutil.Ephemeral[organizationTokenEphemeralModel, openedOrganizationToken, *platformclient.Client]{
		TypeName:         k.typeName,
		Service:          platformclient.Service,
		Object:           k.object,
		Schema:           func(context.Context) schema.Schema { return orgTokenEphemeralSchema(k) },
		ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
		Open: func(ctx context.Context, c *platformclient.Client, m *organizationTokenEphemeralModel) (openedOrganizationToken, error) {
			org := m.Organization.ValueString()
			if !m.ReplaceExisting.ValueBool() {
				_, err := k.calls(c).Read(ctx, org)
				switch {
				case err == nil:
					return openedOrganizationToken{}, &fwutil.Failure{Summary: upperFirst(k.object) + " already exists", Path: path.Root("replace_existing"), Detail: fmt.Sprintf(
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

func orgTokenEphemeralSchema(k orgTokenKind) schema.Schema {
	return schema.Schema{
		Description: "A new " + k.object + " for one Terraform run, which Terraform never writes to the plan or the state. " + k.what + " " +
			"Opened when the run needs it (while planning, and again while applying), it is created; closed at the end of the run, it is deleted. " +
			"An organization has only one " + k.object + ": opening this one replaces the one the organization has, which stops working for good, " +
			"and after the run the organization has none at all. So opening fails when the organization has one, unless `replace_existing` is true: " +
			"use it for an organization whose " + k.object + " nothing else needs. Closing leaves alone a token that replaced the run's in the meantime. " + noRenewalText,
		Attributes: map[string]schema.Attribute{
			"organization": schema.StringAttribute{
				Optional: true, Computed: true,
				Description: "Name of the organization. " + organizationDefaultText,
				Validators:  organizationNameValidators(),
			},
			"replace_existing": schema.BoolAttribute{
				Optional: true,
				Description: "Whether opening replaces the " + k.object + " the organization has already, which then stops working for good: " +
					"closing deletes the run's token, it does not bring the old one back. Not set or false, opening fails when the organization has one.",
			},
			"expired_at": ephemeralExpiredAtAttribute(),
			"token": schema.StringAttribute{
				Computed: true, Sensitive: true,
				Description: "The token's secret, for the `platform` block of another `stack` provider, say, or whatever reads with it.",
			},
		},
	}
}
