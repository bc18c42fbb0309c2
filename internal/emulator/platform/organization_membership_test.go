package platform_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

func membershipsPath(org string) string { return orgsPath + "/" + org + "/organization-memberships" }

func membershipPath(id string) string { return "/api/v2/organization-memberships/" + id }

// invite invites email to org as a's token and returns the membership's
// ID.
func (a *api) invite(org, email string, teamIDs ...string) string {
	a.t.Helper()
	var rels map[string]any
	if teamIDs != nil {
		rels = map[string]any{"teams": refs("teams", teamIDs...)}
	}
	d := a.create(membershipsPath(org), "organization-memberships", map[string]any{"email": email}, rels)
	return wantID(a.t, d["id"], "ou")
}

func TestOrganizationMembership_inviteReadListDelete(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	r := a.do(http.MethodPost, membershipsPath("acme"), body("organization-memberships", map[string]any{"email": "Carol@Example.com"}, nil))
	d := r.data(t, http.StatusCreated)
	id := wantID(t, d["id"], "ou")
	wantAttrs(t, d, map[string]any{"status": "invited", "email": "Carol@Example.com", "is-org-two-factor-required": false})
	userID := relID(t, d, "user", "users")
	wantID(t, userID, "user")
	if relID(t, d, "organization", "organizations") != "acme" || !emutest.EqualJSON(t, relData(t, d, "teams"), []any{}) {
		t.Errorf("relationships %v", d["relationships"])
	}
	// The create answer includes the user, who has no username yet.
	inc := r.included(t)
	if len(inc) != 1 || inc[0]["id"] != userID {
		t.Fatalf("included %v", inc)
	}
	wantAttrs(t, inc[0], map[string]any{"username": nil, "email": "Carol@Example.com", "is-service-account": false})

	// Read, with and without the user.
	read := a.get(membershipPath(id))
	if got := read.data(t, http.StatusOK); !emutest.EqualJSON(t, got, d) || len(read.included(t)) != 0 {
		t.Errorf("read %s\nwant %v", read.Body, d)
	}
	if got := a.get(membershipPath(id) + "?include=user").included(t); len(got) != 1 || !emutest.EqualJSON(t, got[0], inc[0]) {
		t.Errorf("read with include=user %v", got)
	}
	emutest.WantAPIError(t, a.get(membershipPath(id)+"?include=users"), http.StatusBadRequest, "bad request", "include parameter")

	// The creator is an active member; the list says how many of each.
	list := a.get(membershipsPath("acme"))
	items := list.list(t)
	if len(items) != 2 || items[1]["id"] != id {
		t.Fatalf("list %v", ids(items))
	}
	wantAttrs(t, items[0], map[string]any{"status": "active", "email": "admin@example.com"})
	if counts := emutest.Object(t, emutest.JSON(t, list)["meta"])["status-counts"]; !emutest.EqualJSON(t, counts, map[string]any{"total": 2, "active": 1, "invited": 1}) {
		t.Errorf("status-counts %v", counts)
	}

	// Deleted, the invitation and its user record are gone.
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, membershipPath(id), nil), http.StatusNoContent)
	wantNotFound(t, a.get(membershipPath(id)))
	wantNotFound(t, a.get("/api/v2/users/"+userID))
	if got := a.get(membershipsPath("acme")).list(t); len(got) != 1 {
		t.Errorf("list after delete %v", ids(got))
	}
}

func TestOrganizationMembership_refusals(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	create := func(attrs, rels map[string]any) response {
		return a.do(http.MethodPost, membershipsPath("acme"), body("organization-memberships", attrs, rels))
	}
	wantInvalid(t, create(map[string]any{}, nil), "/data/attributes/email", "email is required")
	wantInvalid(t, create(map[string]any{"email": "not-an-email"}, nil), "/data/attributes/email", "invalid email")
	foreign := a.createTeam("other", "devs")
	wantInvalid(t, create(map[string]any{"email": "a@example.com"}, map[string]any{"teams": refs("teams", foreign)}),
		"/data/relationships/teams/data/0", "is not a team of organization")
	a.invite("acme", "a@example.com")
	wantInvalid(t, create(map[string]any{"email": "A@example.com"}, nil), "/data/attributes/email", "has already been invited")
	wantNotFound(t, a.do(http.MethodPost, membershipsPath("nope"), body("organization-memberships", map[string]any{"email": "b@example.com"}, nil)))

	// No update; removing yourself from an organization you own is 403.
	emutest.WantAPIError(t, a.do(http.MethodPatch, membershipPath(a.invite("acme", "c@example.com")), body("organization-memberships", map[string]any{}, nil)),
		http.StatusNotFound, "not found", "no such endpoint")
	own := a.get(membershipsPath("acme") + "?filter[status]=active").list(t)
	emutest.WantAPIError(t, a.do(http.MethodDelete, membershipPath(ids(own)[0]), nil), http.StatusForbidden, "forbidden", "which you own")
	emutest.WantAPIError(t, a.get(membershipsPath("acme")+"?filter[status]=gone"), http.StatusBadRequest, "bad request", "filter[status]")
}

