package platform

import (
	"context"
	"net/http"
	"testing"
)

const oauthTokenJSON = `{"data":{"id":"ot-6p5RiCe5CRjBmsGt","type":"oauth-tokens","attributes":{"uid":null,"has-ssh-key":true,
	"created-at":"2025-06-01T12:00:00.000Z"},"relationships":{"oauth-client":{"data":{"id":"oc-1","type":"oauth-clients"}}}}}`

func TestOAuthTokens_ReadUpdateListDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, oauthTokenJSON))
	got, err := c.OAuthTokens.Read(context.Background(), "ot-6p5RiCe5CRjBmsGt")
	if err != nil || !got.HasSSHKey || got.OAuthClient.ID != "oc-1" {
		t.Fatalf("token %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/oauth-tokens/ot-6p5RiCe5CRjBmsGt", "", "")
	if _, err := c.OAuthTokens.Update(context.Background(), "ot-1", OAuthTokenUpdateOptions{SSHKey: Value("pem")}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/oauth-tokens/ot-1", "", `{"data":{"type":"oauth-tokens","attributes":{"ssh-key":"pem"}}}`)
	if _, err := c.OAuthTokens.Update(context.Background(), "ot-1", OAuthTokenUpdateOptions{SSHKey: Null[string]()}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/oauth-tokens/ot-1", "", `{"data":{"type":"oauth-tokens","attributes":{"ssh-key":null}}}`)

	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"ot-1","type":"oauth-tokens","attributes":{}}]}`))
	list, err := c.OAuthTokens.ListByClient(context.Background(), "oc-1")
	if err != nil || len(list.Items) != 1 {
		t.Fatalf("tokens %+v, %v", list, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/oauth-clients/oc-1/oauth-tokens", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.OAuthTokens.Delete(context.Background(), "ot-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/oauth-tokens/ot-1", "", "")
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"OAuth client ID is empty": {
				errOf(c.OAuthTokens.ListByClient(ctx, "")),
			},
			"OAuth token ID is empty": {
				errOf(c.OAuthTokens.Read(ctx, "")),
				errOf(c.OAuthTokens.Update(ctx, "", OAuthTokenUpdateOptions{})),
				c.OAuthTokens.Delete(ctx, ""),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"OAuthTokens.Update": {func(c *Client) error {
				return errOf(c.OAuthTokens.Update(ctx, "ot-1", OAuthTokenUpdateOptions{}))
			}, sentOnce},
		}
	})
}
