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
// sets, agent pools, policies, policy sets, run tasks, and its registry's
// providers, modules and GPG keys), with their import blocks,
// and the plan of that configuration imports them all and changes nothing.
// The objects differ from the defaults in every way a generated
// configuration could get wrong: for a workspace, a description, a
// project, tags and tag bindings, an inactivity auto-destroy, a working
// directory and trigger prefixes, a Terraform version constraint; for a
// policy, its kind, query and text, which its list reads apart; for a
// policy set, its kind, global and overridable, and its policies; for a
// run task, a description and enabled off. A run task without an HMAC
// key: one with a key needs it given (the platform never returns it).
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
	policy, err := c.Policies.Create(ctx, p.Organization, platformclient.PolicyOptions{
		Name: check.Ptr("deny"), Kind: check.Ptr("opa"), Query: check.Ptr("data.terraform.deny"), EnforcementLevel: check.Ptr("mandatory"),
		Description: check.Ptr("buckets stay private"),
	})
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Policies.Upload(ctx, policy.ID, []byte(regoDeny)); err != nil {
		t.Fatal(err)
	}
	must(c.PolicySets.Create(ctx, p.Organization, platformclient.PolicySetOptions{
		Name: check.Ptr("baseline"), Description: check.Ptr("Every workspace"), Kind: check.Ptr("opa"), Global: check.Ptr(true),
		Overridable: check.Ptr(true), Policies: []*platformclient.Policy{{ID: policy.ID}},
	}))
	must(c.RunTasks.Create(ctx, p.Organization, platformclient.RunTaskOptions{
		Name: check.Ptr("scanner"), URL: check.Ptr("https://scanner.example.com"), Category: check.Ptr(platformclient.RunTaskCategory),
		Description: check.Ptr("Scans plans."), Enabled: check.Ptr(false),
	}))
	must(c.RegistryProviders.Create(ctx, p.Organization, platformclient.RegistryProviderOptions{RegistryName: "private", Namespace: p.Organization, Name: "certificates"}))
	must(c.RegistryModules.Create(ctx, p.Organization, platformclient.RegistryModuleOptions{Name: "network", Provider: "aws", NoCode: check.Ptr(true)}))
	must(c.RegistryGPGKeys.Create(ctx, platformclient.RegistryGPGKeyOptions{Namespace: p.Organization, AsciiArmor: publicKeyBlock(t)}))

	cli := acctest.NewCLI(t, nil)
	cli.WriteConfig(t, p.ProviderConfig())
	lists := map[string]string{
		"workspaces": "stack_platform_workspace", "projects": "stack_platform_project", "teams": "stack_platform_team",
		"variable_sets": "stack_platform_variable_set", "agent_pools": "stack_platform_agent_pool",
		"policies": "stack_platform_policy", "policy_sets": "stack_platform_policy_set", "run_tasks": "stack_platform_run_task",
		"registry_providers": "stack_platform_registry_provider", "registry_modules": "stack_platform_registry_module",
		"gpg_keys": "stack_platform_registry_gpg_key",
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
	// too), a variable set, an agent pool, a policy and a policy set.
	want := map[string]int{
		"stack_platform_workspace": 3, "stack_platform_project": 2, "stack_platform_team": 2,
		"stack_platform_variable_set": 1, "stack_platform_agent_pool": 1,
		"stack_platform_policy": 1, "stack_platform_policy_set": 1, "stack_platform_run_task": 1,
		"stack_platform_registry_provider": 1, "stack_platform_registry_module": 1, "stack_platform_registry_gpg_key": 1,
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
