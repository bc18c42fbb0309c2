package platform

import (
	"context"
	"fmt"
	"net/http"
	"strings"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/path"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/planmodifier"
	"github.com/hashicorp/terraform-plugin-framework/resource/schema/stringplanmodifier"
	"github.com/hashicorp/terraform-plugin-framework/tfsdk"
	"github.com/hashicorp/terraform-plugin-framework/types"

	"github.com/stackworks/terraform-provider-stack/internal/client"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// organizationMembershipModel is a person's membership of an
// organization, for the resource and the data source alike.
type organizationMembershipModel struct {
	ID           types.String `tfsdk:"id"`
	Organization types.String `tfsdk:"organization"`
	Email        types.String `tfsdk:"email"`
	UserID       types.String `tfsdk:"user_id"`
	Username     types.String `tfsdk:"username"`
	Status       types.String `tfsdk:"status"`
}

// NewOrganizationMembershipResource is the constructor of
// stack_platform_organization_membership.
var NewOrganizationMembershipResource = fwutil.NewResource(&fwutil.Resource[organizationMembershipModel, *platformclient.Client]{
	TypeName: "platform_organization_membership",
	Service:  platformclient.Service,
	Object:   "organization membership",
	Schema:   organizationMembershipSchema,
	Twins:    []fwutil.Twin{tfeOrganizationMembership},
	Plan: &fwutil.Plan[organizationMembershipModel, *platformclient.Client]{
		ProviderDefaults: []fwutil.ProviderDefault[*platformclient.Client]{organizationDefault},
	},
	// Its identity is its organization and the invited email.
	Identity: &fwutil.Identity{Attrs: []string{"organization", "email"}},
	Import: &fwutil.Import[organizationMembershipModel, *platformclient.Client]{
		ID: fwutil.IDGrammar{Forms: []fwutil.IDForm{
			{
				Says: "its ID, ou- and 16 characters of the base58 alphabet",
				Parts: []fwutil.IDPart{{Label: "<MEMBERSHIP ID>", Match: func(s string) bool {
					return platformclient.IsID(platformclient.PrefixOrganizationMembership, s)
				}}},
			},
			{Parts: []fwutil.IDPart{{Label: "<ORGANIZATION>", Match: organizationNameRe.MatchString}, {Label: "<EMAIL>", Match: emailRe.MatchString}}},
		}},
		Print: func(m *organizationMembershipModel) string { return m.ID.ValueString() },
		Read:  importOrganizationMembership,
	},
	// The platform refuses a second invitation of one email with a 422,
	// not a 409: the membership in place is looked up by its email.
	Create: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *organizationMembershipModel) error {
		org := m.Organization.ValueString()
		got, err := op.Client.OrganizationMemberships.Create(ctx, org, organizationMembershipFromModel(m))
		if client.StatusCode(err) == http.StatusUnprocessableEntity {
			if found, lookupErr := op.Client.OrganizationMemberships.ReadByEmail(ctx, org, m.Email.ValueString()); lookupErr == nil {
				m.ID = types.StringValue(found.ID)
				return &fwutil.Exists{ServerSaid: err, Name: m.Email.ValueString()}
			}
		}
		if err == nil {
			modelFromOrganizationMembership(m, got)
		}
		return err
	},
	Read: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *organizationMembershipModel) error {
		got, err := op.Client.OrganizationMemberships.Read(ctx, m.ID.ValueString())
		if err == nil {
			modelFromOrganizationMembership(m, got)
		}
		return err
	},
	Delete: func(ctx context.Context, op fwutil.Op[*platformclient.Client], m *organizationMembershipModel) error {
		return op.Client.OrganizationMemberships.Delete(ctx, m.ID.ValueString())
	},
})

