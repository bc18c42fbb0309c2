package platform_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

const projectAddr = "stack_platform_project.test"

// projectResource is a project "test" named name, with body as its other
// arguments, after the provider block provider.
func projectResource(provider, name, body string) string {
	return provider + fmt.Sprintf(`
resource "stack_platform_project" "test" {
  name = %q
  %s
}
`, name, body)
}

func projectConfig(p *acctest.Platform, name, body string) string {
	return projectResource(p.ProviderConfig(), name, body)
}

// projectIs checks the project the platform holds under the ID in the
// state, its tag bindings included.
func projectIs(t *testing.T, p *acctest.Platform, want map[string]any) resource.TestCheckFunc {
	return holds(t, p, projectAddr, want, func(ctx context.Context, c *platformclient.Client, id string) (map[string]any, error) {
		prj, err := c.Projects.Read(ctx, id, platformclient.ProjectReadOptions{})
		if err != nil {
			return nil, err
		}
		bindings, err := c.Projects.ListTagBindings(ctx, id)
		if err != nil {
			return nil, err
		}
		tags := map[string]string{}
		for _, b := range bindings.Items {
			tags[b.Key] = b.Value
		}
		duration := ""
		if prj.AutoDestroyActivityDuration != nil {
			duration = *prj.AutoDestroyActivityDuration
		}
		return map[string]any{
			"organization": prj.Organization.Name, "name": prj.Name, "description": prj.Description,
			"auto_destroy_activity_duration": duration, "tag_bindings": tags,
		}, nil
	})
}

func projectGone(t *testing.T, p *acctest.Platform, id *string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		return check.Gone(t, p.Client, "project "+*id, func(ctx context.Context, c *platformclient.Client) error {
			_, err := c.Projects.Read(ctx, *id, platformclient.ProjectReadOptions{})
			return err
		})(s)
	}
}

