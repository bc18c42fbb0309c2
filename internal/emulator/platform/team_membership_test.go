package platform_test

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/emulator/internal/emutest"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

func teamUsersPath(team string) string { return "/api/v2/teams/" + team + "/relationships/users" }

func teamMembershipsPath(team string) string {
	return "/api/v2/teams/" + team + "/relationships/organization-memberships"
}

// usernames is a relationship document of users named by username.
func usernames(names ...string) map[string]any {
	list := []any{}
	for _, n := range names {
		list = append(list, map[string]any{"type": "users", "id": n})
	}
	return map[string]any{"data": list}
}

// teamRelIDs returns the IDs a team's to-many relationship names.
func teamRelIDs(t *testing.T, a *api, team, rel string) []string {
	t.Helper()
	var out []string
	items, _ := relData(t, a.get("/api/v2/teams/"+team).data(t, http.StatusOK), rel).([]any)
	for _, item := range items {
		id, _ := emutest.Object(t, item)["id"].(string)
		out = append(out, id)
	}
	return out
}

func TestTeamMembership_byUsername(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	team := a.createTeam("acme", "devs")
	_, alice, err := a.server.AddMember("acme", "alice", "")
	if err != nil {
		t.Fatal(err)
	}
	invited := a.invite("acme", "ivan@example.com")
	if _, err := a.server.MintUserToken("stranger"); err != nil {
		t.Fatal(err)
	}

	emutest.WantAPIStatus(t, a.do(http.MethodPost, teamUsersPath(team), usernames("alice", "admin")), http.StatusNoContent)
	// Adding again changes nothing.
	emutest.WantAPIStatus(t, a.do(http.MethodPost, teamUsersPath(team), usernames("alice")), http.StatusNoContent)
	d := a.get("/api/v2/teams/" + team + "?include=users")
	res := d.data(t, http.StatusOK)
	wantAttrs(t, res, map[string]any{"users-count": 2})
	var names []string
	for _, u := range d.included(t) {
		name, _ := attrs(t, u)["username"].(string)
		names = append(names, name)
	}
	if strings.Join(names, ",") != "admin,alice" {
		t.Errorf("included users %v", names)
	}
	if got := teamRelIDs(t, a, team, "users"); len(got) != 2 || got[1] != alice {
		t.Errorf("users %v", got)
	}

	// Only active members join by username: the refusal changes nothing.
	for _, name := range []string{"stranger", "nobody"} {
		emutest.WantAPIError(t, a.do(http.MethodPost, teamUsersPath(team), usernames("admin", name)), http.StatusBadRequest, "bad request",
			name+" is not a member of the organization")
	}
	a.do(http.MethodPost, teamMembershipsPath(team), refs("organization-memberships", invited))
	if got := teamRelIDs(t, a, team, "users"); len(got) != 2 {
		t.Errorf("an invited member is among the users: %v", got)
	}

	emutest.WantAPIStatus(t, a.do(http.MethodDelete, teamUsersPath(team), usernames("alice")), http.StatusNoContent)
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, teamUsersPath(team), usernames("alice")), http.StatusNoContent)
	if got := teamRelIDs(t, a, team, "users"); len(got) != 1 {
		t.Errorf("users after removing alice %v", got)
	}
	emutest.WantAPIError(t, a.do(http.MethodDelete, teamUsersPath(team), usernames("stranger")), http.StatusBadRequest, "bad request", "is not a member")
	emutest.WantAPIError(t, a.do(http.MethodPost, teamUsersPath(team), map[string]any{"data": []any{}}), http.StatusBadRequest, "bad request", "at least one")
}

