package platform_test

import (
	"context"
	"fmt"
	"maps"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// Every attachment imports by <PARENT ID>/<MEMBER ID>, beside its forms
// by name: a variable set's assignments, whose forms were all by name,
// to a workspace and to a project, each after one read of the set.
func TestAccAttachment_importByIDs(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	ctx := context.Background()
	c := p.Client(t)
	set := newVariableSet(t, p, "cloud")
	app := newWorkspace(t, p, "app")
	project := newProject(t, p, p.Organization, platformclient.ProjectOptions{Name: check.Ptr("Payments")})
	if err := c.VariableSets.ApplyToWorkspaces(ctx, set, []string{app}); err != nil {
		t.Fatal(err)
	}
	if err := c.VariableSets.ApplyToProjects(ctx, set, []string{project}); err != nil {
		t.Fatal(err)
	}
	cli := acctest.NewCLI(t, nil)
	cli.WriteConfig(t, assignmentsConfig(p, set, app, project))
	for addr, id := range map[string]string{workspaceAssignmentAddr: set + "/" + app, projectAssignmentAddr: set + "/" + project} {
		before := p.Emulator.Stats()
		cli.MustRun(t, "import", addr, id)
		// The import's check, and the refresh that follows it in the
		// same provider process, which takes the check's answer.
		want := map[string]int64{"GET /api/v2/ping": 1, "GET /api/v2/varsets/{id}": 1}
		if sent := p.RequestsSince(before); !maps.Equal(sent, want) {
			t.Errorf("the import of %s sent %v, want %v", id, sent, want)
		}
	}
	// The state is the configuration's: the plan is empty.
	cli.MustRun(t, "plan", "-detailed-exitcode")
}

// An import by IDs of a member that is not attached, or of a parent that
// the platform does not answer, fails in the provider's words; an ID of
// no form is refused with every form.
func TestAccAttachment_importRefusals(t *testing.T) {
	p := acctest.NewPlatform(t)
	set := newVariableSet(t, p, "cloud")
	app := newWorkspace(t, p, "app")
	const missingSet = "varset-6p5RiCe5CRjBmsGt"
	config := assignmentsConfig(p, set, app, "prj-6p5RiCe5CRjBmsGt")
	step := func(id, want string) resource.TestStep {
		return resource.TestStep{Config: config, ResourceName: workspaceAssignmentAddr, ImportState: true, ImportStateId: id, ExpectError: check.Literal(want)}
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			step(set+"/"+app, fmt.Sprintf(`Cannot import the variable set assignment The platform has no variable set assignment %q, `+
				`or the provider's token may not see it. The variable set %s is not assigned to %s.`, set+"/"+app, set, app)),
			step(missingSet+"/"+app, fmt.Sprintf(`Cannot import the variable set assignment The platform has no variable set %q, `+
				`or the provider's token may not see it.`, missingSet)),
			step("cloud", `The import ID of a variable set assignment is <VARIABLE SET ID>/<WORKSPACE ID>, or <VARIABLE SET ID>/<PROJECT ID>, `+
				`or <ORGANIZATION>/<WORKSPACE NAME>/<VARIABLE SET NAME> for a workspace, or <ORGANIZATION>/<PROJECT ID>/<VARIABLE SET NAME> for a project; got "cloud".`),
		},
	})
}
