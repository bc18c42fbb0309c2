package platform_test

import (
	"context"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

// The list finds the teams' accesses to a workspace, or one team's, by
// their IDs; with include_resource, each is the state an import gives,
// a fixed level's permissions among it.
func TestAccTeamAccessListResource_query(t *testing.T) {
	p := acctest.NewPlatform(t)
	app, other := newWorkspace(t, p, "app"), newWorkspace(t, p, "other")
	readers := newTeam(t, p, p.Organization, platformclient.TeamOptions{Name: check.Ptr("readers")})
	writers := newTeam(t, p, p.Organization, platformclient.TeamOptions{Name: check.Ptr("writers")})
	grant := func(team, ws, access string) *platformclient.TeamWorkspace {
		a, err := p.Client(t).TeamWorkspaces.Create(context.Background(), platformclient.TeamWorkspaceOptions{
			Access: check.Ptr(access), Team: &platformclient.Team{ID: team}, Workspace: &platformclient.Workspace{ID: ws},
		})
		if err != nil {
			t.Fatal(err)
		}
		return a
	}
	read, write := grant(readers, app, "read"), grant(writers, app, "write")
	grant(readers, other, "admin")
	id := func(a *platformclient.TeamWorkspace) map[string]knownvalue.Check {
		return check.Identity(map[string]string{"id": a.ID})
	}
	check.Query{
		Type: "stack_platform_team_access", Config: p.ProviderConfig(),
		Lists: []check.Listed{
			{
				Label: "app", Args: check.Args{"workspace_id": app}, Found: []map[string]knownvalue.Check{id(write), id(read)}, DisplayName: writers + " (write)",
				Resource: map[string]knownvalue.Check{
					"id": check.Str(write.ID), "team_id": check.Str(writers), "workspace_id": check.Str(app), "access": check.Str("write"),
					"permissions": knownvalue.ObjectPartial(map[string]knownvalue.Check{"runs": check.Str("apply"), "variables": check.Str("write")}),
				},
			},
			{Label: "team", Args: check.Args{"workspace_id": app, "team_id": readers}, Found: []map[string]knownvalue.Check{id(read)}, DisplayName: readers + " (read)"},
		},
	}.Run(t)
}
