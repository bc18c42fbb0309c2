package platform_test

import (
	"fmt"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
)

// What the tests of a team's two accesses, to workspaces and to projects,
// share, as access.go is what the two resources share.

// grantConfig is a team "devs", two objects of the type target labeled a
// and b, named <name>-a and <name>-b, and the team's access (the resource
// stack_platform_<typ> "test") to the one labeled which, with body as its
// other arguments.
func grantConfig(p *acctest.Platform, typ, target, name, which, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_team" "devs" {
  name = "devs"
}

resource "stack_platform_%[2]s" "a" {
  name = "%[3]s-a"
}

resource "stack_platform_%[2]s" "b" {
  name = "%[3]s-b"
}

resource "stack_platform_%[1]s" "test" {
  team_id = stack_platform_team.devs.id
  %[2]s_id = stack_platform_%[2]s.%[4]s.id
  %[5]s
}
`, typ, target, name, which, body)
}