func organizationMembershipSchema(context.Context) schema.Schema {
	return schema.Schema{
		Description: "A person's membership of an organization of the platform, by invitation: the platform invites the email, and the membership " +
			"stays `invited` until the person accepts, when it becomes `active` and the user gets a username. An invitation that nobody accepts is " +
			"a membership like any other: it plans no change and is no error, and a refresh shows the acceptance when it comes, without replacing " +
			"anything. The platform has no update of a membership: every argument replaces it. The membership's ID is what " +
			"`stack_platform_team_member` takes, for invited members too. " +
			"The import ID is the membership's ID, such as `ou-6p5RiCe5CRjBmsGt`, or `<ORGANIZATION>/<EMAIL>`, such as `acme/ada@example.com`.",
		Attributes: map[string]schema.Attribute{
			"id": schema.StringAttribute{
				Computed:      true,
				Description:   "The membership's ID, " + membershipIDRule + ".",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"organization": organizationAttribute("membership"),
			"email": schema.StringAttribute{
				Required: true,
				Description: "Email address of the person to invite: an address with one `@`, without white space. The platform matches emails in any case: " +
					"the configuration's spelling stays in the state when the platform's differs only in case. Changing it replaces the membership.",
				Validators:    emailValidators(),
				PlanModifiers: []planmodifier.String{stringplanmodifier.RequiresReplace()},
			},
			"user_id": schema.StringAttribute{
				Computed:      true,
				Description:   "ID of the membership's user, `user-` and 16 characters: the platform makes one for an email it does not know.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"username": schema.StringAttribute{
				Computed: true,
				Description: "Username of the membership's user: null while the person has not signed up, set once they accept " +
					"(or at once when the email is an existing user's). A refresh shows it.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown()},
			},
			"status": schema.StringAttribute{
				Computed: true,
				Description: "`invited` until the person accepts the invitation, then `active`. A new membership is `invited`, known in the plan; " +
					"a refresh shows the acceptance.",
				PlanModifiers: []planmodifier.String{stringplanmodifier.UseStateForUnknown(), invitedOnCreate{}},
			},
		},
	}
}

// invitedOnCreate plans the status of a new membership: the platform
// answers every invitation as invited.
type invitedOnCreate struct{}

func (invitedOnCreate) Description(context.Context) string { return "A new membership is invited." }

func (m invitedOnCreate) MarkdownDescription(ctx context.Context) string { return m.Description(ctx) }

func (invitedOnCreate) PlanModifyString(_ context.Context, req planmodifier.StringRequest, resp *planmodifier.StringResponse) {
	if req.State.Raw.IsNull() && req.PlanValue.IsUnknown() {
		resp.PlanValue = types.StringValue(platformclient.MembershipInvited)
	}
}

// importOrganizationMembership takes <MEMBERSHIP ID> or
// <ORGANIZATION>/<EMAIL>, whose email is found in any case.
func importOrganizationMembership(ctx context.Context, c *platformclient.Client, id fwutil.ParsedID, state *tfsdk.State, diags *diag.Diagnostics) {
	const object = "organization membership"
	var found *platformclient.OrganizationMembership
	var err error
	org, byEmail := id.Parts[0], len(id.Parts) == 2
	if byEmail {
		found, err = c.OrganizationMemberships.ReadByEmail(ctx, org, id.Parts[1])
	} else {
		found, err = c.OrganizationMemberships.Read(ctx, id.Parts[0])
	}
	if !importFound(diags, object, id.String(), err) {
		return
	}
	if byEmail && found.Organization != nil && !strings.EqualFold(found.Organization.Name, org) {
		diags.AddError("Cannot import the "+object, fmt.Sprintf("The membership %s is of the organization %q, not of %q.", found.ID, found.Organization.Name, org))
		return
	}
	diags.Append(state.SetAttribute(ctx, path.Root("id"), found.ID)...)
}

// organizationMembershipFromModel is the invitation m describes: its
// email. The platform updates no membership.
func organizationMembershipFromModel(m *organizationMembershipModel) platformclient.OrganizationMembershipCreateOptions {
	return platformclient.OrganizationMembershipCreateOptions{Email: ptr(m.Email.ValueString())}
}

// modelFromOrganizationMembership writes the membership the server
// answered over m. The email keeps m's spelling when the platform's
// differs only in case; the username is null until the person signs up.
func modelFromOrganizationMembership(m *organizationMembershipModel, om *platformclient.OrganizationMembership) {
	m.ID = types.StringValue(om.ID)
	m.Organization = sameOrganization(m.Organization, om.Organization)
	email := om.Email
	if email == "" && om.User != nil {
		email = om.User.Email
	}
	if m.Email.IsNull() || m.Email.IsUnknown() || !strings.EqualFold(m.Email.ValueString(), email) {
		m.Email = types.StringValue(email)
	}
	m.UserID, m.Username = types.StringNull(), types.StringNull()
	if om.User != nil {
		m.UserID = types.StringValue(om.User.ID)
		if om.User.Username != "" {
			m.Username = types.StringValue(om.User.Username)
		}
	}
	m.Status = types.StringValue(om.Status)
}