func TestOrganizationMembership_listFilters(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	one := a.invite("acme", "one@example.com")
	two := a.invite("acme", "two@example.org")
	three := a.invite("acme", "three@example.com")
	if _, _, err := a.server.AcceptMembership(three, "trinity"); err != nil {
		t.Fatal(err)
	}
	listed := func(query string) string {
		t.Helper()
		return strings.Join(ids(a.get(membershipsPath("acme")+query).list(t)), ",")
	}
	if got := listed("?filter[email]=ONE@example.com,two@example.org"); got != one+","+two {
		t.Errorf("filter[email] %s", got)
	}
	if got := listed("?filter[status]=invited"); got != one+","+two {
		t.Errorf("filter[status]=invited %s", got)
	}
	if got := listed("?q=example.org"); got != two {
		t.Errorf("q by email %s", got)
	}
	if got := listed("?q=TRIN"); got != three {
		t.Errorf("q by username %s", got)
	}
	page := a.get(membershipsPath("acme") + "?page[size]=2&page[number]=2")
	if got := strings.Join(ids(page.list(t)), ","); got != two+","+three || page.pagination(t)["total-count"] != float64(4) {
		t.Errorf("page 2 %s %v", got, page.pagination(t))
	}
	inc := a.get(membershipsPath("acme") + "?include=user,teams&filter[status]=active").included(t)
	var kinds []string
	for _, res := range inc {
		kind, _ := res["type"].(string)
		kinds = append(kinds, kind)
	}
	// The creator is in the owners team; the other active member in none.
	if strings.Join(kinds, ",") != "users,teams,users" {
		t.Errorf("included %v", kinds)
	}
}

// GET /organization-memberships answers the token's own memberships.
func TestOrganizationMembership_ownList(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	bobToken, _ := a.server.MintUserToken("bob")
	bob := a.as(bobToken)
	bob.createOrg("bobs")
	if got := bob.get("/api/v2/organization-memberships").list(t); len(got) != 1 || relID(t, got[0], "organization", "organizations") != "bobs" {
		t.Fatalf("bob's memberships %v", got)
	}
	id, _, err := a.server.AddMember("acme", "bob", "")
	if err != nil {
		t.Fatal(err)
	}
	if got := ids(bob.get("/api/v2/organization-memberships").list(t)); len(got) != 2 || got[1] != id {
		t.Errorf("bob's memberships after joining acme %v", got)
	}
	orgToken, _ := a.server.MintOrganizationToken("acme")
	if got := a.as(orgToken).get("/api/v2/organization-memberships").list(t); len(got) != 0 {
		t.Errorf("an organization token's memberships %v", got)
	}
	// Memberships are the organization's: others do not see them.
	wantNotFound(t, bob.get(membershipsPath("acme")))
	wantNotFound(t, bob.get(membershipPath(id)))
}

// The admin routes accept an invitation and add an active member.
func TestOrganizationMembership_adminAcceptAndAdd(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	id := a.invite("acme", "dana.smith@example.com")
	r := postJSON(t, a.url+"/_emulator/platform/organization-memberships/"+id+"/accept", `{}`)
	if r.Status != http.StatusOK || !strings.Contains(r.Body, `"username":"danasmith"`) {
		t.Fatalf("accept: %d %s", r.Status, r.Body)
	}
	wantAttrs(t, a.get(membershipPath(id)).data(t, http.StatusOK), map[string]any{"status": "active"})
	if again := postJSON(t, a.url+"/_emulator/platform/organization-memberships/"+id+"/accept", `{}`); again.Status != http.StatusBadRequest {
		t.Errorf("accepting twice: %d %s", again.Status, again.Body)
	}
	if none := postJSON(t, a.url+"/_emulator/platform/organization-memberships/ou-AAAAAAAAAAAAAAAA/accept", `{}`); none.Status != http.StatusBadRequest {
		t.Errorf("accepting no membership: %d %s", none.Status, none.Body)
	}

	r = postJSON(t, a.url+"/_emulator/platform/organizations/acme/members", `{"username":"erin","email":"erin@example.net"}`)
	if r.Status != http.StatusCreated {
		t.Fatalf("add: %d %s", r.Status, r.Body)
	}
	added := a.get(membershipsPath("acme") + "?filter[email]=erin@example.net&include=user")
	wantAttrs(t, added.list(t)[0], map[string]any{"status": "active"})
	wantAttrs(t, added.included(t)[0], map[string]any{"username": "erin"})
	for _, bad := range []string{`{"username":"erin"}`, `{"username":"a b"}`, `{"username":"x","email":"nope"}`} {
		if r := postJSON(t, a.url+"/_emulator/platform/organizations/acme/members", bad); r.Status != http.StatusBadRequest {
			t.Errorf("add %s: %d %s", bad, r.Status, r.Body)
		}
	}
	// A minted user's token acts as the member the admin route added.
	erinToken, err := a.server.MintUserToken("erin")
	if err != nil {
		t.Fatal(err)
	}
	if got := a.as(erinToken).get("/api/v2/organization-memberships").list(t); len(got) != 1 {
		t.Errorf("erin's memberships %v", got)
	}
}

