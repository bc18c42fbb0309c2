package platform

import (
	"context"
	"fmt"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework-validators/stringvalidator"
	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/schema/validator"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// organizationMembershipDataModel is a membership as the data source
// shows it: the resource's, and its ID once more under the name by which
// the data source may look it up.
type organizationMembershipDataModel struct {
	organizationMembershipModel
	OrganizationMembershipID types.String `tfsdk:"organization_membership_id"`
}

// NewOrganizationMembershipDataSource is the constructor of the
// stack_platform_organization_membership data source.
var NewOrganizationMembershipDataSource = fwutil.NewDataSource(&fwutil.DataSource[organizationMembershipDataModel, *platformclient.Client]{
	TypeName: "platform_organization_membership",
	Service:  platformclient.Service,
	Schema:   organizationMembershipDataSourceSchema,
	Read:     readOrganizationMembershipDataSource,
})

func organizationMembershipDataSourceSchema(ctx context.Context) schema.Schema {
	attrs := computedFrom(organizationMembershipSchema(ctx), map[string]string{
		"id":     "The membership's ID, " + membershipIDRule + ": what `stack_platform_team_member` takes.",
		"status": "`invited` until the person accepts the invitation, then `active`.",
	}, "organization")
	oneOf := stringvalidator.ExactlyOneOf(path.MatchRoot("email"), path.MatchRoot("username"), path.MatchRoot("organization_membership_id"))
	attrs["organization"] = schema.StringAttribute{
		Optional: true, Computed: true,
		Description: "Name of the organization in which `email` or `username` is looked up: when not set here, the provider's default " +
			"organization (`platform.organization` in the provider's configuration, or `STACK_PLATFORM_ORGANIZATION`), and reading fails when " +
			"none is set. With `organization_membership_id`, it is the membership's organization, and when set it must name it.",
		Validators: organizationNameValidators(),
	}
	attrs["email"] = schema.StringAttribute{
		Optional: true, Computed: true,
		Description: "Email address of the member to read, compared in any case. Set exactly one of `email`, `username` and `organization_membership_id`.",
		Validators:  append(emailValidators(), oneOf),
	}
	attrs["username"] = schema.StringAttribute{
		Optional: true, Computed: true,
		Description: "Username of the member to read, compared exactly; an invited person has none until they accept. " +
			"Set exactly one of `email`, `username` and `organization_membership_id`.",
		Validators: []validator.String{stringvalidator.LengthAtLeast(1)},
	}
	attrs["organization_membership_id"] = schema.StringAttribute{
		Optional: true, Computed: true,
		Description: "ID of the membership to read, " + membershipIDRule + ". Set exactly one of `email`, `username` and `organization_membership_id`.",
		Validators:  []validator.String{membershipIDValidatorOf()},
	}
	return schema.Schema{
		Description: "Reads a person's membership of an organization of the platform, by email, by username or by ID: its status (`invited` or " +
			"`active`), its user and the membership's ID, such as for `stack_platform_team_member`. The platform answers a membership the token may " +
			"not see as one that does not exist.",
		Attributes: attrs,
	}
}

func membershipIDValidatorOf() validator.String {
	return idValidator(platformclient.PrefixOrganizationMembership, "an organization membership")
}

func readOrganizationMembershipDataSource(ctx context.Context, c *platformclient.Client, m *organizationMembershipDataModel, diags *diag.Diagnostics) {
	// By ID, the organization is the membership's, checked when set.
	org := m.Organization.ValueString()
	if m.OrganizationMembershipID.IsNull() {
		var ok bool
		if org, ok = organizationDefault.Of(c, m.Organization, diags); !ok {
			return
		}
	}
	var got *platformclient.OrganizationMembership
	var err error
	var by path.Path
	var what string
	switch {
	case !m.OrganizationMembershipID.IsNull():
		by, what = path.Root("organization_membership_id"), m.OrganizationMembershipID.ValueString()
		got, err = c.OrganizationMemberships.Read(ctx, what)
	case !m.Email.IsNull():
		by, what = path.Root("email"), fmt.Sprintf("of the email %q", m.Email.ValueString())
		got, err = c.OrganizationMemberships.ReadByEmail(ctx, org, m.Email.ValueString())
	default:
		by, what = path.Root("username"), fmt.Sprintf("of the user named %q", m.Username.ValueString())
		got, err = c.OrganizationMemberships.ReadByUsername(ctx, org, m.Username.ValueString())
	}
	switch {
	case client.IsNotFound(err) && m.OrganizationMembershipID.IsNull():
		diags.AddAttributeError(by, "Organization membership not found", fmt.Sprintf(
			"The organization %q has no membership %s that the token may see.", org, what))
		return
	case err != nil:
		fwutil.AddAPIError(diags, "Cannot read the organization membership "+what, err)
		return
	}
	if org != "" && got.Organization != nil && !strings.EqualFold(got.Organization.Name, org) {
		diags.AddAttributeError(path.Root("organization"), "Organization membership of another organization", fmt.Sprintf(
			"The membership %s is of the organization %q, not of %q.", got.ID, got.Organization.Name, org))
		return
	}
	if org != "" {
		m.Organization = types.StringValue(org)
	}
	modelFromOrganizationMembership(&m.organizationMembershipModel, got)
	m.OrganizationMembershipID = m.ID
}
