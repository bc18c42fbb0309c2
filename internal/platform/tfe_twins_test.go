package platform_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// tfeTwin is one of hashicorp/tfe's resources, and what its state, as the
// incumbent's acceptance test leaves it (testdata/moved/<type>.json),
// moves to here.
type tfeTwin struct {
	from, to string
	// moved are the attributes the move sets (the others are null until
	// the refresh).
	moved map[string]any
	// make makes on the server the object the incumbent made, and returns
	// the IDs the server gave it, by the fixture's IDs they replace.
	make func(t *testing.T, c *platformclient.Client) map[string]string
	// body is this provider's resource with the same values.
	body string
}

// tfeOrgName is the organization of the incumbent's acceptance tests.
const tfeOrgName = "tst-terraform-8674665223082153551"

func tfeTwins() []tfeTwin {
	return []tfeTwin{
		{
			from: "tfe_organization", to: "stack_platform_organization",
			moved: map[string]any{
				"id": tfeOrgName, "name": tfeOrgName, "email": "admin@company.com", "default_project_id": "prj-SmR4T7wVbAXbrYdu",
				"session_timeout": int64(30), "session_remember": int64(30), "collaborator_auth_policy": "password",
				"owners_team_saml_role_id": "owners", "cost_estimation_enabled": false,
				"send_passing_statuses_for_untriggered_speculative_plans": false, "aggregated_commit_status_enabled": true,
				"speculative_plan_management_enabled": true, "assessments_enforced": false, "allow_force_delete_workspaces": false,
				"user_tokens_enabled": true, "enforce_hyok": false, "stacks_enabled": false, "max_ttl_enabled": false,
			},
			make: func(t *testing.T, c *platformclient.Client) map[string]string {
				t.Helper()
				org, err := c.Organizations.Create(context.Background(), platformclient.OrganizationOptions{
					Name: check.Ptr(tfeOrgName), Email: check.Ptr("admin@company.com"), SessionTimeout: check.Ptr(30), SessionRemember: check.Ptr(30),
					CollaboratorAuthPolicy: check.Ptr("password"), OwnersTeamSAMLRoleID: check.Ptr("owners"), CostEstimationEnabled: check.Ptr(false),
					AssessmentsEnforced: check.Ptr(false), AllowForceDeleteWorkspaces: check.Ptr(false), StacksEnabled: check.Ptr(false),
				})
				if err != nil {
					t.Fatal(err)
				}
				return map[string]string{"prj-SmR4T7wVbAXbrYdu": org.DefaultProject.ID}
			},
			body: fmt.Sprintf(`name                          = %q
  email                         = "admin@company.com"
  session_timeout               = 30
  session_remember              = 30
  collaborator_auth_policy      = "password"
  owners_team_saml_role_id      = "owners"
  cost_estimation_enabled       = false
  assessments_enforced          = false
  allow_force_delete_workspaces = false
  stacks_enabled                = false`, tfeOrgName),
		},
		{
			from: "tfe_project", to: "stack_platform_project",
			moved: map[string]any{
				"id": "prj-6p5RiCe5CRjBmsGt", "organization": tfeOrgName, "name": "projecttest", "description": "project description",
				"tag_bindings": map[string]any{"keyA": "valueA", "keyB": "valueB"},
			},
			make: func(t *testing.T, c *platformclient.Client) map[string]string {
				t.Helper()
				tfeOrg(t, c)
				prj, err := c.Projects.Create(context.Background(), tfeOrgName, platformclient.ProjectOptions{
					Name: check.Ptr("projecttest"), Description: check.Ptr("project description"),
					TagBindings: []*platformclient.TagBinding{{Key: "keyA", Value: "valueA"}, {Key: "keyB", Value: "valueB"}},
				})
				if err != nil {
					t.Fatal(err)
				}
				return map[string]string{"prj-6p5RiCe5CRjBmsGt": prj.ID}
			},
			body: fmt.Sprintf(`organization = %q
  name         = "projecttest"
  description  = "project description"
  tag_bindings = {
    keyA = "valueA"
    keyB = "valueB"
  }`, tfeOrgName),
		},
		{
			from: "tfe_team", to: "stack_platform_team",
			moved: map[string]any{
				"id": "team-7RUnVGLDNi9kyP8Z", "organization": tfeOrgName, "name": "team-test", "visibility": "organization",
				"sso_team_id": "team-test-sso-id", "allow_member_token_management": true, "organization_access": allFlags(true),
			},
			make: func(t *testing.T, c *platformclient.Client) map[string]string {
				t.Helper()
				tfeOrg(t, c)
				yes := check.Ptr(true)
				team, err := c.Teams.Create(context.Background(), tfeOrgName, platformclient.TeamOptions{
					Name: check.Ptr("team-test"), Visibility: check.Ptr("organization"), AllowMemberTokenManagement: yes, SSOTeamID: check.Ptr("team-test-sso-id"),
					OrganizationAccess: &platformclient.OrganizationAccessOptions{
						ManagePolicies: yes, ManagePolicyOverrides: yes, DelegatePolicyOverrides: yes, ManageWorkspaces: yes, ManageVCSSettings: yes,
						ManageProviders: yes, ManageModules: yes, ManageRunTasks: yes, ManageProjects: yes, ReadWorkspaces: yes, ReadProjects: yes,
						ManageMembership: yes, ManageTeams: yes, ManageOrganizationAccess: yes, AccessSecretTeams: yes, ManageAgentPools: yes,
					},
				})
				if err != nil {
					t.Fatal(err)
				}
				return map[string]string{"team-7RUnVGLDNi9kyP8Z": team.ID}
			},
			body: fmt.Sprintf(`organization                  = %q
  name                          = "team-test"
  visibility                    = "organization"
  allow_member_token_management = true
  sso_team_id                   = "team-test-sso-id"
  organization_access = {
    manage_policies            = true
    manage_policy_overrides    = true
    delegate_policy_overrides  = true
    manage_workspaces          = true
    manage_vcs_settings        = true
    manage_run_tasks           = true
    manage_providers           = true
    manage_modules             = true
    manage_projects            = true
    read_workspaces            = true
    read_projects              = true
    manage_membership          = true
    manage_teams               = true
    manage_organization_access = true
    access_secret_teams        = true
    manage_agent_pools         = true
  }`, tfeOrgName),
		},
		{
			from: "tfe_variable_set", to: "stack_platform_variable_set",
			moved: map[string]any{
				"id": "varset-ZKXtWahrkxB6y2ZP", "organization": tfeOrgName, "name": "variable_set_test", "description": "a test variable set",
				"global": false, "priority": false,
			},
			make: func(t *testing.T, c *platformclient.Client) map[string]string {
				t.Helper()
				tfeOrg(t, c)
				set, err := c.VariableSets.Create(context.Background(), tfeOrgName, platformclient.VariableSetOptions{
					Name: check.Ptr("variable_set_test"), Description: check.Ptr("a test variable set"), Global: check.Ptr(false), Priority: check.Ptr(false),
				})
				if err != nil {
					t.Fatal(err)
				}
				return map[string]string{"varset-ZKXtWahrkxB6y2ZP": set.ID}
			},
			body: fmt.Sprintf(`organization = %q
  name         = "variable_set_test"
  description  = "a test variable set"
  global       = false
  priority     = false`, tfeOrgName),
		},
		{
			// A sensitive variable, whose value the platform never answers:
			// it comes from the incumbent's state.
			from: "tfe_variable", to: "stack_platform_variable",
			moved: map[string]any{
				"id": "var-Sw8JrLNL3zbCSkph", "workspace_id": "ws-3x2WZbEtHjp5Q8xD", "key": "key_updated_2", "value": "value_updated",
				"category": "terraform", "description": "another description", "hcl": true, "sensitive": true,
			},
			make: func(t *testing.T, c *platformclient.Client) map[string]string {
				t.Helper()
				tfeOrg(t, c)
				ws, err := c.Workspaces.Create(context.Background(), tfeOrgName, platformclient.WorkspaceOptions{Name: check.Ptr("workspace-test")})
				if err != nil {
					t.Fatal(err)
				}
				v, err := c.Variables.Create(context.Background(), platformclient.InWorkspace(ws.ID), platformclient.VariableOptions{
					Key: check.Ptr("key_updated_2"), Value: check.Ptr("value_updated"), Description: check.Ptr("another description"),
					Category: check.Ptr("terraform"), HCL: check.Ptr(true), Sensitive: check.Ptr(true),
				})
				if err != nil {
					t.Fatal(err)
				}
				return map[string]string{"ws-3x2WZbEtHjp5Q8xD": ws.ID, "var-Sw8JrLNL3zbCSkph": v.ID}
			},
			body: `workspace_id = "ws-3x2WZbEtHjp5Q8xD"
  key          = "key_updated_2"
  value        = "value_updated"
  description  = "another description"
  category     = "terraform"
  hcl          = true
  sensitive    = true`,
		},
		{
			// The incumbent's queue_all_runs defaults to true, which it
			// sent: the configuration here writes it.
			from: "tfe_workspace", to: "stack_platform_workspace",
			moved: map[string]any{
				"id": "ws-3x2WZbEtHjp5Q8xD", "organization": tfeOrgName, "name": "workspace-test", "description": "My favorite workspace!",
				"project_id": "prj-SmR4T7wVbAXbrYdu", "auto_apply": true, "auto_apply_run_trigger": true, "allow_destroy_plan": false,
				"file_triggers_enabled": true, "queue_all_runs": true, "speculative_enabled": true, "structured_run_output_enabled": true,
				"assessments_enabled": false, "terraform_version": "1.11.0", "tag_names": []any{"fav", "test"}, "force_delete": false,
				"resource_count": int64(0),
			},
			make: func(t *testing.T, c *platformclient.Client) map[string]string {
				t.Helper()
				org := tfeOrg(t, c)
				ws, err := c.Workspaces.Create(context.Background(), tfeOrgName, platformclient.WorkspaceOptions{
					Name: check.Ptr("workspace-test"), Description: check.Ptr("My favorite workspace!"), AllowDestroyPlan: check.Ptr(false),
					AutoApply: check.Ptr(true), AutoApplyRunTrigger: check.Ptr(true), QueueAllRuns: check.Ptr(true), TerraformVersion: check.Ptr("1.11.0"),
					Tags: []*platformclient.Tag{{Name: "fav"}, {Name: "test"}},
				})
				if err != nil {
					t.Fatal(err)
				}
				return map[string]string{"ws-3x2WZbEtHjp5Q8xD": ws.ID, "prj-SmR4T7wVbAXbrYdu": org.DefaultProject.ID}
			},
			body: fmt.Sprintf(`organization       = %q
  name               = "workspace-test"
  description        = "My favorite workspace!"
  allow_destroy_plan = false
  auto_apply         = true
  tag_names          = ["fav", "test"]
  auto_apply_run_trigger = true
  queue_all_runs     = true`, tfeOrgName),
		},
		{
			from: "tfe_team_access", to: "stack_platform_team_access",
			moved: map[string]any{
				"id": "tws-PKjs3RXX8S6Acbom", "team_id": "team-7RUnVGLDNi9kyP8Z", "workspace_id": "ws-3x2WZbEtHjp5Q8xD", "access": "write",
				"permissions": map[string]any{"runs": "apply", "variables": "write", "state_versions": "write", "sentinel_mocks": "read",
					"workspace_locking": true, "run_tasks": false, "policy_overrides": false},
			},
			make: func(t *testing.T, c *platformclient.Client) map[string]string {
				t.Helper()
				ctx, team := context.Background(), tfeTeam(t, c)
				ws, err := c.Workspaces.Create(ctx, tfeOrgName, platformclient.WorkspaceOptions{Name: check.Ptr("workspace-test")})
				if err != nil {
					t.Fatal(err)
				}
				access, err := c.TeamWorkspaces.Create(ctx, platformclient.TeamWorkspaceOptions{Access: check.Ptr("write"), Team: team, Workspace: ws})
				if err != nil {
					t.Fatal(err)
				}
				return map[string]string{"tws-PKjs3RXX8S6Acbom": access.ID, "team-7RUnVGLDNi9kyP8Z": team.ID, "ws-3x2WZbEtHjp5Q8xD": ws.ID}
			},
			body: `access       = "write"
  team_id      = "team-7RUnVGLDNi9kyP8Z"
  workspace_id = "ws-3x2WZbEtHjp5Q8xD"`,
		},
		{
			from: "tfe_team_project_access", to: "stack_platform_team_project_access",
			moved: map[string]any{
				"id": "tprj-rBGP3eUyyxcJfbWa", "team_id": "team-7RUnVGLDNi9kyP8Z", "project_id": "prj-6p5RiCe5CRjBmsGt", "access": "write",
				"project_access": map[string]any{"settings": "read", "teams": "none", "variable_sets": "read"},
				"workspace_access": map[string]any{"runs": "apply", "sentinel_mocks": "read", "state_versions": "write", "variables": "write",
					"create": false, "locking": true, "delete": false, "move": false, "run_tasks": false, "policy_overrides": false},
			},
			make: func(t *testing.T, c *platformclient.Client) map[string]string {
				t.Helper()
				ctx, team := context.Background(), tfeTeam(t, c)
				prj, err := c.Projects.Create(ctx, tfeOrgName, platformclient.ProjectOptions{Name: check.Ptr("projecttest")})
				if err != nil {
					t.Fatal(err)
				}
				access, err := c.TeamProjectAccesses.Create(ctx, platformclient.TeamProjectAccessOptions{Access: check.Ptr("write"), Team: team, Project: prj})
				if err != nil {
					t.Fatal(err)
				}
				return map[string]string{"tprj-rBGP3eUyyxcJfbWa": access.ID, "team-7RUnVGLDNi9kyP8Z": team.ID, "prj-6p5RiCe5CRjBmsGt": prj.ID}
			},
			body: `access     = "write"
  team_id    = "team-7RUnVGLDNi9kyP8Z"
  project_id = "prj-6p5RiCe5CRjBmsGt"`,
		},
	}
}

