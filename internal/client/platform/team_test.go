package platform

import (
	"context"
	"net/http"
	"reflect"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/client"
)

const teamJSON = `{"data":{"id":"team-6p5RiCe5CRjBmsGt","type":"teams","attributes":{
	"name":"platform","sso-team-id":"sso-1","visibility":"organization","allow-member-token-management":false,
	"organization-access":{"manage-policies":true,"manage-policy-overrides":true,"delegate-policy-overrides":false,
		"manage-workspaces":false,"manage-vcs-settings":true,"manage-providers":false,"manage-modules":true,
		"manage-run-tasks":false,"manage-projects":true,"read-workspaces":true,"read-projects":true,
		"manage-membership":true,"manage-teams":false,"manage-organization-access":false,"access-secret-teams":true,
		"manage-agent-pools":true},
	"users-count":4,"is-unified":false,"permissions":{"can-destroy":true,"can-update-membership":true}},
	"relationships":{"organization":{"data":{"id":"acme","type":"organizations"}},"users":{"data":[]}}}}`

func TestTeams_CreateAndDecode(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusCreated, teamJSON))
	got, err := c.Teams.Create(context.Background(), "acme", TeamOptions{
		Name: ptr("platform"), SSOTeamID: ptr("sso-1"), Visibility: ptr(TeamVisibilityOrganization),
		AllowMemberTokenManagement: ptr(false),
		OrganizationAccess: &OrganizationAccessOptions{
			ManagePolicies: ptr(true), ManagePolicyOverrides: ptr(true), ManageMembership: ptr(true),
			ReadWorkspaces: ptr(true), ReadProjects: ptr(true), ManageTeams: ptr(false),
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPost, "/api/v2/organizations/acme/teams", "", `{"data":{"type":"teams","attributes":{
		"name":"platform","sso-team-id":"sso-1","visibility":"organization","allow-member-token-management":false,
		"organization-access":{"manage-policies":true,"manage-policy-overrides":true,"manage-membership":true,
			"read-workspaces":true,"read-projects":true,"manage-teams":false}}}}`)
	want := Team{
		ID: "team-6p5RiCe5CRjBmsGt", Name: "platform", SSOTeamID: "sso-1", Visibility: TeamVisibilityOrganization,
		OrganizationAccess: &OrganizationAccess{
			ManagePolicies: true, ManagePolicyOverrides: true, ManageVCSSettings: true, ManageModules: true,
			ManageProjects: true, ReadWorkspaces: true, ReadProjects: true, ManageMembership: true,
			AccessSecretTeams: true, ManageAgentPools: true,
		},
		UsersCount:   4,
		Permissions:  &TeamPermissions{CanDestroy: true, CanUpdateMembership: true},
		Organization: &Organization{Name: "acme"},
	}
	if !reflect.DeepEqual(*got, want) {
		t.Errorf("team\n%+v\nwant\n%+v", *got, want)
	}
}

func TestTeams_ReadUpdateDelete(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, teamJSON))
	if _, err := c.Teams.Read(context.Background(), "team-6p5RiCe5CRjBmsGt"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/teams/team-6p5RiCe5CRjBmsGt", "", "")

	if _, err := c.Teams.Update(context.Background(), "team-1", TeamOptions{
		Visibility: ptr(TeamVisibilitySecret), AllowMemberTokenManagement: ptr(true),
		OrganizationAccess: &OrganizationAccessOptions{ManageWorkspaces: ptr(false), ManageAgentPools: ptr(true)},
	}); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodPatch, "/api/v2/teams/team-1", "", `{"data":{"type":"teams","attributes":{
		"visibility":"secret","allow-member-token-management":true,
		"organization-access":{"manage-workspaces":false,"manage-agent-pools":true}}}}`)

	c, f = fakePlatform(t, reply(http.StatusNoContent, ""))
	if err := c.Teams.Delete(context.Background(), "team-1"); err != nil {
		t.Fatal(err)
	}
	assertRequest(t, f.Last(t), http.MethodDelete, "/api/v2/teams/team-1", "", "")
}

func TestTeams_List(t *testing.T) {
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"team-1","type":"teams","attributes":{"name":"owners"}}]}`))
	got, err := c.Teams.List(context.Background(), "acme", TeamListOptions{Query: "own", Names: []string{"owners", "devs"}, Include: []string{"users"}})
	if err != nil || len(got.Items) != 1 || got.Items[0].Name != "owners" {
		t.Fatalf("teams %+v, %v", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/teams",
		"filter%5Bnames%5D=owners%2Cdevs&include=users&page%5Bnumber%5D=1&page%5Bsize%5D=100&q=own", "")
}

func TestTeams_ReadByName(t *testing.T) {
	// The search matches a part of the name: only the whole name, in any
	// case, is the team.
	c, f := fakePlatform(t, reply(http.StatusOK, `{"data":[{"id":"team-1","type":"teams","attributes":{"name":"platform-ops"}},
		{"id":"team-2","type":"teams","attributes":{"name":"Platform"}}]}`))
	got, err := c.Teams.ReadByName(context.Background(), "acme", "platform")
	if err != nil || got.ID != "team-2" {
		t.Fatalf("team %+v, %v; want team-2", got, err)
	}
	assertRequest(t, f.Last(t), http.MethodGet, "/api/v2/organizations/acme/teams", "page%5Bnumber%5D=1&page%5Bsize%5D=100&q=platform", "")

	c, _ = fakePlatform(t, reply(http.StatusOK, `{"data":[]}`))
	_, err = c.Teams.ReadByName(context.Background(), "acme", "platform")
	if !client.IsNotFound(err) || !strings.HasPrefix(err.Error(), `GET /api/v2/organizations/acme/teams: 404 Not Found: no team named "platform" (the platform answers 404`) {
		t.Errorf("error %v, want a 404 naming the team", err)
	}
}

func init() {
	refuseEmptyIDs(func(ctx context.Context, c *Client) map[string][]error {
		return map[string][]error{
			"organization name is empty": {
				errOf(c.Teams.List(ctx, "", TeamListOptions{})),
				errOf(c.Teams.Create(ctx, "", TeamOptions{})),
				errOf(c.Teams.ReadByName(ctx, "", "x")),
			},
			"team ID is empty": {
				errOf(c.Teams.Read(ctx, "")),
				errOf(c.Teams.Update(ctx, "", TeamOptions{})),
				c.Teams.Delete(ctx, ""),
			},
		}
	})
	addWrites(func(ctx context.Context) map[string]write {
		return map[string]write{
			"Teams.Create": {func(c *Client) error { return errOf(c.Teams.Create(ctx, "acme", TeamOptions{})) }, sentOnce},
			"Teams.Update": {func(c *Client) error { return errOf(c.Teams.Update(ctx, "team-1", TeamOptions{})) }, sentOnce},
		}
	})
	addLookups(func(ctx context.Context, c *Client) map[string]error {
		return map[string]error{
			`GET /api/v2/organizations/a%20b/teams: 404 Not Found: no team named "x"`: errOf(c.Teams.ReadByName(ctx, "a b", "x")),
		}
	})
}
