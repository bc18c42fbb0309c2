package platform

import (
	"context"
	"net/http"
	"reflect"
	"testing"
)

const teamProjectAccessJSON = `{"data":{"id":"tprj-6p5RiCe5CRjBmsGt","type":"team-projects","attributes":{
	"access":"custom",
	"project-access":{"settings":"update","teams":"read","variable-sets":"write"},
	"workspace-access":{"runs":"apply","sentinel-mocks":"read","state-versions":"read-outputs","variables":"write",
		"create":true,"locking":true,"delete":false,"move":true,"run-tasks":false,"policy-overrides":true}},
	"relationships":{
		"team":{"data":{"id":"team-1","type":"teams"}},
		"project":{"data":{"id":"prj-1","type":"projects"}}}}}`

func TestTeamProjectAccesses_CreateCustom(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, teamProjectAccessJSON))
	got, err := c.TeamProjectAccesses.Create(context.Background(), TeamProjectAccessOptions{
		Access:        ptr(AccessCustom),
		ProjectAccess: &TeamProjectAccessProjectAccessOptions{Settings: ptr("update"), Teams: ptr("read"), VariableSets: ptr("write")},
		WorkspaceAccess: &TeamProjectAccessWorkspaceAccessOptions{
			Runs: ptr("apply"), SentinelMocks: ptr("read"), StateVersions: ptr("read-outputs"), Variables: ptr("write"),
			Create: ptr(true), Locking: ptr(true), Delete: ptr(false), Move: ptr(true), RunTasks: ptr(false), PolicyOverrides: ptr(true),
		},
		Team:    &Team{ID: "team-1"},
		Project: &Project{ID: "prj-1"},
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/team-projects", "", `{"data":{"type":"team-projects",
		"attributes":{"access":"custom",
			"project-access":{"settings":"update","teams":"read","variable-sets":"write"},
			"workspace-access":{"runs":"apply","sentinel-mocks":"read","state-versions":"read-outputs","variables":"write",
				"create":true,"locking":true,"delete":false,"move":true,"run-tasks":false,"policy-overrides":true}},
		"relationships":{"team":{"data":{"type":"teams","id":"team-1"}},"project":{"data":{"type":"projects","id":"prj-1"}}}}}`)
	want := TeamProjectAccess{
		ID: "tprj-6p5RiCe5CRjBmsGt", Access: AccessCustom,
		ProjectAccess: &TeamProjectAccessProjectAccess{Settings: "update", Teams: "read", VariableSets: "write"},
		WorkspaceAccess: &TeamProjectAccessWorkspaceAccess{
			Runs: "apply", SentinelMocks: "read", StateVersions: "read-outputs", Variables: "write",
			Create: true, Locking: true, Move: true, PolicyOverrides: true,
		},
		Team: &Team{ID: "team-1"}, Project: &Project{ID: "prj-1"},
	}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("access\n%+v\nwant\n%+v", *got, want)
	}
}

func TestTeamProjectAccesses_CreateFixedLevel(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, teamProjectAccessJSON))
	if _, err := c.TeamProjectAccesses.Create(context.Background(), TeamProjectAccessOptions{
		Access: ptr(AccessMaintain), Team: &Team{ID: "team-1"}, Project: &Project{ID: "prj-1"},
	}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/team-projects", "", `{"data":{"type":"team-projects",
		"attributes":{"access":"maintain"},
		"relationships":{"team":{"data":{"type":"teams","id":"team-1"}},"project":{"data":{"type":"projects","id":"prj-1"}}}}}`)
}

func TestTeamProjectAccesses_ReadUpdateDeleteList(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, teamProjectAccessJSON))
	if _, err := c.TeamProjectAccesses.Read(context.Background(), "tprj-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/team-projects/tprj-1", "", "")

	if _, err := c.TeamProjectAccesses.Update(context.Background(), "tprj-1", TeamProjectAccessOptions{
		Access: ptr(AccessCustom), WorkspaceAccess: &TeamProjectAccessWorkspaceAccessOptions{Runs: ptr("plan")},
	}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/team-projects/tprj-1", "",
		`{"data":{"type":"team-projects","attributes":{"access":"custom","workspace-access":{"runs":"plan"}}}}`)

	c, f = fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"tprj-1","type":"team-projects","attributes":{"access":"read"}}]}`))
	got, err := c.TeamProjectAccesses.List(context.Background(), "prj-1")
	if err != nil || len(got.Items) != 1 || got.Items[0].Access != AccessRead {
		t.Fatalf("accesses %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/team-projects", "filter%5Bproject%5D%5Bid%5D=prj-1&page%5Bnumber%5D=1&page%5Bsize%5D=100", "")

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.TeamProjectAccesses.Delete(context.Background(), "tprj-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/team-projects/tprj-1", "", "")
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"project ID is empty": {
				errOf(c.TeamProjectAccesses.List(ctx, "")),
			},
			"team project access ID is empty": {
				errOf(c.TeamProjectAccesses.Read(ctx, "")),
				errOf(c.TeamProjectAccesses.Update(ctx, "", TeamProjectAccessOptions{})),
				c.TeamProjectAccesses.Delete(ctx, ""),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"TeamProjectAccesses.Create": {func(c *Client) error {
				return errOf(c.TeamProjectAccesses.Create(ctx, TeamProjectAccessOptions{}))
			}, sentOnce},
			"TeamProjectAccesses.Update": {func(c *Client) error {
				return errOf(c.TeamProjectAccesses.Update(ctx, "tprj-1", TeamProjectAccessOptions{}))
			}, sentOnce},
		}
	})
}