// tfeTwinCases are the twins of the other tfe_twins_*_test.go files, which
// each append theirs from its init.
var tfeTwinCases []tfeTwin

// allTFETwins are tfeTwins and tfeTwinCases.
func allTFETwins() []tfeTwin { return append(tfeTwins(), tfeTwinCases...) }

// allFlags is a team's organization access with every flag v.
func allFlags(v bool) map[string]any {
	m := map[string]any{}
	for _, f := range []string{"manage_policies", "manage_policy_overrides", "delegate_policy_overrides", "manage_workspaces",
		"manage_vcs_settings", "manage_providers", "manage_modules", "manage_run_tasks", "manage_projects", "read_workspaces",
		"read_projects", "manage_membership", "manage_teams", "manage_organization_access", "access_secret_teams", "manage_agent_pools"} {
		m[f] = v
	}
	return m
}

// version is the schema version of the incumbent's resource that the
// fixture is of: 1 for tfe_variable, tfe_workspace and the team accesses,
// 0 for the others.
func (tw tfeTwin) version() int64 {
	switch tw.from {
	case "tfe_variable", "tfe_workspace", "tfe_team_access", "tfe_team_project_access":
		return 1
	}
	return 0
}

// tfeTeam makes the team of the incumbent's acceptance tests of team
// access, in their organization.
func tfeTeam(t *testing.T, c *platformclient.Client) *platformclient.Team {
	t.Helper()
	tfeOrg(t, c)
	team, err := c.Teams.Create(context.Background(), tfeOrgName, platformclient.TeamOptions{Name: check.Ptr("team-test")})
	if err != nil {
		t.Fatal(err)
	}
	return team
}

