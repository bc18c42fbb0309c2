package platform

import (
	"context"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// NewOAuthClientListResource is the constructor of the list resource of
// stack_platform_oauth_client.
var NewOAuthClientListResource = organizationList(NewOAuthClientResource, &orgList[oauthClientModel, organizationListFilter, platformclient.OAuthClient]{
	What: "OAuth clients",
	About: "Lists the OAuth clients of an organization of the platform, all but their secrets, which the platform never returns: " +
		"a configuration generated from the list must be given the OAuth token, secret or private key the client was made with " +
		"(or their write-only twins) before it plans the import alone.",
	Filters: organizationFilters("OAuth clients", false, nil),
	List: func(ctx context.Context, c *platformclient.Client, org string, _ *organizationListFilter, _ *diag.Diagnostics) (*platformclient.OAuthClientList, error) {
		return c.OAuthClients.List(ctx, org)
	},
	Model: func(org types.String, oc *platformclient.OAuthClient, _ *diag.Diagnostics) *oauthClientModel {
		m := &oauthClientModel{}
		m.Organization = org
		modelFromOAuthClient(&m.oauthClientDataModel, oc)
		return m
	},
	DisplayName: func(m *oauthClientModel) string {
		if m.Name.ValueString() != "" {
			return m.Name.ValueString()
		}
		return m.ServiceProvider.ValueString() + " " + m.HTTPURL.ValueString()
	},
})
