package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/datasource/schema"
	"github.com/hashicorp/terraform-plugin-framework/diag"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// organizationDataModel is an organization as the data sources show it: what the
// resource has.
type organizationDataModel = organizationModel

// NewOrganizationDataSource is the constructor of the
// stack_platform_organization data source.
var NewOrganizationDataSource = fwutil.NewDataSource(&fwutil.DataSource[organizationDataModel, *platformclient.Client]{
	TypeName: "platform_organization",
	Service:  platformclient.Service,
	Schema:   organizationDataSourceSchema,
	Read:     readOrganizationDataSource,
})

// organizationNameDefault is the data source's name: the provider's
// default organization when not set.
var organizationNameDefault = organizationDefaultOf("name")

func organizationDataSourceSchema(ctx context.Context) schema.Schema {
	describe := map[string]string{
		"id":                       "The organization's ID in the platform's API, which is its name.",
		"email":                    "Email address of the organization's administrators.",
		"default_project_id":       "ID of the organization's default project, which holds the workspaces created without a project.",
		"collaborator_auth_policy": "How members sign in: `password` or `two_factor_mandatory`.",
		"owners_team_saml_role_id": "The SAML role whose members are made members of the owners team; null when there is none.",
		"session_timeout":          "Minutes of inactivity after which a member's session ends; null when the organization never set it, and the platform applies 20160 (14 days).",
		"session_remember":         "Minutes after which a member's session ends, however active; null when the organization never set it, and the platform applies 20160 (14 days).",
	}
	for _, st := range organizationSettings {
		describe[st.name] = st.description + " Null when the platform does not report it, as some editions do not."
	}
	attrs := computedFrom(organizationSchema(ctx), describe)
	attrs["name"] = schema.StringAttribute{
		Optional: true, Computed: true,
		Description: "Name of the organization to read. " + organizationDefaultText + " " + organizationNameRule,
		Validators:  organizationNameValidators(),
	}
	return schema.Schema{
		Description: "Reads an organization of the platform, by name, with its settings: the provider's default organization unless `name` says another. " +
			"The token must see the organization: the platform answers an organization the token may not see as one that does not exist.",
		Attributes: attrs,
	}
}

func readOrganizationDataSource(ctx context.Context, c *platformclient.Client, m *organizationDataModel, diags *diag.Diagnostics) {
	name, ok := organizationNameDefault.Of(c, m.Name, diags)
	if !ok {
		return
	}
	got, err := c.Organizations.Read(ctx, name, platformclient.OrganizationReadOptions{})
	if err != nil {
		fwutil.AddAPIError(diags, fmt.Sprintf("Cannot read the organization %q", name), err)
		return
	}
	modelFromOrganization(m, got)
}