// tfeOrg makes the organization of the incumbent's acceptance tests, in
// which they make the other objects.
func tfeOrg(t *testing.T, c *platformclient.Client) *platformclient.Organization {
	t.Helper()
	org, err := c.Organizations.Create(context.Background(), platformclient.OrganizationOptions{Name: check.Ptr(tfeOrgName), Email: check.Ptr("admin@company.com")})
	if err != nil {
		t.Fatal(err)
	}
	return org
}

// fixture is the incumbent's state of tw, with the IDs ids gives in place
// of the fixture's.
func (tw tfeTwin) fixture(t *testing.T, ids map[string]string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "moved", tw.from+".json"))
	if err != nil {
		t.Fatal(err)
	}
	return []byte(replaceIDs(string(b), ids))
}

// replaceIDs is s with the quoted IDs of ids replaced.
func replaceIDs(s string, ids map[string]string) string {
	for from, to := range ids {
		s = strings.ReplaceAll(s, `"`+from+`"`, `"`+to+`"`)
	}
	return s
}

func TestTFETwins_move(t *testing.T) {
	for _, tw := range allTFETwins() {
		for _, host := range []string{"registry.terraform.io", "registry.opentofu.org"} {
			got, diags := acctest.Move(t, host+"/hashicorp/tfe", tw.from, tw.version(), tw.fixture(t, nil), tw.to)
			for k, v := range got {
				if v == nil {
					delete(got, k)
				}
			}
			if !reflect.DeepEqual(got, tw.moved) || len(diags) != 0 {
				t.Errorf("%s from %s: want %v\n got %v %+v", tw.from, host, tw.moved, got, diags)
			}
		}
	}
}

