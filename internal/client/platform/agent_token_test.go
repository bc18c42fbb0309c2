package platform

import (
	"context"
	"net/http"
	"reflect"
	"testing"
	"time"
)

const agentTokenJSON = `{"data":{"id":"at-6p5RiCe5CRjBmsGt","type":"authentication-tokens","attributes":{
	"token":"secret.atlasv1.value","description":"agents","created-at":"2025-06-01T12:00:00.000Z","last-used-at":null},
	"relationships":{"created-by":{"data":{"id":"user-1","type":"users"}}}}}`

func TestAgentTokens_CreateAndDecode(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, agentTokenJSON))
	got, err := c.AgentTokens.Create(context.Background(), "apool-1", AgentTokenCreateOptions{Description: ptr("agents")})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/agent-pools/apool-1/authentication-tokens", "",
		`{"data":{"type":"authentication-tokens","attributes":{"description":"agents"}}}`)
	want := AgentToken{ID: "at-6p5RiCe5CRjBmsGt", Token: "secret.atlasv1.value", Description: "agents", CreatedAt: ptr(time.Date(2025, 6, 1, 12, 0, 0, 0, time.UTC))}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("token\n%+v\nwant\n%+v", *got, want)
	}
}

func TestAgentTokens_ReadListDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, agentTokenJSON))
	if _, err := c.AgentTokens.Read(context.Background(), "at-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/authentication-tokens/at-1", "", "")

	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"at-1","type":"authentication-tokens","attributes":{"description":"agents","token":null}}]}`))
	got, err := c.AgentTokens.List(context.Background(), "apool-1")
	if err != nil || len(got.Items) != 1 || got.Items[0].Token != "" || got.Items[0].Description != "agents" {
		t.Fatalf("tokens %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/agent-pools/apool-1/authentication-tokens", "page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.AgentTokens.Delete(context.Background(), "at-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/authentication-tokens/at-1", "", "")
	if _, err := c.AgentTokens.Create(context.Background(), "", AgentTokenCreateOptions{}); err == nil {
		t.Error("Create with no pool ID succeeded")
	}
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"token ID is empty": {
				errOf(c.AgentTokens.Read(ctx, "")),
				c.AgentTokens.Delete(ctx, ""),
			},
			"agent pool ID is empty": {
				errOf(c.AgentTokens.Create(ctx, "", AgentTokenCreateOptions{})),
				errOf(c.AgentTokens.List(ctx, "")),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"AgentTokens.Create": {func(c *Client) error {
				return errOf(c.AgentTokens.Create(ctx, "apool-1", AgentTokenCreateOptions{}))
			}, sentOnce},
		}
	})
}
