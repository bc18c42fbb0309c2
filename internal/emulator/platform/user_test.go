package platform_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

func TestUser_currentAccount(t *testing.T) {
	a := newAPI(t, platform.Options{})
	d := a.get("/api/v2/account/details").data(t, http.StatusOK)
	wantID(t, d["id"], "user")
	wantAttrs(t, d, map[string]any{
		"username": "admin", "email": "admin@example.com", "unconfirmed-email": nil, "is-admin": true, "is-site-admin": true,
		"is-service-account": false, "is-sso-login": false, "two-factor": map[string]any{"enabled": false, "verified": false},
	})
	if avatar, _ := attrs(t, d)["avatar-url"].(string); !strings.HasPrefix(avatar, "https://") || emutest.Object(t, attrs(t, d)["permissions"])["can-create-organizations"] != true {
		t.Errorf("attributes %v", attrs(t, d))
	}
	if relID(t, d, "authenticated-resource", "users") != d["id"] {
		t.Errorf("relationships %v", d["relationships"])
	}

	aliceToken, _ := a.server.MintUserToken("alice")
	alice := a.as(aliceToken)
	wantAttrs(t, alice.get("/api/v2/account/details").data(t, http.StatusOK), map[string]any{"username": "alice", "email": "alice@example.com", "is-admin": false})
	a.createOrg("acme")
	orgToken, _ := a.server.MintOrganizationToken("acme")
	wantNotFound(t, a.as(orgToken).get("/api/v2/account/details"))
}

func TestUser_updateAccount(t *testing.T) {
	a := newAPI(t, platform.Options{})
	aliceToken, _ := a.server.MintUserToken("alice")
	alice := a.as(aliceToken)
	update := func(attrs map[string]any) response {
		return alice.do(http.MethodPatch, "/api/v2/account/update", body("users", attrs, nil))
	}
	wantAttrs(t, update(map[string]any{"username": "alicia", "email": "new@example.com"}).data(t, http.StatusOK),
		map[string]any{"username": "alicia", "email": "alice@example.com", "unconfirmed-email": "new@example.com"})
	wantAttrs(t, update(map[string]any{"email": "alice@example.com"}).data(t, http.StatusOK), map[string]any{"unconfirmed-email": nil})
	wantInvalid(t, update(map[string]any{"email": "nope"}), "/data/attributes/email", "invalid email")
	wantInvalid(t, update(map[string]any{"username": "admin"}), "/data/attributes/username", "already been taken")
	wantInvalid(t, update(map[string]any{"username": "a b"}), "/data/attributes/username", "invalid username")
	// The new name is the user's: a token minted by it is the same user's.
	again, err := a.server.MintUserToken("alicia")
	if err != nil {
		t.Fatal(err)
	}
	if a.as(again).get("/api/v2/account/details").data(t, http.StatusOK)["id"] != alice.get("/api/v2/account/details").data(t, http.StatusOK)["id"] {
		t.Error("alicia is another user")
	}
}

// GET /users/:id answers the users who share an organization the token
// sees, and itself; the others are 404.
func TestUser_read(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	_, alice, _ := a.server.AddMember("acme", "alice", "alice@corp.example")
	d := a.get("/api/v2/users/"+alice).data(t, http.StatusOK)
	wantAttrs(t, d, map[string]any{"username": "alice", "email": "alice@corp.example", "is-service-account": false, "auth-method": "tfc", "v2-only": false})
	if _, there := attrs(t, d)["is-admin"]; there {
		t.Errorf("another user's answer has is-admin: %v", attrs(t, d))
	}
	emutest.WantAPIError(t, a.get("/api/v2/users/"+alice+"?include=x"), http.StatusBadRequest, "bad request", "include parameter")

	bobToken, _ := a.server.MintUserToken("bob")
	bob := a.as(bobToken)
	wantNotFound(t, bob.get("/api/v2/users/"+alice))
	me, _ := bob.get("/api/v2/account/details").data(t, http.StatusOK)["id"].(string)
	bob.get("/api/v2/users/"+me).data(t, http.StatusOK)
	wantNotFound(t, a.get("/api/v2/users/user-AAAAAAAAAAAAAAAA"))
	devs := a.createTeam("acme", "devs")
	teamToken, _ := a.server.MintTeamToken("acme", devs)
	a.as(teamToken).get("/api/v2/users/"+alice).data(t, http.StatusOK)
	// A team token's account is its service account, and what it acts
	// for the team.
	account := a.as(teamToken).get("/api/v2/account/details").data(t, http.StatusOK)
	if wantAttrs(t, account, map[string]any{"is-service-account": true}); relID(t, account, "authenticated-resource", "teams") != devs {
		t.Errorf("a team token's account %v", account["relationships"])
	}
}

func init() {
	// A user whose change of email waits for confirmation.
	addStateFixture("users", func(a *api) roundTrip {
		carol, err := a.server.MintUserToken("carol")
		if err != nil {
			a.t.Fatal(err)
		}
		a.as(carol).do(http.MethodPatch, "/api/v2/account/update", body("users", map[string]any{"email": "carol@example.org"}, nil)).data(a.t, http.StatusOK)
		return roundTrip{
			paths: []string{"/api/v2/users/" + platform.UserID(a.server, "carol")},
			check: func(t *testing.T, b *api) {
				wantAttrs(t, b.as(carol).get("/api/v2/account/details").data(t, http.StatusOK), map[string]any{
					"username": "carol", "email": "carol@example.com", "unconfirmed-email": "carol@example.org",
				})
			},
		}
	})
}
