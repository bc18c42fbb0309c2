package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The list finds the OAuth clients of an organization, by their IDs, named
// by their names or, without one, by their code host; with
// include_resource, each is the state an import gives, without the
// secrets, which the platform never returns.
func TestAccOAuthClientListResource_query(t *testing.T) {
	p := acctest.NewPlatform(t)
	create := func(opts platformclient.OAuthClientOptions) *platformclient.OAuthClient {
		oc, err := p.Client(t).OAuthClients.Create(context.Background(), p.Organization, opts)
		if err != nil {
			t.Fatal(err)
		}
		return oc
	}
	named := create(platformclient.OAuthClientOptions{
		ServiceProvider: check.Ptr("github"), Name: check.Ptr("github"), HTTPURL: check.Ptr("https://github.com"),
		APIURL: check.Ptr("https://api.github.com"), OAuthToken: check.Ptr("ghp_token"),
	})
	unnamed := create(platformclient.OAuthClientOptions{
		ServiceProvider: check.Ptr("gitlab_hosted"), HTTPURL: check.Ptr("https://gitlab.com"), APIURL: check.Ptr("https://gitlab.com/api/v4"), OAuthToken: check.Ptr("glpat"),
	})
	id := func(oc *platformclient.OAuthClient) map[string]knownvalue.Check {
		return check.Identity(map[string]string{"id": oc.ID})
	}
	check.Query{
		Type: "stack_platform_oauth_client", Config: p.ProviderConfig(),
		Lists: []check.Listed{
			{
				Label: "all", Found: []map[string]knownvalue.Check{id(named), id(unnamed)}, DisplayName: "github",
				Resource: map[string]knownvalue.Check{
					"id": check.Str(named.ID), "organization": check.Str(p.Organization), "service_provider": check.Str("github"),
					"http_url": check.Str("https://github.com"), "api_url": check.Str("https://api.github.com"),
					"oauth_token_id": knownvalue.NotNull(), "oauth_token": knownvalue.Null(), "secret": knownvalue.Null(),
				},
			},
			{Label: "unnamed", Found: []map[string]knownvalue.Check{id(unnamed), id(named)}, DisplayName: "gitlab_hosted https://gitlab.com"},
		},
	}.Run(t)
}