func TestAccProject_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	var id, recreatedID string
	updated := projectConfig(p, "Platform_Team-2", `tag_bindings = { env = "staging", tier = "1" }`)
	untagged := projectConfig(p, "Platform_Team-2", `tag_bindings = {}`)
	org, err := p.Client(t).Organizations.Read(context.Background(), p.Organization, platformclient.OrganizationReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: projectAddr, FreshID: true,
		// A create of a name that the organization has, in any case, is
		// refused, and the error gives the ID that imports the project:
		// here the default project that every organization has.
		NotTakenOver: check.Existing{
			Config: projectConfig(p, "default project", ""), ImportID: org.DefaultProject.ID,
			Said: `Project already exists.*A project named "default project" already exists`, Server: `409 Conflict`,
		},
		PlanErrors:   projectPlanErrors(p),
		ImportErrors: []check.ImportError{{ID: "web", Want: check.Literal(`The import ID of a project is its ID, prj- and 16 characters of the base58 alphabet, or <ORGANIZATION>/<PROJECT NAME>; got "web".`)}},
		Create: check.Step{
			Config: projectConfig(p, "Platform Team", `
  description                    = "The platform's workspaces"
  auto_destroy_activity_duration = "14d"
  tag_bindings                   = { env = "prod", team = "" }`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(projectAddr, check.Path("id"), idOf("prj")),
				statecheck.ExpectKnownValue(projectAddr, check.Path("organization"), check.Str(p.Organization)),
				statecheck.ExpectKnownValue(projectAddr, check.Path("name"), check.Str("Platform Team")),
				statecheck.ExpectKnownValue(projectAddr, check.Path("description"), check.Str("The platform's workspaces")),
				statecheck.ExpectKnownValue(projectAddr, check.Path("auto_destroy_activity_duration"), check.Str("14d")),
				statecheck.ExpectKnownValue(projectAddr, check.Path("tag_bindings"), check.StrMap(map[string]string{"env": "prod", "team": ""})),
			},
			Check: resource.ComposeTestCheckFunc(check.IDKept(projectAddr, &id), projectIs(t, p, map[string]any{
				"organization": p.Organization, "name": "Platform Team", "description": "The platform's workspaces",
				"auto_destroy_activity_duration": "14d", "tag_bindings": map[string]string{"env": "prod", "team": ""},
			})),
		},
		// A rename, and every other value, changes in place; what the
		// configuration no longer sets is cleared.
		Update: check.Step{
			Config: updated,
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(projectAddr, check.Path("description"), knownvalue.Null()),
				statecheck.ExpectKnownValue(projectAddr, check.Path("auto_destroy_activity_duration"), knownvalue.Null()),
				statecheck.ExpectKnownValue(projectAddr, check.Path("tag_bindings"), check.StrMap(map[string]string{"env": "staging", "tier": "1"})),
			},
			Check: projectIs(t, p, map[string]any{
				"name": "Platform_Team-2", "description": "", "auto_destroy_activity_duration": "",
				"tag_bindings": map[string]string{"env": "staging", "tier": "1"},
			}),
		},
		// By its ID, and by its organization and name in another case.
		Imports: []check.ImportID{{ID: func(id string) string { return id }}, {ID: func(string) string { return p.Organization + "/PLATFORM_TEAM-2" }}},
		// Changed outside Terraform: the next plan sets the configured
		// values again, and removes a tag it does not list.
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				if _, err := c.Projects.Update(ctx, id, platformclient.ProjectOptions{Description: check.Ptr("edited")}); err != nil {
					return err
				}
				return c.Projects.AddTagBindings(ctx, id, []*platformclient.TagBinding{{Key: "owner", Value: "ops"}})
			},
			Step: check.Step{
				Config: updated,
				Check: projectIs(t, p, map[string]any{
					"description": "", "tag_bindings": map[string]string{"env": "staging", "tier": "1"},
				}),
				Then: []resource.TestStep{
					{
						// Left out, the tag bindings are kept as they are,
						// even those added outside Terraform; {} removes
						// them.
						PreConfig: check.OutOfBand(t, p.Client, func(ctx context.Context, c *platformclient.Client) error {
							return c.Projects.AddTagBindings(ctx, id, []*platformclient.TagBinding{{Key: "owner", Value: "ops"}})
						}),
						Config: projectConfig(p, "Platform_Team-2", ""),
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
						},
						ConfigStateChecks: []statecheck.StateCheck{
							statecheck.ExpectKnownValue(projectAddr, check.Path("tag_bindings"), check.StrMap(map[string]string{"env": "staging", "tier": "1", "owner": "ops"})),
						},
					},
					{
						Config: untagged,
						ConfigStateChecks: []statecheck.StateCheck{
							statecheck.ExpectKnownValue(projectAddr, check.Path("tag_bindings"), knownvalue.MapSizeExact(0)),
						},
						Check: projectIs(t, p, map[string]any{"tag_bindings": map[string]string{}}),
					},
				},
			},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				return c.Projects.Delete(ctx, id)
			},
			Step: check.Step{
				Config: untagged,
				Check: resource.ComposeTestCheckFunc(projectGone(t, p, &id), check.IDKept(projectAddr, &recreatedID),
					projectIs(t, p, map[string]any{"organization": p.Organization, "name": "Platform_Team-2"})),
			},
		},
		// Another organization, named in the configuration, replaces the
		// project.
		Replace: check.Step{
			Config: projectConfig(p, "Platform_Team-2", `organization = "`+other+`"`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(projectAddr, check.Path("organization"), check.Str(other)),
			},
			Check: resource.ComposeTestCheckFunc(projectGone(t, p, &recreatedID), projectIs(t, p, map[string]any{"organization": other})),
		},
	}.Run(t)
}

