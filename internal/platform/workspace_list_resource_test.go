package platform_test

import (
	"fmt"
	"maps"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// workspaceIdentity is the identity of the workspace ws of org.
func workspaceIdentity(org string, ws *platformclient.Workspace) map[string]knownvalue.Check {
	return check.Identity(map[string]string{"organization": org, "name": ws.Name})
}

// The list finds the workspaces of the provider's organization or of
// another, each filter narrowing it as the data source's does; with
// include_resource, each is the state an import gives.
func TestAccWorkspaceListResource_query(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	project := newProject(t, p, p.Organization, platformclient.ProjectOptions{Name: check.Ptr("APIs")})
	tags := func(names ...string) []*platformclient.Tag {
		out := make([]*platformclient.Tag, len(names))
		for i, n := range names {
			out[i] = &platformclient.Tag{Name: n}
		}
		return out
	}
	apiProd := createWorkspace(t, p, p.Organization, platformclient.WorkspaceOptions{
		Name: check.Ptr("api-prod"), Description: check.Ptr("Production"), Project: &platformclient.Project{ID: project},
		Tags: tags("api", "prod"), TagBindings: []*platformclient.TagBinding{{Key: "env", Value: "prod"}},
	})
	apiStaging := createWorkspace(t, p, p.Organization, platformclient.WorkspaceOptions{Name: check.Ptr("api-staging"), Tags: tags("api", "staging")})
	batch := createWorkspace(t, p, p.Organization, platformclient.WorkspaceOptions{Name: check.Ptr("batch")})
	elsewhere := createWorkspace(t, p, other, platformclient.WorkspaceOptions{Name: check.Ptr("elsewhere")})
	id := func(ws *platformclient.Workspace) map[string]knownvalue.Check { return workspaceIdentity(p.Organization, ws) }
	e := acctest.NewPlatformEmulator(t, emulator.Options{})
	check.Query{
		Type: "stack_platform_workspace", Config: p.ProviderConfig(),
		Lists: []check.Listed{
			{
				Label: "all", Found: []map[string]knownvalue.Check{id(apiProd), id(apiStaging), id(batch)}, DisplayName: "api-prod",
				Resource: map[string]knownvalue.Check{
					"id": check.Str(apiProd.ID), "organization": check.Str(p.Organization), "name": check.Str("api-prod"),
					"description": check.Str("Production"), "project_id": check.Str(project),
					"tag_names": check.StrSet("api", "prod"), "tag_bindings": check.StrMap(map[string]string{"env": "prod"}),
					"auto_apply": knownvalue.Bool(false), "vcs_repo": knownvalue.Null(), "force_delete": knownvalue.Bool(false),
				},
			},
			{Label: "search", Args: check.Args{"search": "API"}, Found: []map[string]knownvalue.Check{id(apiProd), id(apiStaging)}, DisplayName: "api-prod"},
			{Label: "tags", Args: check.Args{"tags": []string{"prod", "api"}}, Found: []map[string]knownvalue.Check{id(apiProd)}, DisplayName: "api-prod"},
			{
				Label: "exclude_tags", Args: check.Args{"exclude_tags": []string{"prod"}},
				Found: []map[string]knownvalue.Check{id(apiStaging), id(batch)}, DisplayName: "api-staging",
			},
			{Label: "project", Args: check.Args{"project_id": project}, Found: []map[string]knownvalue.Check{id(apiProd)}, DisplayName: "api-prod"},
			{
				Label: "other", Args: check.Args{"organization": other},
				Found: []map[string]knownvalue.Check{workspaceIdentity(other, elsewhere)}, DisplayName: "elsewhere",
				Resource: map[string]knownvalue.Check{"id": check.Str(elsewhere.ID), "organization": check.Str(other), "description": knownvalue.Null()},
			},
			{Label: "none", Args: check.Args{"search": "nothing-is-called-this"}},
		},
		Errors: []check.Refusal{
			{Args: check.Args{"tags": []string{}}, Want: check.Wrapped(`Attribute tags list must contain at least 1 elements, got: 0`)},
			{
				Args: check.Args{"project_id": "ws-6p5RiCe5CRjBmsGt"},
				Want: check.Wrapped(`project_id must be the ID of a project: prj- and 16 characters of the base58 alphabet, got\s+"ws-6p5RiCe5CRjBmsGt".`),
			},
			{
				Config: e.ProviderConfigWith(e.MintUserToken(t), e.Organization),
				Want:   check.Wrapped(`Cannot list the workspaces of the organization "` + e.Organization + `".*404 Not Found.*` + regexp.QuoteMeta(notVisibleHint)),
			},
		},
	}.Run(t)
}

// Adopting an organization made elsewhere: terraform query writes the
// configuration of its workspaces, with their import blocks, and the plan
// of that configuration imports them all and changes nothing. The
// workspaces differ from the defaults in every way a generated
// configuration could get wrong: a description, a project, tags and tag
// bindings, an inactivity auto-destroy, a working directory and trigger
// prefixes, a Terraform version constraint.
func TestAccWorkspaceListResource_generatedConfigPlansImportsOnly(t *testing.T) {
	if !acctest.TestEngine(t).Queries() {
		t.Skip("terraform query needs Terraform 1.14 or later")
	}
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	project := newProject(t, p, p.Organization, platformclient.ProjectOptions{Name: check.Ptr("APIs")})
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
	c := acctest.NewCLI(t, nil)
	c.WriteConfig(t, p.ProviderConfig())
	err := os.WriteFile(filepath.Join(c.Dir, "adopt.tfquery.hcl"), []byte(`
list "stack_platform_workspace" "all" {
  provider         = stack
  include_resource = true
}
`), 0o600)
	if err != nil {
		t.Fatal(err)
	}
	c.MustRun(t, "query", "-generate-config-out=generated.tf")
	generated, err := os.ReadFile(filepath.Join(c.Dir, "generated.tf"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range []string{"api-prod", "api-staging", "batch"} {
		if !strings.Contains(string(generated), fmt.Sprintf("name         = %q", name)) {
			t.Errorf("generated.tf imports no workspace %q by its identity:\n%s", name, generated)
		}
	}
	diags, actions := c.PlanJSON(t)
	acctest.Warnings(t, diags)
	want := map[string]string{"stack_platform_workspace.all_0": "import", "stack_platform_workspace.all_1": "import", "stack_platform_workspace.all_2": "import"}
	if !maps.Equal(actions, want) {
		t.Errorf("the plan of generated.tf is %v, want %v:\n%s", actions, want, generated)
	}
	if out := c.MustRun(t, "plan"); !strings.Contains(out, "Plan: 3 to import, 0 to add, 0 to change, 0 to destroy.") {
		t.Errorf("the plan does not say it imports 3 and changes nothing:\n%s", out)
	}
}
