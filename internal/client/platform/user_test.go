package platform

import (
	"context"
	"net/http"
	"reflect"
	"testing"
)

func TestUsers_ReadCurrent(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":{"id":"user-1","type":"users","attributes":{
		"username":"admin","email":"admin@example.com","unconfirmed-email":null,"avatar-url":"https://a.example/x",
		"is-service-account":false,"is-admin":true,"two-factor":{"enabled":true,"verified":false}}}}`))
	got, err := c.Users.ReadCurrent(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/account/details", "", "")
	want := User{
		ID: "user-1", Username: "admin", Email: "admin@example.com", AvatarURL: "https://a.example/x",
		IsAdmin: ptr(true), TwoFactor: &UserTwoFactor{Enabled: true},
	}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("user\n%+v\nwant\n%+v", *got, want)
	}
}

// The account's authenticated resource is what its token acts for: the
// user, or a team token's team.
func TestUsers_authenticatedResource(t *testing.T) {
	for kind, id := range map[string]string{"users": "user-1", "teams": "team-2", "organizations": "acme", "": ""} {
		rel := `{"data":null}`
		if kind != "" {
			rel = `{"data":{"type":"` + kind + `","id":"` + id + `"}}`
		}
		c, _ := fakePlatform(t, reply(http.StatusOK, `{"data":{"id":"user-1","type":"users","attributes":{},"relationships":{"authenticated-resource":`+rel+`}}}`))
		got, err := c.Users.ReadCurrent(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		if got.AuthenticatedResource.Kind() != kind || got.AuthenticatedResource.ID() != id {
			t.Errorf("%s: %q %q, want %q %q", kind, got.AuthenticatedResource.Kind(), got.AuthenticatedResource.ID(), kind, id)
		}
	}
}

func TestUsers_Read(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":{"id":"user-2","type":"users","attributes":{"username":"api-team_x","is-service-account":true}}}`))
	got, err := c.Users.Read(context.Background(), "user-2")
	if err != nil || !got.IsServiceAccount || got.IsAdmin != nil {
		t.Fatalf("user %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/users/user-2", "", "")
	if _, err := c.Users.Read(context.Background(), ""); err == nil {
		t.Error("Read of an empty ID succeeded")
	}
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"user ID is empty": {
				errOf(c.Users.Read(ctx, "")),
			},
		}
	})
}
