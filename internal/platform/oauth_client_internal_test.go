package platform

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-framework/diag"
	"github.com/hashicorp/terraform-plugin-framework/types"

	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The OAuth client's convention and round trip, which conventions_test.go
// runs.
func init() {
	declareObject("OAuth client", func(ctx context.Context) objectConvention {
		return objectConvention{
			apiType: platformclient.OAuthClient{},
			shownBy: attributeNames(oauthClientSchema(ctx).Attributes, oauthClientDataSourceSchema(ctx).Attributes),
			notExposed: map[string]string{
				"service-provider-display-name": "the platform's name for service_provider, which service_provider decides",
				"connect-path":                  "the page of the platform's web interface where a person starts the code host's OAuth flow, for a browser",
			},
		}
	})
	declareRoundTrip("OAuth client", func(t *testing.T, ctx context.Context, diags *diag.Diagnostics) {
		str := types.StringValue
		want := oauthClientModel{oauthClientDataModel: oauthClientDataModel{
			Organization: str("acme"), ServiceProvider: str("bitbucket_data_center"), Name: str("bitbucket"),
			HTTPURL: str("https://bitbucket.acme.example"), APIURL: str("https://bitbucket.acme.example"), Key: str("consumer"),
			RSAPublicKey: str("-----BEGIN PUBLIC KEY-----"), OrganizationScoped: types.BoolValue(false), AgentPoolID: str("apool-6p5RiCe5CRjBmsGt"),
		}}
		opts := oauthClientFromModel(&want.oauthClientDataModel, creating)
		a := throughJSONAPI[platformclient.OAuthClient](t, &opts)
		a.Organization = &platformclient.Organization{Name: "acme"}
		got := oauthClientModel{}
		modelFromOAuthClient(&got.oauthClientDataModel, a)
		// The secrets come from the configuration, and the platform never
		// answers them.
		sameConfigurable(t, "OAuth client", oauthClientSchema(ctx), &want, &got, "secret", "secret_wo", "secret_wo_version",
			"private_key", "private_key_wo", "private_key_wo_version", "oauth_token", "oauth_token_wo", "oauth_token_wo_version")
	})
}