func TestTeamMembership_byMembershipID(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	a.createOrg("other")
	team := a.createTeam("acme", "devs")
	invited := a.invite("acme", "ivan@example.com")
	active, _, _ := a.server.AddMember("acme", "alice", "")
	foreign := a.invite("other", "olga@example.com")

	emutest.WantAPIStatus(t, a.do(http.MethodPost, teamMembershipsPath(team), refs("organization-memberships", invited, active)), http.StatusNoContent)
	if got := teamRelIDs(t, a, team, "organization-memberships"); strings.Join(got, ",") != invited+","+active {
		t.Errorf("organization-memberships %v", got)
	}
	// The membership names its teams.
	if got := relData(t, a.get(membershipPath(invited)).data(t, http.StatusOK), "teams"); !emutest.EqualJSON(t, got, []any{map[string]any{"type": "teams", "id": team}}) {
		t.Errorf("membership's teams %v", got)
	}
	inc := a.get("/api/v2/teams/" + team + "?include=organization-memberships").included(t)
	if len(inc) != 2 || inc[0]["type"] != "organization-memberships" {
		t.Errorf("included %v", inc)
	}
	emutest.WantAPIError(t, a.do(http.MethodPost, teamMembershipsPath(team), refs("organization-memberships", foreign)), http.StatusBadRequest, "bad request", foreign+" is not a member")

	list := a.get(teamMembershipsPath(team) + "?filter[status]=invited")
	if got := ids(list.list(t)); strings.Join(got, ",") != invited {
		t.Errorf("filter[status]=invited %v", got)
	}
	if got := a.get(teamMembershipsPath(team) + "?filter[is_service_account]=true").list(t); len(got) != 0 {
		t.Errorf("service accounts %v", got)
	}
	if got := a.get(teamMembershipsPath(team) + "?page[size]=1").pagination(t); got["total-count"] != float64(2) {
		t.Errorf("pagination %v", got)
	}

	emutest.WantAPIStatus(t, a.do(http.MethodDelete, teamMembershipsPath(team), refs("organization-memberships", invited)), http.StatusNoContent)
	// Removing one that is not in the team, or no longer exists, is 400.
	emutest.WantAPIError(t, a.do(http.MethodDelete, teamMembershipsPath(team), refs("organization-memberships", invited)), http.StatusBadRequest, "bad request", invited+" is not a member")
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, membershipPath(active), nil), http.StatusNoContent)
	emutest.WantAPIError(t, a.do(http.MethodDelete, teamMembershipsPath(team), refs("organization-memberships", active)), http.StatusBadRequest, "bad request", active+" is not a member")
	if got := teamRelIDs(t, a, team, "organization-memberships"); len(got) != 0 {
		t.Errorf("organization-memberships at the end %v", got)
	}
	// A deleted team leaves its members' memberships.
	a.do(http.MethodPost, teamMembershipsPath(team), refs("organization-memberships", invited))
	emutest.WantAPIStatus(t, a.do(http.MethodDelete, "/api/v2/teams/"+team, nil), http.StatusNoContent)
	if got := relData(t, a.get(membershipPath(invited)).data(t, http.StatusOK), "teams"); !emutest.EqualJSON(t, got, []any{}) {
		t.Errorf("membership's teams after the team's delete %v", got)
	}
}

// A team with a token lists its service account among its users, as the
// platform does; the account is readable as a user.
func TestTeamMembership_serviceAccount(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	team := a.createTeam("acme", "ci")
	if got := teamRelIDs(t, a, team, "users"); len(got) != 0 {
		t.Fatalf("users before a token %v", got)
	}
	token, _ := a.server.MintTeamToken("acme", team)
	r := a.get("/api/v2/teams/" + team + "?include=users")
	inc := r.included(t)
	if len(inc) != 1 {
		t.Fatalf("included %v", inc)
	}
	suffix := strings.TrimPrefix(team, "team-")
	wantAttrs(t, inc[0], map[string]any{"username": "api-team_" + suffix, "is-service-account": true})
	wantAttrs(t, r.data(t, http.StatusOK), map[string]any{"users-count": 1})
	a.get("/api/v2/users/"+ids(inc)[0]).data(t, http.StatusOK)
	// The team's token reads its service account as its account.
	wantAttrs(t, a.as(token).get("/api/v2/account/details").data(t, http.StatusOK), map[string]any{"username": "api-team_" + suffix})
	// Nobody adds it by name: it is no member.
	emutest.WantAPIError(t, a.do(http.MethodPost, teamUsersPath(team), usernames("api-team_"+suffix)), http.StatusBadRequest, "bad request", "is not a member")
}

// Those who manage membership change teams' members; other teams are
// answered 404.
func TestTeamMembership_whoManages(t *testing.T) {
	a := newAPI(t, platform.Options{})
	a.createOrg("acme")
	team := a.createTeam("acme", "devs")
	a.do(http.MethodPatch, "/api/v2/teams/"+team, body("teams", map[string]any{"visibility": "organization"}, nil)).data(t, http.StatusOK)
	plainToken, _ := a.server.MintTeamToken("acme", a.createTeam("acme", "plain"))
	wantNotFound(t, a.as(plainToken).do(http.MethodPost, teamUsersPath(team), usernames("admin")))
	a.as(plainToken).get(teamMembershipsPath(team)).list(t)
	bobToken, _ := a.server.MintUserToken("bob")
	wantNotFound(t, a.as(bobToken).get(teamMembershipsPath(team)))
}
