package platform_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const variableSetAddr = "stack_platform_variable_set.test"

func variableSetConfig(p *acctest.Platform, name, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_variable_set" "test" {
  name = %q
  %s
}
`, name, body)
}

// variableSetIs checks the set the platform holds under the ID in the
// state.
func variableSetIs(t *testing.T, p *acctest.Platform, want map[string]any) resource.TestCheckFunc {
	return holds(t, p, variableSetAddr, want, func(ctx context.Context, c *platformclient.Client, id string) (map[string]any, error) {
		vs, err := c.VariableSets.Read(ctx, id, platformclient.VariableSetReadOptions{})
		if err != nil {
			return nil, err
		}
		parent := ""
		if vs.Parent != nil && vs.Parent.Project != nil {
			parent = vs.Parent.Project.ID
		}
		return map[string]any{
			"organization": vs.Organization.Name, "name": vs.Name, "description": vs.Description,
			"global": vs.Global, "priority": vs.Priority, "parent_project_id": parent,
		}, nil
	})
}

func TestAccVariableSet_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	project := newProject(t, p, p.Organization, platformclient.ProjectOptions{Name: check.Ptr("Owners")})
	renamed := variableSetConfig(p, "cloud credentials 2", "")
	inProject := variableSetConfig(p, "cloud credentials 2", fmt.Sprintf("parent_project_id = %q", project))
	taken, err := p.Client(t).VariableSets.Create(context.Background(), p.Organization, platformclient.VariableSetOptions{Name: check.Ptr("Shared")})
	if err != nil {
		t.Fatal(err)
	}
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: variableSetAddr, FreshID: true,
		// Names are unique in any case: the error gives the ID of the set
		// named "Shared".
		NotTakenOver: check.Existing{
			Config: variableSetConfig(p, "shared", ""), ImportID: taken.ID, Said: `A variable set named "shared" already exists`,
		},
		PlanErrors: []check.PlanError{
			{
				Config: variableSetConfig(p, "x", `
  parent_project_id = "prj-6p5RiCe5CRjBmsGt"
  global            = true`),
				Want: check.Literal("A variable set owned by a project (parent_project_id) applies to that project's workspaces only: global must be false."),
			},
			{Config: variableSetConfig(p, "  ", ""), Want: check.Wrapped(`Attribute name must not be blank`)},
			{Config: variableSetConfig(p, "x", `parent_project_id = "ws-6p5RiCe5CRjBmsGt"`), Want: check.Wrapped(`parent_project_id must be the ID of a project`)},
			{
				Config: p.ProviderConfigWith(p.Token, "") + `
resource "stack_platform_variable_set" "test" { name = "x" }`,
				Want: check.Wrapped(`organization is not set, and the provider has no default for it`),
			},
		},
		Create: check.Step{
			Config: variableSetConfig(p, "cloud-credentials", `
  description = "Credentials of the cloud accounts"
  global      = true
  priority    = true`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(variableSetAddr, check.Path("id"), idOf("varset")),
				statecheck.ExpectKnownValue(variableSetAddr, check.Path("organization"), check.Str(p.Organization)),
				statecheck.ExpectKnownValue(variableSetAddr, check.Path("name"), check.Str("cloud-credentials")),
				statecheck.ExpectKnownValue(variableSetAddr, check.Path("description"), check.Str("Credentials of the cloud accounts")),
				statecheck.ExpectKnownValue(variableSetAddr, check.Path("global"), knownvalue.Bool(true)),
				statecheck.ExpectKnownValue(variableSetAddr, check.Path("priority"), knownvalue.Bool(true)),
				statecheck.ExpectKnownValue(variableSetAddr, check.Path("parent_project_id"), knownvalue.Null()),
			},
			Check: variableSetIs(t, p, map[string]any{
				"organization": p.Organization, "name": "cloud-credentials", "description": "Credentials of the cloud accounts",
				"global": true, "priority": true, "parent_project_id": "",
			}),
		},
		// In place: a rename, and what is no longer set goes back to its
		// default.
		Update: check.Step{
			Config: renamed,
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(variableSetAddr, check.Path("description"), knownvalue.Null()),
				statecheck.ExpectKnownValue(variableSetAddr, check.Path("global"), knownvalue.Bool(false)),
				statecheck.ExpectKnownValue(variableSetAddr, check.Path("priority"), knownvalue.Bool(false)),
			},
			Check: variableSetIs(t, p, map[string]any{
				"name": "cloud credentials 2", "description": "", "global": false, "priority": false,
			}),
		},
		// By its ID, and by its organization and name in another case.
		Imports: []check.ImportID{{ID: func(id string) string { return id }}, {ID: func(string) string { return p.Organization + "/CLOUD CREDENTIALS 2" }}},
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				_, err := c.VariableSets.Update(ctx, id, platformclient.VariableSetOptions{Description: check.Ptr("edited"), Priority: check.Ptr(true)})
				return err
			},
			Step: check.Step{Config: renamed, Check: variableSetIs(t, p, map[string]any{"description": "", "priority": false})},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				return c.VariableSets.Delete(ctx, id)
			},
			Step: check.Step{Config: renamed, Check: variableSetIs(t, p, map[string]any{"name": "cloud credentials 2"})},
		},
		// A project as parent replaces the set.
		Replace: check.Step{
			Config: inProject,
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(variableSetAddr, check.Path("parent_project_id"), check.Str(project)),
			},
			Check: variableSetIs(t, p, map[string]any{"parent_project_id": project, "global": false}),
			Then: []resource.TestStep{{
				ResourceName:      variableSetAddr,
				ImportState:       true,
				ImportStateVerify: true,
			}},
		},
	}.Run(t)
}

// A variable set imports by its organization and a name that no set has
// only to fail, naming the organization and the name; a set whose name
// holds the name is none.
func TestAccVariableSet_importNameOfNoSet(t *testing.T) {
	p := acctest.NewPlatform(t)
	if _, err := p.Client(t).VariableSets.Create(context.Background(), p.Organization, platformclient.VariableSetOptions{Name: check.Ptr("creds-2")}); err != nil {
		t.Fatal(err)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: variableSetConfig(p, "creds", ""), ResourceName: variableSetAddr, ImportState: true, ImportStateId: p.Organization + "/creds",
			ExpectError: check.Literal(fmt.Sprintf(`The platform has no variable set %q, or the provider's token may not see it. `+
				`The organization %q has no variable set named "creds", in any case, that the token may see.`, p.Organization+"/creds", p.Organization)),
		}},
	})
}