// Left out, the organization is the provider's, known in the plan; a
// change of the provider's default replaces the project into the new
// organization, and a configuration that names the organization does not
// follow the provider's default.
func TestAccProject_defaultOrganization(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	var first, second string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: projectConfig(p, "defaulted", ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(projectAddr, plancheck.ResourceActionCreate),
						plancheck.ExpectKnownValue(projectAddr, check.Path("organization"), check.Str(p.Organization)),
					},
				},
				Check: resource.ComposeTestCheckFunc(check.IDKept(projectAddr, &first), projectIs(t, p, map[string]any{"organization": p.Organization})),
			},
			{
				// An update of another attribute keeps the organization.
				Config: projectConfig(p, "defaulted", `description = "kept where it is"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(projectAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(projectAddr, check.Path("organization"), check.Str(p.Organization)),
					},
				},
				Check: check.IDKept(projectAddr, &first),
			},
			{
				Config: projectResource(p.ProviderConfigWith(p.Token, other), "defaulted", `description = "kept where it is"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(projectAddr, plancheck.ResourceActionDestroyBeforeCreate),
						plancheck.ExpectKnownValue(projectAddr, check.Path("organization"), check.Str(other)),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(projectAddr, check.Path("organization"), check.Str(other)),
				},
				Check: resource.ComposeTestCheckFunc(projectGone(t, p, &first), check.IDKept(projectAddr, &second),
					projectIs(t, p, map[string]any{"organization": other, "description": "kept where it is"})),
			},
			{
				// Named in the configuration, the organization stays when
				// the provider's default changes back.
				Config: projectConfig(p, "defaulted", `
  organization = "`+other+`"
  description  = "kept where it is"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: check.IDKept(projectAddr, &second),
			},
		},
	})
}

// Without an organization in the configuration, in the provider's block or
// in STACK_PLATFORM_ORGANIZATION, planning fails on the attribute, naming
// the setting, before any request; for data sources too. The variable is
// unset for the test, which so cannot run in parallel.
func TestAccProject_missingOrganization(t *testing.T) {
	t.Setenv("STACK_PLATFORM_ORGANIZATION", "")
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	noDefault := p.ProviderConfigWith(p.Token, "")
	want := check.Literal(`organization is not set, and the provider has no default for it: set organization here, ` +
		`or platform.organization (or STACK_PLATFORM_ORGANIZATION) in the provider's configuration.`)
	before := p.Emulator.Stats()
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: projectResource(noDefault, "nowhere", ""), PlanOnly: true, ExpectError: want},
			{Config: noDefault + `
resource "stack_platform_organization_default_settings" "test" {
  default_execution_mode = "remote"
}
`, PlanOnly: true, ExpectError: want},
			{Config: noDefault + `
data "stack_platform_projects" "all" {}
`, PlanOnly: true, ExpectError: want},
			{Config: noDefault + `
data "stack_platform_team" "owners" {
  name = "owners"
}
`, PlanOnly: true, ExpectError: want},
			{Config: noDefault + `
data "stack_platform_teams" "all" {}
`, PlanOnly: true, ExpectError: want},
			{Config: noDefault + `
data "stack_platform_organization" "default" {}
`, PlanOnly: true, ExpectError: check.Literal(`name is not set, and the provider has no default for it: set name here, ` +
				`or platform.organization (or STACK_PLATFORM_ORGANIZATION) in the provider's configuration.`)},
		},
	})
	check.NoRequestsSince(t, p, before)
}

// The platform refuses to delete an organization's default project: the
// destroy says why, and the project stays.
func TestAccProject_defaultProjectIsNotDeleted(t *testing.T) {
	p := acctest.NewPlatform(t)
	org, err := p.Client(t).Organizations.Read(context.Background(), p.Organization, platformclient.OrganizationReadOptions{})
	if err != nil {
		t.Fatal(err)
	}
	defaultID := org.DefaultProject.ID
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: p.ProviderConfig() + `
import {
  to = stack_platform_project.test
  id = "` + defaultID + `"
}

resource "stack_platform_project" "test" {
  name = "Default Project"
}
`,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(projectAddr, plancheck.ResourceActionNoop)},
				},
			},
			{
				Config: p.ProviderConfig(),
				ExpectError: check.Wrapped(`Project not deleted.*The platform refuses to delete the project ` + defaultID +
					` \("Default Project"\): it is its organization's default project.*409 Conflict`),
			},
			{
				// Terraform forgets it, and the platform still has it.
				Config: p.ProviderConfig() + `
removed {
  from = stack_platform_project.test
  lifecycle {
    destroy = false
  }
}
`,
				Check: check.OnServer(t, p.Client, func(ctx context.Context, c *platformclient.Client) (*platformclient.Project, error) {
					return c.Projects.Read(ctx, defaultID, platformclient.ProjectReadOptions{})
				}, func(*platformclient.Project) error { return nil }),
			},
		},
	})
}

