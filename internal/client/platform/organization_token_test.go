package platform

import (
	"context"
	"net/http"
	"reflect"
	"testing"
	"time"
)

func TestOrganizationTokens(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, `{"data":{"id":"at-2","type":"authentication-tokens","attributes":{
		"token":"org.atlasv1.value","description":null,"expired-at":null,"created-at":"2030-01-01T00:00:00Z"}}}`))
	got, err := c.OrganizationTokens.Create(context.Background(), "acme", OrganizationTokenCreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/authentication-token", "", `{"data":{"type":"authentication-token"}}`)
	if want := (OrganizationToken{ID: "at-2", Token: "org.atlasv1.value", CreatedAt: ptr(time.Date(2030, 1, 1, 0, 0, 0, 0, time.UTC))}); !reflect.DeepEqual(*got, want) {
		t.Errorf("token %+v", *got)
	}

	expires := time.Date(2031, 2, 3, 4, 5, 6, 0, time.FixedZone("CET", 3600))
	if _, err := c.OrganizationTokens.Create(context.Background(), "acme", OrganizationTokenCreateOptions{ExpiredAt: &expires}); err != nil {
		t.Fatal(err)
	}
	// Times go in UTC.
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/authentication-token", "",
		`{"data":{"type":"authentication-token","attributes":{"expired-at":"2031-02-03T03:05:06Z"}}}`)

	if _, err := c.OrganizationTokens.Read(context.Background(), "acme"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/authentication-token", "", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.OrganizationTokens.Delete(context.Background(), "acme"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/organizations/acme/authentication-token", "", "")
}

// The audit trail token is the same path's, with ?token=audit-trails on
// every call: a create, read or delete of it leaves the organization's own
// token alone.
func TestAuditTrailTokens(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, `{"data":{"id":"at-3","type":"authentication-tokens","attributes":{
		"token":"audit.value","expired-at":"2032-01-01T00:00:00Z"}}}`))
	got, err := c.AuditTrailTokens.Create(context.Background(), "acme", OrganizationTokenCreateOptions{})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/authentication-token", "token=audit-trails", `{"data":{"type":"authentication-token"}}`)
	if got.ID != "at-3" || got.Token != "audit.value" || got.ExpiredAt == nil || !got.ExpiredAt.Equal(time.Date(2032, 1, 1, 0, 0, 0, 0, time.UTC)) {
		t.Errorf("token %+v", *got)
	}
	if _, err := c.AuditTrailTokens.Read(context.Background(), "acme"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/authentication-token", "token=audit-trails", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.AuditTrailTokens.Delete(context.Background(), "acme"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/organizations/acme/authentication-token", "token=audit-trails", "")
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"organization name is empty": {
				errOf(c.OrganizationTokens.Create(ctx, "", OrganizationTokenCreateOptions{})),
				errOf(c.OrganizationTokens.Read(ctx, "")),
				c.OrganizationTokens.Delete(ctx, ""),
				errOf(c.AuditTrailTokens.Read(ctx, "")),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"OrganizationTokens.Create": {func(c *Client) error {
				return errOf(c.OrganizationTokens.Create(ctx, "acme", OrganizationTokenCreateOptions{}))
			}, sentOnce},
		}
	})
}
