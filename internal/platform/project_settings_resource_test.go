package platform_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const projectSettingsAddr = "stack_platform_project_settings.test"

// projectSettingsConfig is two projects, a workspace in the first, an
// agent pool, and the settings of the project named by project with body.
func projectSettingsConfig(p *acctest.Platform, project, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_project" "first" {
  name = "first"
}

resource "stack_platform_project" "second" {
  name = "second"
}

resource "stack_platform_workspace" "web" {
  name       = "web"
  project_id = stack_platform_project.first.id
}

resource "stack_platform_agent_pool" "runners" {
  name = "runners"
}

resource "stack_platform_project_settings" "test" {
  project_id = stack_platform_project.%s.id
  %s
}
`, project, body)
}

// projectExecutionIs checks, on the platform, the execution of the project
// named name, whether it is its own, and that the workspace web of the
// first project inherits it.
func projectExecutionIs(t *testing.T, p *acctest.Platform, name, mode string, own bool) resource.TestCheckFunc {
	return func(*terraform.State) error {
		ctx := context.Background()
		c := p.Client(t)
		l, err := c.Projects.List(ctx, p.Organization, platformclient.ProjectListOptions{Names: []string{name}})
		if err != nil {
			return err
		}
		if len(l.Items) != 1 {
			return fmt.Errorf("found %d projects named %s, want 1", len(l.Items), name)
		}
		prj := l.Items[0]
		got := map[string]any{"mode": prj.DefaultExecutionMode, "own": *prj.SettingOverwrites.ExecutionMode, "own pool": *prj.SettingOverwrites.AgentPool}
		want := map[string]any{"mode": mode, "own": own, "own pool": own}
		if name == "first" {
			ws, err := c.Workspaces.Read(ctx, p.Organization, "web", platformclient.WorkspaceReadOptions{})
			if err != nil {
				return err
			}
			got["workspace"], want["workspace"] = ws.ExecutionMode, mode
		}
		return check.Differences(got, want)
	}
}

func TestAccProjectSettings_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	one := func(body string) string {
		return p.ProviderConfig() + "resource \"stack_platform_project_settings\" \"test\" {\nproject_id = \"prj-4pW7hPwDJ1fY3gSC\"\n" + body + "\n}\n"
	}
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: projectSettingsAddr,
		PlanErrors: []check.PlanError{
			{Config: p.ProviderConfig() + "resource \"stack_platform_project_settings\" \"test\" {\nproject_id = \"first\"\n}\n",
				Want: check.Literal(`project_id must be the ID of a project: prj- and 16 characters of the base58 alphabet, got "first".`)},
			{Config: one(`default_execution_mode = "cloud"`), Want: check.Wrapped(`Attribute default_execution_mode value must be one of: \["remote" "local" "agent"\], got: "cloud"`)},
			{Config: one(`default_agent_pool_id = "apool-4pW7hPwDJ1fY3gSC"`), Want: check.Literal(`default_agent_pool_id can only be set with default_execution_mode = "agent".`)},
			{Config: one("default_execution_mode = \"local\"\ndefault_agent_pool_id = \"apool-4pW7hPwDJ1fY3gSC\""),
				Want: check.Literal(`default_agent_pool_id can only be set with default_execution_mode = "agent".`)},
			{Config: one(`default_execution_mode = "agent"`),
				Want: check.Literal(`default_execution_mode = "agent" needs default_agent_pool_id, the pool whose agents run the project's workspaces' runs.`)},
			{Config: one("default_execution_mode = \"agent\"\ndefault_agent_pool_id = \"runners\""),
				Want: check.Literal(`default_agent_pool_id must be the ID of an agent pool: apool- and 16 characters of the base58 alphabet, got "runners".`)},
		},
		ImportErrors: []check.ImportError{{ID: "ws-4pW7hPwDJ1fY3gSC", Want: check.Literal(
			`The import ID of a project's settings is the project's ID, prj- and 16 characters of the base58 alphabet; got "ws-4pW7hPwDJ1fY3gSC".`)}},
		// A mode set is the project's own, and its workspace inherits it;
		// the plan knows the overwrites and that there is no pool.
		Create: check.Step{
			Config: projectSettingsConfig(p, "first", `default_execution_mode = "local"`),
			PlanChecks: []plancheck.PlanCheck{
				plancheck.ExpectKnownValue(projectSettingsAddr, check.Path("overwrites"), knownvalue.ObjectExact(map[string]knownvalue.Check{
					"default_execution_mode": knownvalue.Bool(true), "default_agent_pool_id": knownvalue.Bool(true),
				})),
				plancheck.ExpectKnownValue(projectSettingsAddr, check.Path("default_agent_pool_id"), knownvalue.Null()),
			},
			StateChecks: stateIs(projectSettingsAddr, map[string]knownvalue.Check{
				"id": idOf("prj"), "project_id": idOf("prj"), "default_execution_mode": check.Str("local"), "default_agent_pool_id": knownvalue.Null(),
			}),
			Check: projectExecutionIs(t, p, "first", "local", true),
		},
		Update: check.Step{
			Config: projectSettingsConfig(p, "first", `default_execution_mode = "agent"
  default_agent_pool_id  = stack_platform_agent_pool.runners.id`),
			StateChecks: stateIs(projectSettingsAddr, map[string]knownvalue.Check{
				"default_execution_mode": check.Str("agent"), "default_agent_pool_id": idOf("apool"),
			}),
			Check: resource.ComposeTestCheckFunc(
				projectExecutionIs(t, p, "first", "agent", true),
				resource.TestCheckResourceAttrPair(projectSettingsAddr, "default_agent_pool_id", "stack_platform_agent_pool.runners", "id"),
			),
			Then: []resource.TestStep{
				// Left out, the mode is the organization's again, and the
				// plan says so.
				{
					Config: projectSettingsConfig(p, "first", ""),
					ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
						plancheck.ExpectKnownValue(projectSettingsAddr, check.Path("overwrites"), knownvalue.ObjectExact(map[string]knownvalue.Check{
							"default_execution_mode": knownvalue.Bool(false), "default_agent_pool_id": knownvalue.Bool(false),
						})),
					}},
					ConfigStateChecks: stateIs(projectSettingsAddr, map[string]knownvalue.Check{
						"default_execution_mode": check.Str("remote"), "default_agent_pool_id": knownvalue.Null(),
					}),
					Check: projectExecutionIs(t, p, "first", "remote", false),
				},
				{Config: projectSettingsConfig(p, "first", ""), PlanOnly: true},
				{
					Config: projectSettingsConfig(p, "first", `default_execution_mode = "agent"
  default_agent_pool_id  = stack_platform_agent_pool.runners.id`),
					Check: projectExecutionIs(t, p, "first", "agent", true),
				},
			},
		},
		Imports: []check.ImportID{{ID: func(id string) string { return id }}},
		// Given back to the organization's defaults outside Terraform:
		// planned back.
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				_, err := c.Projects.Update(ctx, id, platformclient.ProjectOptions{
					SettingOverwrites: &platformclient.ProjectSettingOverwrites{ExecutionMode: check.Ptr(false), AgentPool: check.Ptr(false)},
				})
				return err
			},
			Step: check.Step{
				Config: projectSettingsConfig(p, "first", `default_execution_mode = "agent"
  default_agent_pool_id  = stack_platform_agent_pool.runners.id`),
				Check: projectExecutionIs(t, p, "first", "agent", true),
			},
		},
		// Another project: the first gets its organization's defaults back.
		Replace: check.Step{
			Config: projectSettingsConfig(p, "second", `default_execution_mode = "local"`),
			Check: resource.ComposeTestCheckFunc(
				projectExecutionIs(t, p, "second", "local", true),
				projectExecutionIs(t, p, "first", "remote", false),
			),
		},
	}.Run(t)
}

// A destroy of the settings gives the project its organization's
// defaults back: the organization's mode, inherited.
func TestAccProjectSettings_destroyRestoresTheOrganizationsDefaults(t *testing.T) {
	p := acctest.NewPlatform(t)
	base := p.ProviderConfig() + `
resource "stack_platform_project" "first" {
  name = "first"
}

resource "stack_platform_workspace" "web" {
  name       = "web"
  project_id = stack_platform_project.first.id
}
`
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: base + `
resource "stack_platform_project_settings" "test" {
  project_id             = stack_platform_project.first.id
  default_execution_mode = "local"
}
`,
				Check: projectExecutionIs(t, p, "first", "local", true),
			},
			{Config: base, Check: projectExecutionIs(t, p, "first", "remote", false)},
		},
	})
}
