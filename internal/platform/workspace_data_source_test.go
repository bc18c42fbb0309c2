package platform_test

import (
	"context"
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"
	"github.com/hashicorp/terraform-plugin-testing/tfjsonpath"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// The data source reads a workspace by ID or by name, in the provider's
// organization or another, with the resource's mapping: its own tag
// bindings, not those its project gives it. A name no workspace has, and
// an ID the token may not see, are errors that say the token may be why.
func TestAccWorkspaceDataSource_shape(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	project := newProject(t, p, p.Organization, platformclient.ProjectOptions{
		Name: check.Ptr("Payments"), TagBindings: []*platformclient.TagBinding{{Key: "team", Value: "payments"}},
	})
	ws := createWorkspace(t, p, p.Organization, platformclient.WorkspaceOptions{
		Name: check.Ptr("payments-api"), Description: check.Ptr("The API"), AutoApply: check.Ptr(true), QueueAllRuns: check.Ptr(true),
		AutoDestroyActivityDuration: platformclient.Value("14d"), SourceName: check.Ptr("ci"), SourceURL: check.Ptr("https://ci.example.com"),
		TerraformVersion: check.Ptr("1.9.5"), TriggerPrefixes: []string{"modules/"}, WorkingDirectory: check.Ptr("infra"),
		Project: &platformclient.Project{ID: project}, Tags: []*platformclient.Tag{{Name: "prod"}, {Name: "api"}},
		TagBindings: []*platformclient.TagBinding{{Key: "env", Value: "prod"}},
	})
	otherWS := createWorkspace(t, p, other, platformclient.WorkspaceOptions{Name: check.Ptr("payments-api")})
	// A workspace of an emulator of its own, which a user's token there
	// does not see.
	e := acctest.NewPlatformEmulator(t, emulator.Options{})
	hidden := createWorkspace(t, e, e.Organization, platformclient.WorkspaceOptions{Name: check.Ptr("hidden")})
	same := map[string]knownvalue.Check{
		"id": check.Str(ws.ID), "organization": check.Str(p.Organization), "name": check.Str("payments-api"), "description": check.Str("The API"),
		"project_id": check.Str(project), "auto_apply": knownvalue.Bool(true), "auto_apply_run_trigger": knownvalue.Bool(false),
		"auto_destroy_at": knownvalue.Null(), "auto_destroy_activity_duration": check.Str("14d"),
		"allow_destroy_plan": knownvalue.Bool(true), "file_triggers_enabled": knownvalue.Bool(true), "queue_all_runs": knownvalue.Bool(true),
		"speculative_enabled": knownvalue.Bool(true), "assessments_enabled": knownvalue.Bool(false),
		"source_name": check.Str("ci"), "source_url": check.Str("https://ci.example.com"), "terraform_version": check.Str("1.9.5"),
		"trigger_prefixes": check.StrList("modules/"), "trigger_patterns": check.StrList(), "working_directory": check.Str("infra"),
		"tag_names":    check.StrSet("api", "prod"),
		"tag_bindings": check.StrMap(map[string]string{"env": "prod"}),
		"vcs_repo":     knownvalue.Null(),
		"setting_overwrites": knownvalue.ObjectExact(map[string]knownvalue.Check{
			"execution_mode": knownvalue.Bool(false), "agent_pool": knownvalue.Bool(false),
		}),
		"resource_count": knownvalue.Int64Exact(0), "runs_count": knownvalue.Int64Exact(0), "run_failures": knownvalue.Int64Exact(0),
		// Its own key-value tags and its project's; the workspace has no
		// configuration yet, so no readme.
		"effective_tag_bindings": check.StrMap(map[string]string{"env": "prod", "team": "payments"}),
		"has_readme":             knownvalue.Bool(false), "current_configuration_version_id": knownvalue.Null(),
		"updated_at": check.Str(ws.UpdatedAt.UTC().Format(time.RFC3339)),
	}
	check.DataSource{
		Service: p, Type: "stack_platform_workspace", Config: p.ProviderConfig(),
		PlanErrors: []check.Refusal{
			{
				Args: check.Args{"id": "prj-6p5RiCe5CRjBmsGt"},
				Want: check.Literal(`id must be the ID of a workspace: ws- and 16 characters of the base58 alphabet, got "prj-6p5RiCe5CRjBmsGt".`),
			},
			{Args: check.Args{"name": "a b"}, Want: check.Wrapped(`Attribute name must be letters, digits, '-' and '_', got: a b`)},
			{Args: check.Args{"organization": "a b", "name": "web"}, Want: check.Wrapped(`Attribute organization must have 1 to 40 characters`)},
		},
		ByID:   check.Read{Args: check.Args{"id": ws.ID}, Want: same},
		ByName: check.Read{Args: check.Args{"name": "payments-api"}, Want: same},
		InOther: check.Read{Args: check.Args{"organization": other, "name": "payments-api"}, Want: map[string]knownvalue.Check{
			"id": check.Str(otherWS.ID), "organization": check.Str(other), "description": knownvalue.Null(),
			"tag_names": knownvalue.SetSizeExact(0), "tag_bindings": knownvalue.MapSizeExact(0),
		}},
		NotFound: []check.Refusal{
			{
				Args: check.Args{"name": "nobody"},
				Want: check.Wrapped(`Cannot read the workspace "nobody" of the organization "` + p.Organization + `".*404 Not Found.*` + regexp.QuoteMeta(notVisibleHint)),
			},
			{
				Config: e.ProviderConfigWith(e.MintUserToken(t), e.Organization), Args: check.Args{"id": hidden.ID},
				Want: check.Wrapped(`Cannot read the workspace ` + hidden.ID + `.*404 Not Found.*` + regexp.QuoteMeta(notVisibleHint)),
			},
		},
	}.Run(t)
}

// lockWorkspace locks a workspace outside Terraform, as the user of the
// test's token, and returns who holds the lock.
func lockWorkspace(t *testing.T, p *acctest.Platform, id string) string {
	t.Helper()
	req, err := http.NewRequest(http.MethodPost, p.URL+"/api/v2/workspaces/"+id+"/actions/lock", strings.NewReader(`{"reason":"maintenance"}`))
	if err != nil {
		t.Fatal(err)
	}
	req.Header.Set("Authorization", "Bearer "+p.Token)
	req.Header.Set("Content-Type", platformclient.MediaType)
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	_ = resp.Body.Close()
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("locking the workspace: %s", resp.Status)
	}
	ws, err := p.Client(t).Workspaces.ReadByID(context.Background(), id, platformclient.WorkspaceReadOptions{})
	if err != nil || !ws.Locked || ws.LockedBy.ID() == "" {
		t.Fatalf("the workspace is not locked: %+v, %v", ws, err)
	}
	return ws.LockedBy.ID()
}