// A project the token may not see is answered 404: the refresh forgets it,
// and the create that follows fails with an error that says that the
// token may be why.
func TestAccProject_notVisibleToToken(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	outsider := p.MintUserToken(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: projectResource(p.ProviderConfigWith(outsider, p.Organization), "hidden", ""),
				ExpectError: check.Wrapped(`Cannot create the project.*The organization "` + regexp.QuoteMeta(p.Organization) + `" does not exist, or the token may not see it\..*` +
					`Server said: POST http://\S+/api/v2/organizations/` + regexp.QuoteMeta(p.Organization) + `/projects: 404 Not Found.*` + notVisibleHint),
			},
		},
	})
}

// projectPlanErrors are the plan-time errors of a project.
func projectPlanErrors(p *acctest.Platform) []check.PlanError {
	nameRule := `must be letters, digits, spaces, '-' and '_', not starting or ending with a space`
	return []check.PlanError{
		{Config: projectConfig(p, "ab", ""), Want: check.Literal(`Attribute name string length must be between 3 and 40, got: 2`)},
		{Config: projectConfig(p, strings.Repeat("x", 41), ""), Want: check.Literal(`Attribute name string length must be between 3 and 40, got: 41`)},
		{Config: projectConfig(p, "web/app", ""), Want: check.Literal(`Attribute name ` + nameRule + `, got: web/app`)},
		{Config: projectConfig(p, " padded", ""), Want: check.Literal(`Attribute name ` + nameRule + `, got:  padded`)},
		{Config: projectConfig(p, "web", `description = "`+strings.Repeat("d", 257)+`"`),
			Want: check.Literal(`Attribute description string length must be at most 256, got: 257`)},
		{Config: projectConfig(p, "web", `auto_destroy_activity_duration = "15m"`),
			Want: check.Literal(`Attribute auto_destroy_activity_duration must be 1 to 4 digits followed by d or h, such as 14d or 12h, got: 15m`)},
		{Config: projectConfig(p, "web", `auto_destroy_activity_duration = "12345d"`),
			Want: check.Literal(`Attribute auto_destroy_activity_duration must be 1 to 4 digits followed by d or h, such as 14d or 12h, got: 12345d`)},
		{Config: projectConfig(p, "web", `tag_bindings = { "" = "x" }`),
			Want: check.Wrapped(`Attribute tag_bindings\[""\] string length must be between 1 and 128, got: 0`)},
		{Config: projectConfig(p, "web", `tag_bindings = { k = "`+strings.Repeat("v", 257)+`" }`),
			Want: check.Wrapped(`Attribute tag_bindings\["k"\] string length must be at most 256, got: 257`)},
		{Config: projectConfig(p, "web", `organization = "a b"`),
			Want: check.Literal(`Attribute organization must have 1 to 40 characters: letters, digits, '-' and '_', got: a b`)},
		{Config: projectConfig(p, "web", elevenTagBindings), Want: check.Literal(`Attribute tag_bindings map must contain at most 10 elements, got: 11`)},
	}
}

// A refresh reads a project, its tag bindings included, with one request,
// a page of its organization's list; see refreshes.
func TestAccProject_refresh(t *testing.T) {
	refreshes(t, refreshCase{
		addr: projectAddr, noun: "project", read: "GET /api/v2/projects/{id}", idPrefix: "prj",
		listed: "GET /api/v2/organizations/{org}/projects",
		config: func(provider string) string {
			return projectResource(provider, "refreshed", `tag_bindings = { env = "prod" }`)
		},
		deleteElsewhere: func(ctx context.Context, c *platformclient.Client, org string) error {
			list, err := c.Projects.List(ctx, org, platformclient.ProjectListOptions{Names: []string{"refreshed"}})
			if err != nil || len(list.Items) != 1 {
				return fmt.Errorf("listing the project: %v, %w", list, err)
			}
			return c.Projects.Delete(ctx, list.Items[0].ID)
		},
	})
}

