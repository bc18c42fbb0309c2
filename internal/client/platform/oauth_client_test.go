package platform

import (
	"context"
	"net/http"
	"reflect"
	"testing"
	"time"
)

const oauthClientJSON = `{"data":{"id":"oc-6p5RiCe5CRjBmsGt","type":"oauth-clients","attributes":{
	"name":null,"service-provider":"github","service-provider-display-name":"GitHub","http-url":"https://github.com",
	"api-url":"https://api.github.com","key":null,"rsa-public-key":null,"secret":null,"callback-url":"http://e/auth/oc-1/callback",
	"connect-path":"/auth/oc-1?organization_id=org-1","organization-scoped":true,"created-at":"2025-06-01T12:00:00.000Z"},
	"relationships":{"organization":{"data":{"id":"acme","type":"organizations"}},
	"oauth-tokens":{"data":[{"id":"ot-6p5RiCe5CRjBmsGt","type":"oauth-tokens"}]},"agent-pool":{"data":null},
	"projects":{"data":[{"id":"prj-1","type":"projects"}]}}}}`

func TestOAuthClients_CreateAndDecode(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, oauthClientJSON))
	got, err := c.OAuthClients.Create(context.Background(), "acme", OAuthClientOptions{
		ServiceProvider: ptr("github"), HTTPURL: ptr("https://github.com"), APIURL: ptr("https://api.github.com"),
		OAuthToken: ptr("ghp_secret"), Projects: []*Project{{ID: "prj-1"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/oauth-clients", "",
		`{"data":{"type":"oauth-clients","attributes":{"api-url":"https://api.github.com","http-url":"https://github.com",`+
			`"oauth-token-string":"ghp_secret","service-provider":"github"},"relationships":{"projects":{"data":[{"type":"projects","id":"prj-1"}]}}}}`)
	want := OAuthClient{
		ID: "oc-6p5RiCe5CRjBmsGt", ServiceProvider: "github", ServiceProviderName: "GitHub", HTTPURL: "https://github.com",
		APIURL: "https://api.github.com", CallbackURL: "http://e/auth/oc-1/callback", ConnectPath: "/auth/oc-1?organization_id=org-1",
		OrganizationScoped: true, CreatedAt: ptr(time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC)),
		Organization: &Organization{Name: "acme"}, OAuthTokens: []*OAuthToken{{ID: "ot-6p5RiCe5CRjBmsGt"}},
		Projects: []*Project{{ID: "prj-1"}},
	}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("client\n%+v\nwant\n%+v", *got, want)
	}
}

func TestOAuthClients_ReadListUpdateDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, oauthClientJSON))
	if _, err := c.OAuthClients.Read(context.Background(), "oc-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/oauth-clients/oc-1", "", "")
	if _, err := c.OAuthClients.Update(context.Background(), "oc-1", OAuthClientOptions{
		ServiceProvider: ptr("gitlab_hosted"), OAuthToken: ptr("new"), OrganizationScoped: ptr(false), AgentPool: &AgentPool{ID: "apool-1"},
	}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/oauth-clients/oc-1", "",
		`{"data":{"type":"oauth-clients","attributes":{"oauth-token-string":"new","organization-scoped":false},`+
			`"relationships":{"agent-pool":{"data":{"type":"agent-pools","id":"apool-1"}}}}}`)

	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"oc-1","type":"oauth-clients","attributes":{"service-provider":"github"}}]}`))
	got, err := c.OAuthClients.List(context.Background(), "acme")
	if err != nil || len(got.Items) != 1 || got.Items[0].ServiceProvider != "github" {
		t.Fatalf("clients %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/oauth-clients", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.OAuthClients.AddProjects(context.Background(), "oc-1", []string{"prj-1", "prj-2"}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/oauth-clients/oc-1/relationships/projects", "",
		`{"data":[{"type":"projects","id":"prj-1"},{"type":"projects","id":"prj-2"}]}`)
	if err := c.OAuthClients.RemoveProjects(context.Background(), "oc-1", []string{"prj-1"}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/oauth-clients/oc-1/relationships/projects", "", `{"data":[{"type":"projects","id":"prj-1"}]}`)
	if err := c.OAuthClients.Delete(context.Background(), "oc-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/oauth-clients/oc-1", "", "")
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"organization name is empty": {
				errOf(c.OAuthClients.Create(ctx, "", OAuthClientOptions{})),
				errOf(c.OAuthClients.List(ctx, "")),
			},
			"OAuth client ID is empty": {
				errOf(c.OAuthClients.Read(ctx, "")),
				errOf(c.OAuthClients.Update(ctx, "", OAuthClientOptions{})),
				c.OAuthClients.Delete(ctx, ""),
				c.OAuthClients.AddProjects(ctx, "", nil),
				c.OAuthClients.RemoveProjects(ctx, "", nil),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"OAuthClients.Create": {func(c *Client) error { return errOf(c.OAuthClients.Create(ctx, "acme", OAuthClientOptions{})) }, sentOnce},
			"OAuthClients.Update": {func(c *Client) error { return errOf(c.OAuthClients.Update(ctx, "oc-1", OAuthClientOptions{})) }, sentOnce},
			"OAuthClients.AddProjects": {func(c *Client) error {
				return c.OAuthClients.AddProjects(ctx, "oc-1", []string{"prj-1"})
			}, sentAgain},
		}
	})
}