// The data sources show whether a workspace is locked, and who holds the
// lock.
func TestAccWorkspaceDataSource_lock(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	ws := createWorkspace(t, p, p.Organization, platformclient.WorkspaceOptions{Name: check.Ptr("lockable")})
	config := p.ProviderConfig() + fmt.Sprintf(`
data "stack_platform_workspace" "test" {
  id = %q
}

data "stack_platform_workspaces" "all" {}
`, ws.ID)
	var holder string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.stack_platform_workspace.test", check.Path("locked"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue("data.stack_platform_workspace.test", check.Path("locked_by"), knownvalue.Null()),
				},
			},
			{
				PreConfig: func() { holder = lockWorkspace(t, p, ws.ID) },
				Config:    config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("data.stack_platform_workspace.test", check.Path("locked"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue("data.stack_platform_workspace.test", check.Path("locked_by"), knownvalue.StringRegexp(regexp.MustCompile(`^user-`))),
					statecheck.ExpectKnownValue("data.stack_platform_workspaces.all", tfjsonpath.New("workspaces").AtSliceIndex(0).AtMapKey("locked"), knownvalue.Bool(true)),
				},
				Check: func(s *terraform.State) error {
					got, err := check.StateValue(s, "data.stack_platform_workspace.test", "locked_by")
					if err != nil || got != holder {
						return fmt.Errorf("locked_by %q, want %q (%w)", got, holder, err)
					}
					return nil
				},
			},
		},
	})
}