func TestTFETwins_moveRefuses(t *testing.T) {
	for _, tw := range allTFETwins() {
		version, known := int64(1), "0"
		switch tw.from {
		case "tfe_variable", "tfe_team_access":
			version, known = 2, "0 and 1"
		case "tfe_workspace", "tfe_team_project_access":
			version, known = 0, "1"
		}
		_, diags := acctest.Move(t, "registry.terraform.io/hashicorp/tfe", tw.from, version, tw.fixture(t, nil), tw.to)
		want := fmt.Sprintf("The state of %s is of schema version %d, which this provider does not know: it moves versions %s of hashicorp/tfe.", tw.from, version, known)
		if len(diags) != 1 || !strings.HasPrefix(diags[0].Detail, want) {
			t.Errorf("%s: want %q, got %+v", tw.from, want, diags)
		}
		// Another provider's resource of the same type name is none of
		// this resource's twins.
		if _, diags := acctest.Move(t, "registry.terraform.io/example/tfe", tw.from, tw.version(), tw.fixture(t, nil), tw.to); len(diags) != 1 || diags[0].Summary != "Unable to Move Resource State" {
			t.Errorf("%s of example/tfe: want no mover to take it, got %+v", tw.from, diags)
		}
	}
}

// An organization whose session settings the platform answers null is
// stored by the incumbent with 0s, which move as null: the platform's
// default, and no change.
func TestTFETwins_moveOrganizationWithoutSessionSettings(t *testing.T) {
	tw := tfeTwins()[0]
	b := strings.NewReplacer(`"session_remember_minutes": 30`, `"session_remember_minutes": 0`, `"session_timeout_minutes": 30`, `"session_timeout_minutes": 0`).Replace(string(tw.fixture(t, nil)))
	got, diags := acctest.Move(t, "registry.terraform.io/hashicorp/tfe", tw.from, 0, []byte(b), tw.to)
	if len(diags) != 0 || got["session_timeout"] != nil || got["session_remember"] != nil || got["name"] != tfeOrgName {
		t.Errorf("want the session settings null, got %v %+v", got, diags)
	}
}