// Owners and teams with manage-membership invite and remove members;
// other teams read them.
func TestOrganizationMembership_whoManages(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	id := a.invite("acme", "f@example.com")
	plainToken, _ := a.server.MintTeamToken("acme", a.createTeam("acme", "plain"))
	plain := a.as(plainToken)
	plain.get(membershipPath(id)).data(t, http.StatusOK)
	wantNotFound(t, plain.do(http.MethodPost, membershipsPath("acme"), body("organization-memberships", map[string]any{"email": "g@example.com"}, nil)))
	wantNotFound(t, plain.do(http.MethodDelete, membershipPath(id), nil))

	hr := a.createTeam("acme", "hr")
	a.do(http.MethodPatch, "/api/v2/teams/"+hr, body("teams", map[string]any{"organization-access": map[string]any{"manage-membership": true}}, nil)).data(t, http.StatusOK)
	hrToken, _ := a.server.MintTeamToken("acme", hr)
	a.as(hrToken).invite("acme", "g@example.com")
	emutest.WantAPIStatus(t, a.as(hrToken).do(http.MethodDelete, membershipPath(id), nil), http.StatusNoContent)
}

// The state file keeps memberships and invited users.
func TestOrganizationMembership_stateFile(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	team := a.createTeam("acme", "devs")
	id := a.invite("acme", "ivan@example.com", team)
	a.reload(membershipPath(id) + "?include=user,teams")
}

// A subscription's contract-user-limit caps members and invitations
// together: one more is 400.
func TestOrganizationMembership_userLimit(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	sets := a.get(adminPath + "/feature-sets?q=Business").list(t)
	doc := body("subscription", map[string]any{"contract-user-limit": 2}, map[string]any{"feature-set": rel("feature-sets", ids(sets)[0])})
	a.do(http.MethodPost, adminPath+"/organizations/acme/subscription", doc).data(t, http.StatusCreated)
	id := a.invite("acme", "one@example.com")
	over := a.do(http.MethodPost, membershipsPath("acme"), body("organization-memberships", map[string]any{"email": "two@example.com"}, nil))
	emutest.WantAPIError(t, over, http.StatusBadRequest, "bad request", "has reached its limit of 2 users")
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, membershipPath(id), nil), http.StatusNoContent)
	a.invite("acme", "two@example.com")
}

func init() {
	// Users with an email; memberships of a user and teams in the file, with
	// a status, one per user and organization.
	const usr = `{"id":"user-AAAAAAAAAAAAAAAA","email":"a@example.com"}`
	const m = `{"id":"ou-AAAAAAAAAAAAAAAA","organization":"org-AAAAAAAAAAAAAAAA","user":"user-AAAAAAAAAAAAAAAA","status":"invited","teams":[]}`
	refuseStates(stateInOrg("users", usr, "organization-memberships", m),
		stateInOrg("users", `{"id":"user-AAAAAAAAAAAAAAAA"}`, "organization-memberships", ""),
		stateInOrg("users", usr, "organization-memberships", strings.Replace(m, `"invited"`, `"gone"`, 1)),
		stateInOrg("users", usr, "organization-memberships", strings.Replace(m, `"user-AAAAAAAAAAAAAAAA"`, `"user-BBBBBBBBBBBBBBBB"`, 1)),
		stateInOrg("users", usr, "organization-memberships", strings.Replace(m, `"teams":[]`, `"teams":["team-AAAAAAAAAAAAAAAA"]`, 1)),
		stateInOrg("users", usr, "organization-memberships", m+","+strings.Replace(m, "ou-AAAAAAAAAAAAAAAA", "ou-BBBBBBBBBBBBBBBB", 1)),
	)
	// An invitation and an active member.
	addStateFixture("organization-memberships", func(a *api) roundTrip {
		invited := a.invite("acme", "ivan@example.com")
		if _, _, err := a.server.AddMember("acme", "bob", ""); err != nil {
			a.t.Fatal(err)
		}
		return roundTrip{paths: []string{membershipPath(invited), membershipsPath("acme") + "?include=user,teams"}}
	})
}
