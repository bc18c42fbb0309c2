package platform_test

import (
	"cmp"
	"fmt"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// An import of a well-formed ID that names nothing fails in the provider's
// words, which say that the token may be why, after the one read that
// looks for the object.
func TestAccImport_missingObjectIsNotFound(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	const missing = "6p5RiCe5CRjBmsGt"
	present := newWorkspace(t, p, "present")
	unassigned := newVariableSet(t, p, "unassigned")
	project := newProject(t, p, p.Organization, platformclient.ProjectOptions{Name: check.Ptr("unassigned")})
	setVariable := fmt.Sprintf("variable_set_id = %q\nkey = \"k\"\ncategory = \"env\"", unassigned)
	workspaceVariable := fmt.Sprintf("workspace_id = %q\nkey = \"k\"\ncategory = \"env\"", present)
	// named is what the error says the platform has not, when it is not
	// the object imported.
	for _, c := range []struct {
		name, config, addr, id, object, route, named string
	}{
		{"team project access", accessConfig(p, "a", `access = "read"`), accessAddr, "tprj-" + missing,
			"team project access", "GET /api/v2/team-projects/{id}", ""},
		{"team by ID", teamConfig(p, "devs", ""), teamAddr, p.Organization + "/team-" + missing,
			"team", "GET /api/v2/teams/{id}", ""},
		{"team by name", teamConfig(p, "devs", ""), teamAddr, p.Organization + "/devs",
			"team", "GET /api/v2/organizations/{org}/teams", ""},
		{"team token", teamTokenConfig(p, `description = "ci"`), teamTokenAddr, "at-" + missing,
			"team token", "GET /api/v2/authentication-tokens/{id}", ""},
		{"legacy team token", teamTokenConfig(p, ""), teamTokenAddr, "team-" + missing,
			"team token", "GET /api/v2/teams/{id}/authentication-token", ""},
		{"organization token", orgTokenConfig(p, ""), orgTokenAddr, p.Organization,
			"organization token", "GET /api/v2/organizations/{org}/authentication-token", ""},
		{"organization", orgConfig(p, "no-such-org", ""), orgAddr, "no-such-org",
			"organization", "GET /api/v2/organizations/{org}", ""},
		{"organization's default settings", settingsConfig(p, `default_execution_mode = "remote"`), settingsAddr, "no-such-org",
			"organization's default settings", "GET /api/v2/organizations/{org}", "organization"},
		{"project", projectConfig(p, "web", ""), projectAddr, "prj-" + missing,
			"project", "GET /api/v2/projects/{id}", ""},
		{"workspace by ID", workspaceConfig(p, "web", ""), workspaceAddr, "ws-" + missing,
			"workspace", "GET /api/v2/workspaces/{id}", ""},
		{"workspace by name", workspaceConfig(p, "web", ""), workspaceAddr, p.Organization + "/web",
			"workspace", "GET /api/v2/organizations/{org}/workspaces/{name}", ""},
		{"workspace settings", wsSettingsConfig(p, ""), wsSettingsAddr, "ws-" + missing,
			"workspace settings", "GET /api/v2/workspaces/{id}", "workspace"},
		{"workspace settings by name", wsSettingsConfig(p, ""), wsSettingsAddr, p.Organization + "/producer",
			"workspace settings", "GET /api/v2/organizations/{org}/workspaces/{name}", "workspace"},
		{"variable set", variableSetConfig(p, "vars", ""), variableSetAddr, "varset-" + missing,
			"variable set", "GET /api/v2/varsets/{id}", ""},
		{"variable of a variable set", variableConfig(p, setVariable), variableAddr, p.Organization + "/" + unassigned + "/var-" + missing,
			"variable", "GET /api/v2/varsets/{id}/relationships/vars/{var_id}", ""},
		{"variable of a workspace", variableConfig(p, workspaceVariable), variableAddr, p.Organization + "/present/var-" + missing,
			"variable", "GET /api/v2/workspaces/{id}/vars/{var_id}", ""},
		{"variable of a missing workspace", variableConfig(p, workspaceVariable), variableAddr, p.Organization + "/absent/var-" + missing,
			"variable", "GET /api/v2/organizations/{org}/workspaces/{name}", ""},
		{"variable set assignment of a missing set", assignmentsConfig(p, unassigned, present, project), workspaceAssignmentAddr,
			p.Organization + "/present/absent", "variable set assignment", "GET /api/v2/organizations/{org}/varsets", ""},
		{"variable set assignment to a workspace", assignmentsConfig(p, unassigned, present, project), workspaceAssignmentAddr,
			p.Organization + "/present/unassigned", "variable set assignment", "GET /api/v2/organizations/{org}/varsets", ""},
		{"variable set assignment to a project", assignmentsConfig(p, unassigned, present, project), projectAssignmentAddr,
			p.Organization + "/" + project + "/unassigned", "variable set assignment", "GET /api/v2/organizations/{org}/varsets", ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			named := cmp.Or(c.named, c.object)
			before := p.Emulator.Stats()
			resource.Test(t, resource.TestCase{
				ProtoV6ProviderFactories: acctest.ProviderFactories,
				Steps: []resource.TestStep{{
					Config:        c.config,
					ResourceName:  c.addr,
					ImportState:   true,
					ImportStateId: c.id,
					ExpectError: check.Literal(`Cannot import the ` + c.object + ` The platform has no ` + named + ` "` + c.id +
						`", or the provider's token may not see it.`),
				}},
			})
			if sent := p.RequestsSince(before); sent[c.route] != 1 {
				t.Errorf("the import sent %v, want one %s", sent, c.route)
			}
		})
	}
}

// An organization is imported by its name in any case, as the platform
// matches it, and the state holds the name as the platform keeps it; an
// empty name is refused as any other invalid import ID, before any
// request.
func TestAccOrganization_importName(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config:             orgConfig(p, p.Organization, ""),
			ResourceName:       orgAddr,
			ImportState:        true,
			ImportStateId:      strings.ToUpper(p.Organization),
			ImportStatePersist: true,
			ImportStateCheck: func(s []*terraform.InstanceState) error {
				return check.Differences(map[string]any{"name": s[0].Attributes["name"], "id": s[0].Attributes["id"]},
					map[string]any{"name": p.Organization, "id": p.Organization})
			},
		}, {
			Config:            orgConfig(p, p.Organization, ""),
			ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue(orgAddr, check.Path("name"), check.Str(p.Organization))},
		}},
	})

	cli := acctest.NewCLI(t, nil)
	cli.WriteConfig(t, orgConfig(p, "acme", ""))
	before := p.Emulator.Stats()
	code, out := cli.Run(t, "import", orgAddr, "")
	if want := `The import ID of an organization is its name. An organization's name has 1 to 40 characters: letters, digits, ` +
		"`-` and `_`. Got \"\"."; code == 0 || !strings.Contains(strings.Join(strings.Fields(out), " "), want) {
		t.Errorf("terraform import with an empty ID exited %d:\n%s\nwant the error %q", code, out, want)
	}
	check.NoRequestsSince(t, p, before)
}
