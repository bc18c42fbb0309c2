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

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

var oauthClientLookup = lookup{
	object: "OAuth client", idPrefix: platformclient.PrefixOAuthClient, idRule: "`oc-` and 16 characters",
	nameMatch: ", compared exactly, in its case; the first of that name when several have it", nameValidators: notBlankValidators(),
	owner: "the client's",
}

// NewOAuthClientDataSource is the constructor of the
// stack_platform_oauth_client data source.
var NewOAuthClientDataSource = fwutil.NewDataSource(&fwutil.DataSource[oauthClientDataModel, *platformclient.Client]{
	TypeName: "platform_oauth_client",
	Service:  platformclient.Service,
	Schema:   oauthClientDataSourceSchema,
	Read:     readOAuthClientDataSource,
})

func oauthClientDataSourceSchema(ctx context.Context) schema.Schema {
	// The secrets the platform never returns.
	attrs := computedFrom(oauthClientSchema(ctx), map[string]string{
		"organization_scoped": "Whether every workspace of the organization may use the client (`true`), or only those of the projects it is attached to (`false`).",
		"agent_pool_id":       "ID of the agent pool whose agents reach the code host, null for none.",
		"http_url":            "The code host's web address, such as `https://github.com`.",
		"api_url":             "The code host's API address, such as `https://api.github.com`.",
		"key":                 "The OAuth application's key: its client ID, or a Bitbucket Data Center consumer key.",
		"rsa_public_key":      "The public key that a Bitbucket Data Center client's consumer signs with, in PEM.",
	}, "secret", "secret_wo_version", "private_key", "private_key_wo_version", "oauth_token", "oauth_token_wo_version")
	oauthClientLookup.addAttributes(attrs)
	one := stringvalidator.ExactlyOneOf(path.MatchRoot("id"), path.MatchRoot("name"), path.MatchRoot("service_provider"))
	id := attrs["id"].(schema.StringAttribute) //nolint:forcetypeassert // lookup's own
	id.Validators = []validator.String{
		idValidator(platformclient.PrefixOAuthClient, "an OAuth client"), one,
		stringvalidator.ConflictsWith(path.MatchRoot("organization")),
	}
	id.Description = "ID of the OAuth client to read, `oc-` and 16 characters. Set it, `name` or `service_provider`."
	attrs["id"] = id
	name := attrs["name"].(schema.StringAttribute) //nolint:forcetypeassert // lookup's own
	name.Description = "Name of the OAuth client to read in `organization`, compared exactly, in its case; the first of that name when several have it. " +
		"Set it, `id` or `service_provider`. Null when the client found otherwise has none."
	attrs["name"] = name
	attrs["service_provider"] = schema.StringAttribute{
		Optional: true, Computed: true,
		Description: "The code host of the OAuth client to read in `organization`, such as `github`: the organization's only client of that code host, " +
			"an error when it has several. Set it, `id` or `name`.",
	}
	return schema.Schema{
		Description: "Reads an OAuth client of the platform, by its ID, its name or its code host in an organization: among its values the ID of its OAuth token, " +
			"`oauth_token_id`, which a workspace's `vcs_repo.oauth_token_id` names. The platform never returns the client's secrets, and answers a client " +
			"the token may not see as one that does not exist.",
		Attributes: attrs,
	}
}

func readOAuthClientDataSource(ctx context.Context, c *platformclient.Client, m *oauthClientDataModel, diags *diag.Diagnostics) {
	list := func(ctx context.Context, org, _ string) (*platformclient.OAuthClientList, error) {
		return c.OAuthClients.List(ctx, org)
	}
	var got *platformclient.OAuthClient
	if !m.ServiceProvider.IsNull() {
		org, ok := organizationDefault.Of(c, m.Organization, diags)
		if !ok {
			return
		}
		all, err := list(ctx, org, "")
		if err != nil {
			fwutil.AddAPIError(diags, fmt.Sprintf("Cannot look up the OAuth clients of %q", org), err)
			return
		}
		var ids []string
		for _, oc := range all.Items {
			if oc.ServiceProvider == m.ServiceProvider.ValueString() {
				got = oc
				ids = append(ids, oc.ID)
			}
		}
		switch {
		case len(ids) == 0:
			diags.AddAttributeError(path.Root("service_provider"), "OAuth client not found", fmt.Sprintf(
				"The organization %q has no OAuth client of the code host %q that the token may see.", org, m.ServiceProvider.ValueString()))
			return
		case len(ids) > 1:
			diags.AddAttributeError(path.Root("service_provider"), "Several OAuth clients", fmt.Sprintf(
				"The organization %q has %d OAuth clients of the code host %q (%s): name the one to read by id or name.",
				org, len(ids), m.ServiceProvider.ValueString(), strings.Join(ids, ", ")))
			return
		}
	} else {
		var ok bool
		got, ok = find(ctx, oauthClientLookup, c, m.ID, m.Organization, m.Name, diags, c.OAuthClients.Read, list,
			func(oc *platformclient.OAuthClient) string {
				if oc.Name == nil {
					return ""
				}
				return *oc.Name
			})
		if !ok {
			return
		}
	}
	if m.ID.IsNull() {
		org, _ := organizationDefault.Of(c, m.Organization, diags)
		m.Organization = types.StringValue(org)
	}
	modelFromOAuthClient(m, got)
}
