package platform

import (
	"context"
	"net/http"
	"testing"
)

func TestTeamMemberships_AddAndRemove(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusNoContent, ""))
	ctx := context.Background()
	for _, call := range []struct {
		do           func() error
		method, path string
		body         string
	}{
		{func() error { return c.TeamMemberships.AddUsers(ctx, "team-1", []string{"alice", "bob"}) },
			http.MethodPost, "/api/v2/teams/team-1/relationships/users",
			`{"data":[{"type":"users","id":"alice"},{"type":"users","id":"bob"}]}`},
		{func() error { return c.TeamMemberships.RemoveUsers(ctx, "team-1", []string{"alice"}) },
			http.MethodDelete, "/api/v2/teams/team-1/relationships/users", `{"data":[{"type":"users","id":"alice"}]}`},
		{func() error { return c.TeamMemberships.AddMemberships(ctx, "team-1", []string{"ou-1"}) },
			http.MethodPost, "/api/v2/teams/team-1/relationships/organization-memberships",
			`{"data":[{"type":"organization-memberships","id":"ou-1"}]}`},
		{func() error { return c.TeamMemberships.RemoveMemberships(ctx, "team-1", []string{"ou-1"}) },
			http.MethodDelete, "/api/v2/teams/team-1/relationships/organization-memberships",
			`{"data":[{"type":"organization-memberships","id":"ou-1"}]}`},
	} {
		if err := call.do(); err != nil {
			t.Fatal(err)
		}
		assertRequest(t, f.Last(t), call.method, call.path, "", call.body)
	}
	if err := c.TeamMemberships.AddUsers(ctx, "..", []string{"alice"}); err == nil {
		t.Error("AddUsers to team .. succeeded")
	}
}

func TestTeamMemberships_ListUsers(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":{"id":"team-1","type":"teams","attributes":{"name":"devs"},
		"relationships":{"users":{"data":[{"id":"user-1","type":"users"},{"id":"user-2","type":"users"}]}}},
		"included":[{"id":"user-1","type":"users","attributes":{"username":"alice","is-service-account":false}},
			{"id":"user-2","type":"users","attributes":{"username":"api-team_x","is-service-account":true}}]}`))
	got, err := c.TeamMemberships.ListUsers(context.Background(), "team-1")
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/teams/team-1", "include=users", "")
	if len(got) != 2 || got[0].Username != "alice" || got[0].IsServiceAccount || !got[1].IsServiceAccount {
		t.Errorf("users %+v", got)
	}
}

func TestTeamMemberships_ListMemberships(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"ou-1","type":"organization-memberships","attributes":{"status":"invited","email":"a@example.com"}}]}`))
	got, err := c.TeamMemberships.ListMemberships(context.Background(), "team-1", TeamMembershipListOptions{Status: MembershipInvited, ServiceAccounts: ptr(false)})
	if err != nil || len(got) != 1 || got[0].ID != "ou-1" {
		t.Fatalf("memberships %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/teams/team-1/relationships/organization-memberships",
		"filter%5Bis_service_account%5D=false&filter%5Bstatus%5D=invited&include=user&page%5Bnumber%5D=1&page%5Bsize%5D=100", "")
}

func TestTeamMemberships_MembershipIDs(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":{"id":"team-1","type":"teams","attributes":{"name":"devs"},
		"relationships":{"users":{"data":[{"id":"user-2","type":"users"}]},
			"organization-memberships":{"data":[{"id":"ou-1","type":"organization-memberships"},{"id":"ou-2","type":"organization-memberships"}]}}}}`))
	got, err := c.TeamMemberships.MembershipIDs(context.Background(), "team-1")
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/teams/team-1", "", "")
	if len(got) != 2 || got[0] != "ou-1" || got[1] != "ou-2" {
		t.Errorf("IDs %v, want [ou-1 ou-2]", got)
	}
	if _, err := c.TeamMemberships.MembershipIDs(context.Background(), ".."); err == nil {
		t.Error("MembershipIDs of team .. succeeded")
	}
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"team ID is empty": {
				c.TeamMemberships.AddUsers(ctx, "", nil),
				c.TeamMemberships.RemoveUsers(ctx, "", nil),
				c.TeamMemberships.AddMemberships(ctx, "", nil),
				c.TeamMemberships.RemoveMemberships(ctx, "", nil),
				errOf(c.TeamMemberships.ListUsers(ctx, "")),
				errOf(c.TeamMemberships.MembershipIDs(ctx, "")),
				errOf(c.TeamMemberships.ListMemberships(ctx, "", TeamMembershipListOptions{})),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"TeamMemberships.AddUsers": {func(c *Client) error { return c.TeamMemberships.AddUsers(ctx, "team-1", []string{"ana"}) }, sentAgain},
			"TeamMemberships.AddMemberships": {func(c *Client) error {
				return c.TeamMemberships.AddMemberships(ctx, "team-1", []string{"ou-1"})
			}, sentAgain},
		}
	})
}