// A project of an organization that does not exist yet, as when the same
// configuration creates the organization but names it through the
// provider's default, which orders nothing: the create fails on
// organization, saying to reference the organization resource.
func TestAccProject_missingOrganizationSaysToReferenceIt(t *testing.T) {
	p := acctest.NewPlatform(t)
	missing := p.Organization + "-not-yet"
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: p.ProviderConfigWith(p.Token, missing) + `
resource "stack_platform_project" "test" {
  name = "apps"
}
`,
			ExpectError: check.Wrapped(`Cannot create the project.*The organization "` + regexp.QuoteMeta(missing) + `" does not exist, or the token may not see it. ` +
				`If this configuration creates it with stack_platform_organization, set this resource's organization to a reference to it, ` +
				`such as organization = stack_platform_organization.<label>.name.*Server said: POST http://\S+/api/v2/organizations/` + regexp.QuoteMeta(missing) + `/projects: 404 Not Found`),
		}},
	})
}

// reorganization is a configuration of two projects and a workspace in the
// first, with lifecycle, if any, in the first project; moved, the first
// project is gone and the workspace is in the second.
func reorganization(p *acctest.Platform, lifecycle string, moved bool) string {
	old := fmt.Sprintf(`
resource "stack_platform_project" "old" {
  name = "old"
  %s
}
`, lifecycle)
	in := "old"
	if moved {
		old, in = "", "new"
	}
	return p.ProviderConfig() + old + fmt.Sprintf(`
resource "stack_platform_project" "new" {
  name = "new"
}

resource "stack_platform_workspace" "moving" {
  name       = "moving"
  project_id = stack_platform_project.%s.id
}
`, in)
}

// Terraform destroys a removed project before it updates the workspaces
// that leave it, unless the project has create_before_destroy: with it,
// moving the workspaces out and removing the project is one apply.
func TestAccProject_reorganizationInOneApply(t *testing.T) {
	p := acctest.NewPlatform(t)
	var newID string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: reorganization(p, "lifecycle {\n create_before_destroy = true\n }", false)},
			{
				Config: reorganization(p, "", true),
				Check: resource.ComposeTestCheckFunc(
					func(s *terraform.State) error {
						var err error
						newID, err = check.StateValue(s, "stack_platform_project.new", "id")
						return err
					},
					check.OnServer(t, p.Client, func(ctx context.Context, c *platformclient.Client) (*platformclient.Workspace, error) {
						return c.Workspaces.Read(ctx, p.Organization, "moving", platformclient.WorkspaceReadOptions{})
					}, func(ws *platformclient.Workspace) error {
						if ws.Project == nil || ws.Project.ID != newID {
							return fmt.Errorf("the workspace is in %+v, want %s", ws.Project, newID)
						}
						return nil
					}),
					check.OnServer(t, p.Client, func(ctx context.Context, c *platformclient.Client) (*platformclient.ProjectList, error) {
						return c.Projects.List(ctx, p.Organization, platformclient.ProjectListOptions{Names: []string{"old"}})
					}, func(l *platformclient.ProjectList) error {
						if len(l.Items) != 0 {
							return fmt.Errorf("the old project is still there: %+v", l.Items[0])
						}
						return nil
					}),
				),
			},
		},
	})
}

// Without create_before_destroy, the destroy of the project comes first and
// is refused: the error says why, and what to do.
func TestAccProject_reorganizationWithoutCreateBeforeDestroy(t *testing.T) {
	p := acctest.NewPlatform(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: reorganization(p, "", false)},
			{
				Config: reorganization(p, "", true),
				ExpectError: check.Wrapped(`Project not deleted.*still holds workspaces.*If this apply also moves those workspaces to another project: ` +
					`Terraform destroys a removed project before it updates the workspaces that leave it, so the move has not happened yet\. ` +
					"Apply the moves first, with `terraform apply -target=<workspace address>` for each, and then apply again\\. " +
					"So that such a reorganization works in one apply, give project resources `lifecycle \\{ create_before_destroy = true \\}`"),
			},
		},
	})
}

// A project imports by its organization and a name that no project has
// only to fail, naming the organization and the name.
func TestAccProject_importNameOfNoProject(t *testing.T) {
	p := acctest.NewPlatform(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: projectConfig(p, "Payments", ""), ResourceName: projectAddr, ImportState: true, ImportStateId: p.Organization + "/Payments",
			ExpectError: check.Literal(fmt.Sprintf(`The platform has no project %q, or the provider's token may not see it. `+
				`The organization %q has no project named "Payments", in any case, that the token may see.`, p.Organization+"/Payments", p.Organization)),
		}},
	})
}
