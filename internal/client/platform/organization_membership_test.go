package platform

import (
	"context"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

const membershipJSON = `{"data":{"id":"ou-6p5RiCe5CRjBmsGt","type":"organization-memberships",
	"attributes":{"status":"invited","email":"carol@example.com","created-at":"2025-06-01T12:00:00.000Z"},
	"relationships":{"organization":{"data":{"id":"acme","type":"organizations"}},
		"user":{"data":{"id":"user-6p5RiCe5CRjBmsGt","type":"users"}},
		"teams":{"data":[{"id":"team-1","type":"teams"}]}}},
	"included":[{"id":"user-6p5RiCe5CRjBmsGt","type":"users","attributes":{"username":null,"email":"carol@example.com",
		"avatar-url":"https://a.example/x","is-service-account":false}}]}`

func TestOrganizationMemberships_CreateAndDecode(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, membershipJSON))
	got, err := c.OrganizationMemberships.Create(context.Background(), "acme", OrganizationMembershipCreateOptions{
		Email: ptr("carol@example.com"), Teams: []*Team{{ID: "team-1"}},
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/organization-memberships", "",
		`{"data":{"type":"organization-memberships","attributes":{"email":"carol@example.com"},
			"relationships":{"teams":{"data":[{"type":"teams","id":"team-1"}]}}}}`)
	want := OrganizationMembership{
		ID: "ou-6p5RiCe5CRjBmsGt", Status: MembershipInvited, Email: "carol@example.com",
		Organization: &Organization{Name: "acme"},
		User:         &User{ID: "user-6p5RiCe5CRjBmsGt", Email: "carol@example.com", AvatarURL: "https://a.example/x"},
		Teams:        []*Team{{ID: "team-1"}},
	}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("membership\n%+v\nwant\n%+v", *got, want)
	}
}

func TestOrganizationMemberships_ReadListDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, membershipJSON))
	if _, err := c.OrganizationMemberships.Read(context.Background(), "ou-6p5RiCe5CRjBmsGt"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organization-memberships/ou-6p5RiCe5CRjBmsGt", "include=user", "")

	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"ou-1","type":"organization-memberships","attributes":{"status":"active","email":"a@example.com"}}]}`))
	l, err := c.OrganizationMemberships.List(context.Background(), "acme", OrganizationMembershipListOptions{
		Emails: []string{"a@example.com", "b@example.com"}, Status: MembershipActive, Query: "a",
	})
	if err != nil || len(l.Items) != 1 || l.Items[0].Status != MembershipActive {
		t.Fatalf("list %+v, %v", l, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/organization-memberships",
		"filter%5Bemail%5D=a%40example.com%2Cb%40example.com&filter%5Bstatus%5D=active&include=user&page%5Bnumber%5D=1&page%5Bsize%5D=100&q=a", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.OrganizationMemberships.Delete(context.Background(), "ou-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/organization-memberships/ou-1", "", "")
	if err := c.OrganizationMemberships.Delete(context.Background(), ""); err == nil {
		t.Error("Delete of an empty ID succeeded")
	}
}

func TestOrganizationMemberships_ReadByEmail(t *testing.T) {
	// The email is matched in any case; a loose match is not taken.
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":[
		{"id":"ou-1","type":"organization-memberships","attributes":{"status":"active","email":"carol@example.com.au"}},
		{"id":"ou-2","type":"organization-memberships","attributes":{"status":"active","email":"Carol@Example.com"}}]}`))
	got, err := c.OrganizationMemberships.ReadByEmail(context.Background(), "acme", "carol@example.com")
	if err != nil || got.ID != "ou-2" {
		t.Fatalf("membership %+v, %v; want ou-2", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/organization-memberships",
		"filter%5Bemail%5D=carol%40example.com&include=user&page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	c, _ = fakePlatform(t, reply(http.StatusOK, `{"data":[]}`))
	_, err = c.OrganizationMemberships.ReadByEmail(context.Background(), "acme", "carol@example.com")
	if !client.IsNotFound(err) || !strings.Contains(err.Error(), `no membership of "carol@example.com"`) {
		t.Errorf("error %v, want a 404 naming the email", err)
	}
}

func TestOrganizationMemberships_ReadByUsername(t *testing.T) {
	// q matches loosely: the included user's exact username decides.
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":[
		{"id":"ou-1","type":"organization-memberships","attributes":{"status":"active","email":"alice2@example.com"},
			"relationships":{"user":{"data":{"id":"user-1","type":"users"}}}},
		{"id":"ou-2","type":"organization-memberships","attributes":{"status":"active","email":"a@example.com"},
			"relationships":{"user":{"data":{"id":"user-2","type":"users"}}}}],
		"included":[{"id":"user-1","type":"users","attributes":{"username":"alice2"}},{"id":"user-2","type":"users","attributes":{"username":"alice"}}]}`))
	got, err := c.OrganizationMemberships.ReadByUsername(context.Background(), "acme", "alice")
	if err != nil || got.ID != "ou-2" {
		t.Fatalf("membership %+v, %v; want ou-2", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/organization-memberships",
		"include=user&page%5Bnumber%5D=1&page%5Bsize%5D=100&q=alice", "")

	c, _ = fakePlatform(t, reply(http.StatusOK, `{"data":[]}`))
	if _, err := c.OrganizationMemberships.ReadByUsername(context.Background(), "acme", "alice"); !client.IsNotFound(err) {
		t.Errorf("error %v, want a 404", err)
	}
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"organization name is empty": {
				errOf(c.OrganizationMemberships.List(ctx, "", OrganizationMembershipListOptions{})),
				errOf(c.OrganizationMemberships.Create(ctx, "", OrganizationMembershipCreateOptions{})),
				errOf(c.OrganizationMemberships.ReadByEmail(ctx, "", "x")),
				errOf(c.OrganizationMemberships.ReadByUsername(ctx, "", "x")),
			},
			"organization membership ID is empty": {
				errOf(c.OrganizationMemberships.Read(ctx, "")),
				c.OrganizationMemberships.Delete(ctx, ""),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"OrganizationMemberships.Create": {func(c *Client) error {
				return errOf(c.OrganizationMemberships.Create(ctx, "acme", OrganizationMembershipCreateOptions{}))
			}, sentOnce},
		}
	})
	addLookups(func(ctx context.Context, c *Client) map[string]error {
		return map[string]error{
			`GET /api/v2/organizations/a%20b/organization-memberships: 404 Not Found: no membership of "x@example.com"`:  errOf(c.OrganizationMemberships.ReadByEmail(ctx, "a b", "x@example.com")),
			`GET /api/v2/organizations/a%20b/organization-memberships: 404 Not Found: no membership of a user named "x"`: errOf(c.OrganizationMemberships.ReadByUsername(ctx, "a b", "x")),
		}
	})
}