// TestAccTFETwins_moved moves each of the incumbent's resources, as its
// acceptance test leaves them, with a moved block, and plans nothing else
// with the same values in this provider's configuration.
func TestAccTFETwins_moved(t *testing.T) {
	for _, tw := range allTFETwins() {
		t.Run(tw.from, func(t *testing.T) {
			p := acctest.NewPlatformEmulator(t, emulator.Options{})
			tw.movesThenPlansEmpty(t, p, tw.version(), tw.make(t, p.Client(t)))
		})
	}
}

// movesThenPlansEmpty writes the fixture of tw, of the incumbent's schema
// version, with the IDs ids gives, as the incumbent's state, and this
// provider's resource with a moved block from it; it checks that the
// move warns of nothing and that the plan after it is empty.
func (tw tfeTwin) movesThenPlansEmpty(t *testing.T, p *acctest.Platform, version int64, ids map[string]string) {
	t.Helper()
	cli := acctest.NewCLI(t, nil)
	cli.StandIn(t, "hashicorp/tfe")
	cli.WriteState(t, acctest.Incumbent{Provider: "hashicorp/tfe", Type: tw.from, Name: "test", SchemaVersion: int(version), Attributes: tw.fixture(t, ids)})
	cli.WriteConfig(t, p.ProviderConfig()+fmt.Sprintf(`
moved {
  from = %[1]s.test
  to   = %[2]s.test
}

resource %[2]q "test" {
  %[3]s
}
`, tw.from, tw.to, replaceIDs(tw.body, ids)))
	if warnings := cli.MovesThenPlansEmpty(t, tw.from+".test", tw.to+".test"); len(warnings) != 0 {
		t.Errorf("warnings: %+v", warnings)
	}
}

