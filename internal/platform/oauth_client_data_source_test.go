package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The data source reads a client by ID, by name and by code host, with
// its OAuth token's ID; two clients of one code host cannot be told apart
// by it.
func TestAccOAuthClientDataSource_shape(t *testing.T) {
	p := acctest.NewPlatform(t)
	ctx := context.Background()
	oc, err := p.Client(t).OAuthClients.Create(ctx, p.Organization, platformclient.OAuthClientOptions{
		ServiceProvider: check.Ptr("github"), Name: check.Ptr("github"), HTTPURL: check.Ptr("https://github.com"),
		APIURL: check.Ptr("https://api.github.com"), OAuthToken: check.Ptr("ghp_token"), Secret: check.Ptr("client-secret"),
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(oc.OAuthTokens) != 1 {
		t.Fatalf("the client has %d OAuth tokens, want 1", len(oc.OAuthTokens))
	}
	same := map[string]knownvalue.Check{
		"id": check.Str(oc.ID), "name": check.Str("github"), "service_provider": check.Str("github"),
		"oauth_token_id": check.Str(oc.OAuthTokens[0].ID), "organization": check.Str(p.Organization), "organization_scoped": knownvalue.Bool(true),
		"http_url": check.Str("https://github.com"), "api_url": check.Str("https://api.github.com"), "key": knownvalue.Null(),
	}
	check.DataSource{
		Service: p, Type: "stack_platform_oauth_client", Config: p.ProviderConfig(), Samples: check.Args{"organization": p.Organization},
		ByID:   check.Read{Args: check.Args{"id": oc.ID}, Want: same},
		ByName: check.Read{Args: check.Args{"name": "github"}, Want: same},
		Reads:  []check.Read{{Label: "by_provider", Args: check.Args{"service_provider": "github"}, Want: same}},
		NotFound: []check.Refusal{
			{
				PreConfig: func() {
					if _, err := p.Client(t).OAuthClients.Create(ctx, p.Organization, platformclient.OAuthClientOptions{
						ServiceProvider: check.Ptr("github"), HTTPURL: check.Ptr("https://github.com"), APIURL: check.Ptr("https://api.github.com"),
					}); err != nil {
						t.Fatal(err)
					}
				},
				Args: check.Args{"service_provider": "github"},
				Want: check.Wrapped(`The organization "` + p.Organization + `" has 2 OAuth clients of the code host "github" \(oc-\w+, oc-\w+\): name the one to read by id or name.`),
			},
			{
				Args: check.Args{"service_provider": "gitlab_hosted"},
				Want: check.Literal(`The organization "` + p.Organization + `" has no OAuth client of the code host "gitlab_hosted" that the token may see.`),
			},
		},
	}.Run(t)
}
