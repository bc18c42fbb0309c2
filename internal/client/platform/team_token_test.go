package platform

import (
	"context"
	"net/http"
	"reflect"
	"testing"
	"time"
)

const teamTokenJSON = `{"data":{"id":"at-6p5RiCe5CRjBmsGt","type":"authentication-tokens","attributes":{
	"token":"secret.atlasv1.value","description":"ci","expired-at":"2031-01-01T00:00:00Z",
	"created-at":"2030-01-01T00:00:00Z","last-used-at":null},
	"relationships":{"team":{"data":{"id":"team-1","type":"teams"}},"created-by":{"data":{"id":"user-1","type":"users"}}}}}`

func TestTeamTokens_Create(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, teamTokenJSON))
	expires := time.Date(2031, 1, 1, 0, 0, 0, 0, time.UTC)
	got, err := c.TeamTokens.Create(context.Background(), "team-1", TeamTokenCreateOptions{Description: ptr("ci"), ExpiredAt: &expires})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/teams/team-1/authentication-tokens", "",
		`{"data":{"type":"authentication-tokens","attributes":{"description":"ci","expired-at":"2031-01-01T00:00:00Z"}}}`)
	want := TeamToken{
		ID: "at-6p5RiCe5CRjBmsGt", Token: "secret.atlasv1.value", Description: ptr("ci"), ExpiredAt: &expires,
		CreatedAt: ptr(time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC)), Team: &Team{ID: "team-1"},
	}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("token\n%+v\nwant\n%+v", *got, want)
	}
}

// An empty description is sent, and read back, as one: it makes one of
// the team's described tokens, not its legacy token, whose description
// is null.
func TestTeamTokens_emptyDescription(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, `{"data":{"id":"at-1","type":"authentication-tokens","attributes":{"description":""}}}`))
	got, err := c.TeamTokens.Create(context.Background(), "team-1", TeamTokenCreateOptions{Description: ptr("")})
	if err != nil || got.Description == nil || *got.Description != "" {
		t.Fatalf("token %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/teams/team-1/authentication-tokens", "",
		`{"data":{"type":"authentication-tokens","attributes":{"description":""}}}`)
	c, _ = fakePlatform(t, reply(http.StatusOK, `{"data":{"id":"at-2","type":"authentication-tokens","attributes":{"description":null}}}`))
	if got, err = c.TeamTokens.ReadLegacy(context.Background(), "team-1"); err != nil || got.Description != nil {
		t.Fatalf("legacy token %+v, %v", got, err)
	}
}

// A description the team's other token has is refused with 422, or 409 by
// some servers: both are DescriptionTaken, and nothing else is.
func TestTeamTokens_descriptionTaken(t *testing.T) {
	for status, body := range map[int]string{
		http.StatusUnprocessableEntity: `{"errors":[{"status":"422","title":"invalid attributes","detail":"Validation failed: Description has already been taken"}]}`,
		http.StatusConflict:            `{"errors":[{"status":"409","title":"conflict","detail":"description \"ci\" has already been taken by token at-1"}]}`,
	} {
		c, _ := fakePlatform(t, reply(status, body))
		_, err := c.TeamTokens.Create(context.Background(), "team-1", TeamTokenCreateOptions{Description: ptr("ci")})
		if !DescriptionTaken(err) {
			t.Errorf("%d: %v is not DescriptionTaken", status, err)
		}
	}
	c, _ := fakePlatform(t, reply(http.StatusUnprocessableEntity, `{"errors":[{"status":"422","title":"invalid attribute","detail":"expired-at must be in the future"}]}`))
	if _, err := c.TeamTokens.Create(context.Background(), "team-1", TeamTokenCreateOptions{Description: ptr("ci")}); err == nil || DescriptionTaken(err) {
		t.Errorf("another refusal %v is DescriptionTaken", err)
	}
}

func TestTeamTokens_ReadDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, teamTokenJSON))
	if _, err := c.TeamTokens.Read(context.Background(), "at-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/authentication-tokens/at-1", "", "")
	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.TeamTokens.Delete(context.Background(), "at-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/authentication-tokens/at-1", "", "")
}

func TestTeamTokens_Legacy(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, teamTokenJSON))
	got, err := c.TeamTokens.CreateLegacy(context.Background(), "team-1", TeamLegacyTokenCreateOptions{})
	if err != nil || got.Token != "secret.atlasv1.value" {
		t.Fatalf("token %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/teams/team-1/authentication-token", "", `{"data":{"type":"authentication-token"}}`)

	if _, err := c.TeamTokens.ReadLegacy(context.Background(), "team-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/teams/team-1/authentication-token", "", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.TeamTokens.DeleteLegacy(context.Background(), "team-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/teams/team-1/authentication-token", "", "")
}

func TestTeamTokens_List(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"at-1","type":"authentication-tokens","attributes":{"description":"ci","expired-at":null},
		"relationships":{"team":{"data":{"id":"team-1","type":"teams"}}}}]}`))
	got, err := c.TeamTokens.List(context.Background(), "acme", TeamTokenListOptions{Query: "ci"})
	if err != nil || len(got.Items) != 1 || got.Items[0].ExpiredAt != nil || got.Items[0].Team.ID != "team-1" {
		t.Fatalf("tokens %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/team-tokens", "page%5Bnumber%5D=1&page%5Bsize%5D=100&q=ci", "")
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"organization name is empty": {
				errOf(c.TeamTokens.List(ctx, "", TeamTokenListOptions{})),
			},
			"team ID is empty": {
				errOf(c.TeamTokens.Create(ctx, "", TeamTokenCreateOptions{})),
				errOf(c.TeamTokens.CreateLegacy(ctx, "", TeamLegacyTokenCreateOptions{})),
				errOf(c.TeamTokens.ReadLegacy(ctx, "")),
				c.TeamTokens.DeleteLegacy(ctx, ""),
			},
			"token ID is empty": {
				errOf(c.TeamTokens.Read(ctx, "")),
				c.TeamTokens.Delete(ctx, ""),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"TeamTokens.Create": {func(c *Client) error { return errOf(c.TeamTokens.Create(ctx, "team-1", TeamTokenCreateOptions{})) }, sentOnce},
			"TeamTokens.CreateLegacy": {func(c *Client) error {
				return errOf(c.TeamTokens.CreateLegacy(ctx, "team-1", TeamLegacyTokenCreateOptions{}))
			}, sentOnce},
		}
	})
}