// A project without a description is stored by the incumbent with "",
// which moves as null; its ignore_additional_tags, which has no twin here,
// is named in a warning when set.
func TestTFETwins_moveProjectWithoutDescription(t *testing.T) {
	tw := tfeTwins()[1]
	b := strings.NewReplacer(`"description": "project description"`, `"description": ""`, `"ignore_additional_tags": null`, `"ignore_additional_tags": true`).Replace(string(tw.fixture(t, nil)))
	got, diags := acctest.Move(t, "registry.terraform.io/hashicorp/tfe", tw.from, 0, []byte(b), tw.to)
	if got == nil || got["description"] != nil || got["name"] != "projecttest" {
		t.Errorf("want the description null, got %v", got)
	}
	if len(diags) != 1 || !strings.Contains(diags[0].Detail, "sets ignore_additional_tags, which this provider does not manage") {
		t.Errorf("want a warning naming ignore_additional_tags, got %+v", diags)
	}
}

// A team without an SSO team ID is stored by the incumbent with "", and a
// team without organization access with an empty list: both move as null,
// which the refresh reads.
func TestTFETwins_moveTeamWithoutSSO(t *testing.T) {
	tw := tfeTwins()[2]
	var attrs map[string]any
	if err := json.Unmarshal(tw.fixture(t, nil), &attrs); err != nil {
		t.Fatal(err)
	}
	attrs["sso_team_id"], attrs["organization_access"] = "", []any{}
	b, err := json.Marshal(attrs)
	if err != nil {
		t.Fatal(err)
	}
	got, diags := acctest.Move(t, "registry.opentofu.org/hashicorp/tfe", tw.from, 0, b, tw.to)
	if len(diags) != 0 || got == nil || got["sso_team_id"] != nil || got["organization_access"] != nil || got["name"] != "team-test" {
		t.Errorf("want the SSO team ID and the access null, got %v %+v", got, diags)
	}
}

// A set owned by a project and assigned to workspaces moves with its
// parent project; its assignments, which the incumbent lists whatever
// made them, are left to the assignments here, without a warning.
func TestTFETwins_moveVariableSetOfAProject(t *testing.T) {
	tw := tfeTwins()[3]
	b := strings.NewReplacer(`"parent_project_id": ""`, `"parent_project_id": "prj-6p5RiCe5CRjBmsGt"`, `"workspace_ids": []`, `"workspace_ids": ["ws-3x2WZbEtHjp5Q8xD"]`).Replace(string(tw.fixture(t, nil)))
	got, diags := acctest.Move(t, "registry.terraform.io/hashicorp/tfe", tw.from, 0, []byte(b), tw.to)
	if len(diags) != 0 || got == nil || got["parent_project_id"] != "prj-6p5RiCe5CRjBmsGt" {
		t.Errorf("want the parent project moved and no warning, got %v %+v", got, diags)
	}
}

