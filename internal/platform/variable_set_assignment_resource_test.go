package platform_test

import (
	"context"
	"fmt"
	"slices"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const (
	workspaceAssignmentAddr = "stack_platform_variable_set_assignment.workspace"
	projectAssignmentAddr   = "stack_platform_variable_set_assignment.project"
)

func assignmentsConfig(p *acctest.Platform, setID, workspaceID, projectID string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_variable_set_assignment" "workspace" {
  variable_set_id = %[1]q
  workspace_id    = %[2]q
}

resource "stack_platform_variable_set_assignment" "project" {
  variable_set_id = %[1]q
  project_id      = %[3]q
}
`, setID, workspaceID, projectID)
}

// assignedTo checks the workspaces and projects the set is assigned to.
func assignedTo(t *testing.T, p *acctest.Platform, setID string, workspaces, projects []string) resource.TestCheckFunc {
	return check.OnServer(t, p.Client, func(ctx context.Context, c *platformclient.Client) (*platformclient.VariableSet, error) {
		return c.VariableSets.Read(ctx, setID, platformclient.VariableSetReadOptions{})
	}, func(vs *platformclient.VariableSet) error {
		var ws, prj []string
		for _, w := range vs.Workspaces {
			ws = append(ws, w.ID)
		}
		for _, p := range vs.Projects {
			prj = append(prj, p.ID)
		}
		slices.Sort(ws)
		slices.Sort(prj)
		return check.Differences(map[string]any{"workspaces": ws, "projects": prj}, map[string]any{"workspaces": workspaces, "projects": projects})
	})
}

func TestAccVariableSetAssignment_workspaceAndProject(t *testing.T) {
	p := acctest.NewPlatform(t)
	c := p.Client(t)
	vs, err := c.VariableSets.Create(context.Background(), p.Organization, platformclient.VariableSetOptions{Name: check.Ptr("cloud")})
	if err != nil {
		t.Fatal(err)
	}
	app, other := newWorkspace(t, p, "app"), newWorkspace(t, p, "other")
	project := newProject(t, p, p.Organization, platformclient.ProjectOptions{Name: check.Ptr("Payments")})
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: workspaceAssignmentAddr,
		PlanErrors: assignmentPlanErrors(p),
		Create: check.Step{
			Config: assignmentsConfig(p, vs.ID, app, project),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(workspaceAssignmentAddr, check.Path("id"), check.Str(vs.ID+"_"+app)),
				statecheck.ExpectKnownValue(workspaceAssignmentAddr, check.Path("workspace_id"), check.Str(app)),
				statecheck.ExpectKnownValue(workspaceAssignmentAddr, check.Path("project_id"), knownvalue.Null()),
				statecheck.ExpectKnownValue(projectAssignmentAddr, check.Path("id"), check.Str(vs.ID+"_"+project)),
				statecheck.ExpectKnownValue(projectAssignmentAddr, check.Path("project_id"), check.Str(project)),
			},
			Check: assignedTo(t, p, vs.ID, []string{app}, []string{project}),
			Then: []resource.TestStep{
				{
					ResourceName:      projectAssignmentAddr,
					ImportState:       true,
					ImportStateId:     p.Organization + "/" + project + "/cloud",
					ImportStateVerify: true,
				},
			},
		},
		Imports: []check.ImportID{
			{ID: func(string) string { return p.Organization + "/app/cloud" }},
		},
		// Removed outside Terraform: assigned again.
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, _ string) error {
				if err := c.VariableSets.RemoveFromWorkspaces(ctx, vs.ID, []string{app}); err != nil {
					return err
				}
				return c.VariableSets.RemoveFromProjects(ctx, vs.ID, []string{project})
			},
			Step: check.Step{
				Config:     assignmentsConfig(p, vs.ID, app, project),
				PlanChecks: []plancheck.PlanCheck{plancheck.ExpectResourceAction(projectAssignmentAddr, plancheck.ResourceActionCreate)},
				Check:      assignedTo(t, p, vs.ID, []string{app}, []string{project}),
			},
		},
		Replace: check.Step{
			// Another workspace replaces the assignment.
			Config:     assignmentsConfig(p, vs.ID, other, project),
			PlanChecks: []plancheck.PlanCheck{plancheck.ExpectResourceAction(projectAssignmentAddr, plancheck.ResourceActionNoop)},
			Check:      assignedTo(t, p, vs.ID, []string{other}, []string{project}),
			Then: []resource.TestStep{
				{
					// The set deleted outside Terraform: the next plan assigns
					// again, which the platform refuses for a set that is gone.
					PreConfig: check.OutOfBand(t, p.Client, func(ctx context.Context, c *platformclient.Client) error {
						return c.VariableSets.Delete(ctx, vs.ID)
					}),
					Config:             assignmentsConfig(p, vs.ID, other, project),
					PlanOnly:           true,
					ExpectNonEmptyPlan: true,
				},
			},
		},
	}.Run(t)
}

// assignmentPlanErrors are the plan-time errors of an assignment.
func assignmentPlanErrors(p *acctest.Platform) []check.PlanError {
	const set, ws, prj = "varset-6p5RiCe5CRjBmsGt", "ws-6p5RiCe5CRjBmsGt", "prj-6p5RiCe5CRjBmsGt"
	config := func(body string) string {
		return p.ProviderConfig() + "\nresource \"stack_platform_variable_set_assignment\" \"test\" {\n" + body + "\n}\n"
	}
	return []check.PlanError{
		{
			Config: config(fmt.Sprintf("variable_set_id = %q\nworkspace_id = %q\nproject_id = %q", set, ws, prj)),
			Want:   check.Wrapped(`2 attributes specified when one \(and only one\) of \[workspace_id,project_id\] is required`),
		},
		{Config: config(fmt.Sprintf("variable_set_id = %q", set)), Want: check.Wrapped(`No attribute specified when one \(and only one\) of \[workspace_id,project_id\]`)},
		{Config: config(fmt.Sprintf("variable_set_id = %q\nproject_id = %q", ws, prj)), Want: check.Wrapped(`variable_set_id must be the ID of a variable set`)},
	}
}

// The import ID names the set by name: one the organization does not have
// is an error that says so.
func TestAccVariableSetAssignment_importUnknownSet(t *testing.T) {
	p := acctest.NewPlatform(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: p.ProviderConfig() + `
resource "stack_platform_variable_set_assignment" "test" {
  variable_set_id = "varset-6p5RiCe5CRjBmsGt"
  project_id      = "prj-6p5RiCe5CRjBmsGt"
}`,
			ResourceName:  "stack_platform_variable_set_assignment.test",
			ImportState:   true,
			ImportStateId: p.Organization + "/prj-6p5RiCe5CRjBmsGt/missing",
			ExpectError:   check.Literal(fmt.Sprintf("The organization %q has no variable set named \"missing\" that the token may see.", p.Organization)),
		}},
	})
}

// An assignment imports by its identity, the set's ID and its target's,
// a workspace's or a project's, the other null.
func TestAccVariableSetAssignment_importByIdentity(t *testing.T) {
	acctest.NeedsIdentity(t)
	p := acctest.NewPlatform(t)
	vs, err := p.Client(t).VariableSets.Create(context.Background(), p.Organization, platformclient.VariableSetOptions{Name: check.Ptr("cloud")})
	if err != nil {
		t.Fatal(err)
	}
	app := newWorkspace(t, p, "app")
	project := newProject(t, p, p.Organization, platformclient.ProjectOptions{Name: check.Ptr("Payments")})
	config := assignmentsConfig(p, vs.ID, app, project)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config, ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectIdentity(workspaceAssignmentAddr, map[string]knownvalue.Check{
					"variable_set_id": check.Str(vs.ID), "workspace_id": check.Str(app), "project_id": knownvalue.Null(),
				}),
				statecheck.ExpectIdentity(projectAssignmentAddr, map[string]knownvalue.Check{
					"variable_set_id": check.Str(vs.ID), "workspace_id": knownvalue.Null(), "project_id": check.Str(project),
				}),
			}},
			{Config: config, ResourceName: workspaceAssignmentAddr, ImportState: true, ImportStateKind: resource.ImportBlockWithResourceIdentity},
			{Config: config, ResourceName: projectAssignmentAddr, ImportState: true, ImportStateKind: resource.ImportBlockWithResourceIdentity},
		},
	})
}
