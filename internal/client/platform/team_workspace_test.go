package platform

import (
	"context"
	"net/http"
	"testing"
)

const teamWorkspaceJSON = `{"data":{"id":"tws-6p5RiCe5CRjBmsGt","type":"team-workspaces","attributes":{
	"access":"custom","runs":"plan","variables":"read","state-versions":"read-outputs","sentinel-mocks":"none",
	"workspace-locking":true,"run-tasks":false,"policy-overrides":true},
	"relationships":{"team":{"data":{"id":"team-6p5RiCe5CRjBmsGt","type":"teams"}},"workspace":{"data":{"id":"ws-4pW7hPwDJ1fY3gSC","type":"workspaces"}}}}}`

// A create sends the team and the workspace, and reads the 200 the
// platform answers.
func TestTeamWorkspaces_CreateAndDecode(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, teamWorkspaceJSON))
	got, err := c.TeamWorkspaces.Create(context.Background(), TeamWorkspaceOptions{
		Access: ptr(AccessCustom), Runs: ptr("plan"), WorkspaceLocking: ptr(true),
		Team: &Team{ID: "team-6p5RiCe5CRjBmsGt"}, Workspace: &Workspace{ID: "ws-4pW7hPwDJ1fY3gSC"},
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/team-workspaces", "",
		`{"data":{"type":"team-workspaces","attributes":{"access":"custom","runs":"plan","workspace-locking":true},
		"relationships":{"team":{"data":{"type":"teams","id":"team-6p5RiCe5CRjBmsGt"}},"workspace":{"data":{"type":"workspaces","id":"ws-4pW7hPwDJ1fY3gSC"}}}}}`)
	if got.ID != "tws-6p5RiCe5CRjBmsGt" || got.Runs != "plan" || got.StateVersions != "read-outputs" || !got.WorkspaceLocking || !got.PolicyOverrides ||
		got.Team.ID != "team-6p5RiCe5CRjBmsGt" || got.Workspace.ID != "ws-4pW7hPwDJ1fY3gSC" {
		t.Errorf("access %+v", *got)
	}
}

// An update leaves the team and the workspace out: an access cannot move.
func TestTeamWorkspaces_UpdateLeavesTheRelationsOut(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, teamWorkspaceJSON))
	if _, err := c.TeamWorkspaces.Update(context.Background(), "tws-6p5RiCe5CRjBmsGt", TeamWorkspaceOptions{
		Access: ptr(AccessPlan), Team: &Team{ID: "team-6p5RiCe5CRjBmsGt"},
	}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/team-workspaces/tws-6p5RiCe5CRjBmsGt", "",
		`{"data":{"type":"team-workspaces","attributes":{"access":"plan"}}}`)
}

func TestTeamWorkspaces_ListReadDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":[]}`))
	if _, err := c.TeamWorkspaces.List(context.Background(), "ws-4pW7hPwDJ1fY3gSC", TeamWorkspaceListOptions{TeamID: "team-6p5RiCe5CRjBmsGt"}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/team-workspaces",
		"filter%5Bteam%5D%5Bid%5D=team-6p5RiCe5CRjBmsGt&filter%5Bworkspace%5D%5Bid%5D=ws-4pW7hPwDJ1fY3gSC&page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	c, f = fakePlatform(t, reply(http.StatusOK, teamWorkspaceJSON))
	if _, err := c.TeamWorkspaces.Read(context.Background(), "tws-6p5RiCe5CRjBmsGt"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/team-workspaces/tws-6p5RiCe5CRjBmsGt", "", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.TeamWorkspaces.Delete(context.Background(), "tws-6p5RiCe5CRjBmsGt"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/team-workspaces/tws-6p5RiCe5CRjBmsGt", "", "")
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"workspace ID is empty": {
				errOf(c.TeamWorkspaces.List(ctx, "", TeamWorkspaceListOptions{})),
			},
			"team workspace access ID is empty": {
				errOf(c.TeamWorkspaces.Read(ctx, "")),
				errOf(c.TeamWorkspaces.Update(ctx, "", TeamWorkspaceOptions{})),
				c.TeamWorkspaces.Delete(ctx, ""),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"TeamWorkspaces.Create": {func(c *Client) error {
				return errOf(c.TeamWorkspaces.Create(ctx, TeamWorkspaceOptions{}))
			}, sentOnce},
			"TeamWorkspaces.Update": {func(c *Client) error {
				return errOf(c.TeamWorkspaces.Update(ctx, "tws-1", TeamWorkspaceOptions{}))
			}, sentOnce},
		}
	})
}
