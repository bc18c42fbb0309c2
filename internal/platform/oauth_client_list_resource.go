package platform

import (
	"context"
	"fmt"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	lschema "github.com/hashicorp/terraform-plugin-framework/list/schema"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// NewOAuthClientListResource is the constructor of the list resource of
// stack_platform_oauth_client.
var NewOAuthClientListResource = fwutil.NewListResource(NewOAuthClientResource, &fwutil.List[oauthClientModel, organizationListFilter, *platformclient.Client]{
	Filters: func(context.Context) lschema.Schema {
		return organizationFilters("Lists the OAuth clients of an organization of the platform, all but their secrets, which the platform never returns: "+
			"a configuration generated from the list must be given the OAuth token, secret or private key the client was made with "+
			"(or their write-only twins) before it plans the import alone. "+
			fmt.Sprintf("The list is read whole, %d OAuth clients a request, the most the platform serves.", platformclient.PageSize), "OAuth clients", false)
	},
	List: func(ctx context.Context, c *platformclient.Client, f *organizationListFilter, diags *diag.Diagnostics) []*oauthClientModel {
		return listedIn(c, &f.Organization, "OAuth clients", diags, func(org string) (*platformclient.OAuthClientList, error) {
			return c.OAuthClients.List(ctx, org)
		}, func(org types.String, oc *platformclient.OAuthClient) *oauthClientModel {
			m := &oauthClientModel{}
			m.Organization = org
			modelFromOAuthClient(&m.oauthClientDataModel, oc)
			return m
		})
	},
	DisplayName: func(m *oauthClientModel) string {
		if m.Name.ValueString() != "" {
			return m.Name.ValueString()
		}
		return m.ServiceProvider.ValueString() + " " + m.HTTPURL.ValueString()
	},
})
