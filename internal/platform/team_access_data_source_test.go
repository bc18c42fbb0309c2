package platform_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
)

// The data source reads a team's access by the team and the workspace,
// each checked at plan; a workspace to which the team has no access is an
// error.
func TestAccTeamAccessDataSource_shape(t *testing.T) {
	p := acctest.NewPlatform(t)
	ds := check.DataSource{Service: p, Type: "stack_platform_team_access", Config: teamAccessConfig(p, "a", `access = "write"`)}
	ds.PlanErrors = []check.Refusal{
		{
			Args: check.Args{"team_id": "devs", "workspace_id": "ws-6p5RiCe5CRjBmsGt"},
			Want: check.Literal(`team_id must be the ID of a team: team- and 16 characters of the base58 alphabet, got "devs".`),
		},
		{
			Args: check.Args{"team_id": "team-6p5RiCe5CRjBmsGt", "workspace_id": "web"},
			Want: check.Literal(`workspace_id must be the ID of a workspace: ws- and 16 characters of the base58 alphabet, got "web".`),
		},
	}
	ds.Reads = []check.Read{{
		Label: "by_team_and_workspace",
		Args:  check.Args{"team_id": check.Expr("stack_platform_team_access.test.team_id"), "workspace_id": check.Expr("stack_platform_workspace.a.id")},
		Want: map[string]knownvalue.Check{
			"access": check.Str("write"), "permissions": permissionsAre("apply", "write", "write", "read", true, false, false),
		},
		Checks: []statecheck.StateCheck{
			statecheck.CompareValuePairs(ds.Address("by_team_and_workspace"), check.Path("id"), teamAccessAddr, check.Path("id"), compare.ValuesSame()),
		},
	}}
	ds.NotFound = []check.Refusal{{
		// Another workspace, to which the team has no access.
		Args: check.Args{"team_id": check.Expr("stack_platform_team_access.test.team_id"), "workspace_id": check.Expr("stack_platform_workspace.b.id")},
		Want: check.Wrapped(`The team team-\w+ has no access of its own to the workspace ws-\w+ that the token may see.`),
	}}
	ds.Run(t)
}
