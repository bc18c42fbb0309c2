package platform_test

import (
	"context"
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// Adopting an organization made elsewhere: terraform query writes the
// configuration of its workspaces (and of its projects, teams, variable
// sets and agent pools), with their import blocks, and the plan of that configuration imports them all and changes
// nothing. The objects differ from the defaults in every way a generated
// configuration could get wrong: for a workspace, a description, a
// project, tags and tag bindings, an inactivity auto-destroy, a working
// directory and trigger prefixes, a Terraform version constraint.
//
// Variables are not in it: their value is sensitive, and Terraform writes
// no sensitive value into a generated configuration (value = null), so a
// variable's configuration must be given its value before it plans the
// import alone.
func TestAccListResources_generatedConfigPlansImportsOnly(t *testing.T) {
	if !acctest.TestEngine(t).Queries() {
		t.Skip("terraform query needs Terraform 1.14 or later")
	}
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	ctx, c := context.Background(), p.Client(t)
	must := func(_ any, err error) {
		t.Helper()
		if err != nil {
			t.Fatal(err)
		}
	}
	project := newProject(t, p, p.Organization, platformclient.ProjectOptions{
		Name: check.Ptr("APIs"), Description: check.Ptr("The APIs"), TagBindings: []*platformclient.TagBinding{{Key: "team", Value: "apis"}},
	})
	createWorkspace(t, p, p.Organization, platformclient.WorkspaceOptions{
		Name: check.Ptr("api-prod"), Description: check.Ptr("Production"), Project: &platformclient.Project{ID: project},
		Tags: []*platformclient.Tag{{Name: "api"}}, TagBindings: []*platformclient.TagBinding{{Key: "env", Value: "prod"}},
		AutoApply: check.Ptr(true), TerraformVersion: check.Ptr("~> 1.9"),
	})
	createWorkspace(t, p, p.Organization, platformclient.WorkspaceOptions{
		Name: check.Ptr("api-staging"), WorkingDirectory: check.Ptr("infra"), TriggerPrefixes: []string{"modules/"},
		AutoDestroyActivityDuration: platformclient.Value("14d"),
	})
	createWorkspace(t, p, p.Organization, platformclient.WorkspaceOptions{Name: check.Ptr("batch")})
	newTeam(t, p, p.Organization, platformclient.TeamOptions{
		Name: check.Ptr("platform-admins"), Visibility: check.Ptr("organization"),
		OrganizationAccess: &platformclient.OrganizationAccessOptions{ManageWorkspaces: check.Ptr(true)},
	})
	must(c.VariableSets.Create(ctx, p.Organization, platformclient.VariableSetOptions{
		Name: check.Ptr("api-credentials"), Priority: check.Ptr(true), Parent: &platformclient.VariableSetParent{Project: &platformclient.Project{ID: project}},
	}))
	must(c.AgentPools.Create(ctx, p.Organization, platformclient.AgentPoolOptions{Name: check.Ptr("runners"), OrganizationScoped: check.Ptr(false)}))

	cli := acctest.NewCLI(t, nil)
	cli.WriteConfig(t, p.ProviderConfig())
	lists := map[string]string{
		"workspaces": "stack_platform_workspace", "projects": "stack_platform_project", "teams": "stack_platform_team",
		"variable_sets": "stack_platform_variable_set", "agent_pools": "stack_platform_agent_pool",
	}
	var query strings.Builder
	for _, label := range slices.Sorted(maps.Keys(lists)) {
		fmt.Fprintf(&query, "list %q %q {\n  provider         = stack\n  include_resource = true\n}\n\n", lists[label], label)
	}
	if err := os.WriteFile(filepath.Join(cli.Dir, "adopt.tfquery.hcl"), []byte(query.String()), 0o600); err != nil {
		t.Fatal(err)
	}
	cli.MustRun(t, "query", "-generate-config-out=generated.tf")
	generated, err := os.ReadFile(filepath.Join(cli.Dir, "generated.tf"))
	if err != nil {
		t.Fatal(err)
	}
	// 3 workspaces, 2 projects (the default one too), 2 teams (the owners
	// too), a variable set and an agent pool.
	want := map[string]int{
		"stack_platform_workspace": 3, "stack_platform_project": 2, "stack_platform_team": 2,
		"stack_platform_variable_set": 1, "stack_platform_agent_pool": 1,
	}
	total := 0
	for typ, n := range want {
		if got := len(regexp.MustCompile(`(?m)^resource "`+typ+`" `).FindAll(generated, -1)); got != n {
			t.Errorf("generated.tf has %d resources %s, want %d", got, typ, n)
		}
		if got := len(regexp.MustCompile(`(?m)^  to\s+= `+typ+`\.`).FindAll(generated, -1)); got != n {
			t.Errorf("generated.tf has %d import blocks of %s, want %d", got, typ, n)
		}
		total += n
	}
	diags, actions := cli.PlanJSON(t)
	acctest.Warnings(t, diags)
	for addr, action := range actions {
		if action != "import" {
			t.Errorf("the plan of generated.tf does %s to %s, want only imports:\n%s", action, addr, generated)
		}
	}
	if len(actions) != total {
		t.Errorf("the plan of generated.tf changes %d resources, want %d: %v", len(actions), total, actions)
	}
	if out := cli.MustRun(t, "plan"); !strings.Contains(out, fmt.Sprintf("Plan: %d to import, 0 to add, 0 to change, 0 to destroy.", total)) {
		t.Errorf("the plan does not say it imports %d and changes nothing:\n%s", total, out)
	}
}