// A variable given through value_wo is stored by the incumbent with the
// value "" and the version of the write-only value: both move, so that the
// plan does not send the value again. A state of version 0, whose
// workspace only the API names, is refused with what to do.
func TestTFETwins_moveVariable(t *testing.T) {
	tw := tfeTwins()[4]
	b := strings.NewReplacer(`"value": "value_updated"`, `"value": ""`, `"value_wo_version": null`, `"value_wo_version": 3`,
		`"description": "another description"`, `"description": ""`).Replace(string(tw.fixture(t, nil)))
	got, diags := acctest.Move(t, "registry.opentofu.org/hashicorp/tfe", tw.from, 1, []byte(b), tw.to)
	if len(diags) != 0 || got == nil || got["value"] != "" || got["value_wo_version"] != int64(3) || got["description"] != nil {
		t.Errorf("want the value \"\", its version 3 and no description, got %v %+v", got, diags)
	}

	v0 := `{"id": "var-Sw8JrLNL3zbCSkph", "key": "key_test", "value": "value_test", "category": "env", "hcl": false, "sensitive": false, "workspace_id": "tst-terraform-8674665223082153551/workspace-test"}`
	got, diags = acctest.Move(t, "registry.terraform.io/hashicorp/tfe", tw.from, 0, []byte(v0), tw.to)
	want := `the state of tfe_variable is of schema version 0, which names its workspace as "tst-terraform-8674665223082153551/workspace-test": only the platform's API gives the workspace's ID. ` +
		"Refresh it first with a current version of the incumbent provider, which upgrades the state to version 1 (terraform apply -refresh-only), then move it"
	if got != nil || len(diags) != 1 || diags[0].Detail != want {
		t.Errorf("version 0: want %q, got %v %+v", want, got, diags)
	}
}

// A workspace of a repository: the incumbent's vcs_repo, a list of one
// block, is an object here, its github_app_installation_id
// codehost_app_installation_id, its "" null; its ignore_additional_tags,
// the incumbent's alone, is named in a warning; its execution settings are
// left to stack_platform_workspace_settings, without a warning.
func TestTFETwins_moveWorkspaceOfARepository(t *testing.T) {
	tw := tfeTwins()[5]
	var attrs map[string]any
	if err := json.Unmarshal(tw.fixture(t, nil), &attrs); err != nil {
		t.Fatal(err)
	}
	attrs["vcs_repo"] = []any{map[string]any{"identifier": "acme/infra", "branch": "", "ingress_submodules": true, "oauth_token_id": "",
		"tags_regex": "", "github_app_installation_id": "ghain-B7oqH6Uz2LC95XDh"}}
	attrs["ignore_additional_tags"], attrs["execution_mode"], attrs["agent_pool_id"] = true, "agent", "apool-Ex7gEnhRuJXzmaGS"
	b, err := json.Marshal(attrs)
	if err != nil {
		t.Fatal(err)
	}
	got, diags := acctest.Move(t, "registry.terraform.io/hashicorp/tfe", tw.from, 1, b, tw.to)
	want := map[string]any{"identifier": "acme/infra", "branch": nil, "ingress_submodules": true, "oauth_token_id": nil,
		"tags_regex": nil, "codehost_app_installation_id": "ghain-B7oqH6Uz2LC95XDh"}
	if got == nil || !reflect.DeepEqual(got["vcs_repo"], want) {
		t.Errorf("vcs_repo: want %v, got %v", want, got["vcs_repo"])
	}
	if len(diags) != 1 || !strings.Contains(diags[0].Detail, "sets ignore_additional_tags, which this provider does not manage") {
		t.Errorf("want one warning naming ignore_additional_tags alone, got %+v", diags)
	}
}

// A team access of the incumbent's schema version 0, whose workspace only
// the API names, is refused with what to do, as a variable's is.
func TestTFETwins_moveTeamAccessOfVersion0(t *testing.T) {
	tw := tfeTwins()[6]
	v0 := `{"id": "tws-PKjs3RXX8S6Acbom", "access": "write", "team_id": "team-7RUnVGLDNi9kyP8Z", "workspace_id": "tst-terraform-8674665223082153551/workspace-test"}`
	got, diags := acctest.Move(t, "registry.terraform.io/hashicorp/tfe", tw.from, 0, []byte(v0), tw.to)
	if got != nil || len(diags) != 1 || !strings.HasPrefix(diags[0].Detail, `the state of tfe_team_access is of schema version 0, which names its workspace as "tst-terraform-8674665223082153551/workspace-test"`) {
		t.Errorf("version 0: want it refused, got %v %+v", got, diags)
	}
}
