package platform_test

import (
	"context"
	"fmt"
	"maps"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emuplatform "github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

const workspaceAddr = "stack_platform_workspace.test"

// workspaceResource is a workspace "test" named name, with body as its
// other arguments, after the provider block provider.
func workspaceResource(provider, name, body string) string {
	return provider + fmt.Sprintf(`
resource "stack_platform_workspace" "test" {
  name = %q
  %s
}
`, name, body)
}

func workspaceConfig(p *acctest.Platform, name, body string) string {
	return workspaceResource(p.ProviderConfig(), name, body)
}

// workspaceIs checks the workspace the platform holds under the ID in the
// state, its own tag bindings included.
func workspaceIs(t *testing.T, p *acctest.Platform, want map[string]any) resource.TestCheckFunc {
	return holds(t, p, workspaceAddr, want, func(ctx context.Context, c *platformclient.Client, id string) (map[string]any, error) {
		ws, err := c.Workspaces.ReadByID(ctx, id, platformclient.WorkspaceReadOptions{})
		if err != nil {
			return nil, err
		}
		bindings, err := c.Workspaces.ListTagBindings(ctx, id)
		if err != nil {
			return nil, err
		}
		tags := map[string]string{}
		for _, b := range bindings.Items {
			tags[b.Key] = b.Value
		}
		duration, at := "", ""
		if ws.AutoDestroyActivityDuration != nil {
			duration = *ws.AutoDestroyActivityDuration
		}
		if ws.AutoDestroyAt != nil {
			at = ws.AutoDestroyAt.UTC().Format(time.RFC3339)
		}
		repo := "none"
		if r := ws.VCSRepo; r != nil {
			repo = fmt.Sprintf("%s@%s sub=%t oauth=%s app=%s regex=%s", r.Identifier, r.Branch, r.IngressSubmodules, r.OAuthTokenID, r.CodehostAppInstallationID, r.TagsRegex)
		}
		return map[string]any{
			"organization": ws.Organization.Name, "name": ws.Name, "description": ws.Description, "project": ws.Project.ID,
			"auto_apply": ws.AutoApply, "auto_apply_run_trigger": ws.AutoApplyRunTrigger, "auto_destroy_at": at,
			"auto_destroy_activity_duration": duration, "allow_destroy_plan": ws.AllowDestroyPlan,
			"file_triggers_enabled": ws.FileTriggersEnabled, "queue_all_runs": ws.QueueAllRuns,
			"speculative_enabled": ws.SpeculativeEnabled, "structured_run_output_enabled": ws.StructuredRunOutputEnabled,
			"assessments_enabled": ws.AssessmentsEnabled, "source": ws.SourceName + " " + ws.SourceURL,
			"terraform_version": ws.TerraformVersion, "trigger_prefixes": ws.TriggerPrefixes, "trigger_patterns": ws.TriggerPatterns,
			"working_directory": ws.WorkingDirectory, "tag_names": ws.TagNames, "tag_bindings": tags, "vcs_repo": repo,
		}, nil
	})
}

func workspaceGone(t *testing.T, p *acctest.Platform, id *string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		return check.Gone(t, p.Client, "workspace "+*id, func(ctx context.Context, c *platformclient.Client) error {
			_, err := c.Workspaces.ReadByID(ctx, *id, platformclient.WorkspaceReadOptions{})
			return err
		})(s)
	}
}

func TestAccWorkspace_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	first := newProject(t, p, p.Organization, platformclient.ProjectOptions{Name: check.Ptr("first")})
	second := newProject(t, p, p.Organization, platformclient.ProjectOptions{Name: check.Ptr("second")})
	// A vcs_repo names an OAuth token of the organization: its OAuth
	// client's.
	oc, err := p.Client(t).OAuthClients.Create(context.Background(), p.Organization, platformclient.OAuthClientOptions{
		ServiceProvider: check.Ptr("github"), HTTPURL: check.Ptr("https://github.com"), APIURL: check.Ptr("https://api.github.com"),
		OAuthToken: check.Ptr("ghp_token"),
	})
	if err != nil || len(oc.OAuthTokens) != 1 {
		t.Fatalf("OAuth client %+v: %v", oc, err)
	}
	token := oc.OAuthTokens[0].ID
	full := fmt.Sprintf(`
  description                   = "The network"
  project_id                    = %q
  auto_apply                    = true
  auto_apply_run_trigger        = true
  auto_destroy_at               = "2030-06-01T14:00:00+02:00"
  allow_destroy_plan            = false
  file_triggers_enabled         = false
  queue_all_runs                = true
  speculative_enabled           = false
  structured_run_output_enabled = false
  assessments_enabled           = true
  source_name                   = "console"
  source_url                    = "https://console.example"
  terraform_version             = "~> 1.9"
  working_directory             = "net"
  tag_names                     = ["network", "prod"]
  tag_bindings                  = { env = "prod", team = "" }
  vcs_repo = {
    identifier                   = "acme/network"
    branch                       = "main"
    ingress_submodules           = true
    codehost_app_installation_id = "ghain-6p5RiCe5CRjBmsGt"
    tags_regex                   = "^v\\d+$"
  }`, first)
	updated := fmt.Sprintf(`
  project_id                     = %q
  auto_destroy_activity_duration = "12h"
  trigger_patterns               = ["/modules/**"]
  tag_names                      = ["prod", "edge"]
  tag_bindings                   = { env = "staging" }
  vcs_repo = {
    identifier     = "acme/network"
    oauth_token_id = %q
  }`, second, token)
	var id, replacedID string
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: workspaceAddr, FreshID: true,
		PlanErrors: workspacePlanErrors(p),
		Create: check.Step{
			Config: workspaceConfig(p, "network", full),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(workspaceAddr, check.Path("id"), idOf("ws")),
				statecheck.ExpectKnownValue(workspaceAddr, check.Path("organization"), check.Str(p.Organization)),
				statecheck.ExpectKnownValue(workspaceAddr, check.Path("project_id"), check.Str(first)),
				// The configuration's spelling of the time is kept.
				statecheck.ExpectKnownValue(workspaceAddr, check.Path("auto_destroy_at"), check.Str("2030-06-01T14:00:00+02:00")),
				statecheck.ExpectKnownValue(workspaceAddr, check.Path("tag_names"), check.StrSet("network", "prod")),
				statecheck.ExpectKnownValue(workspaceAddr, check.Path("tag_bindings"), check.StrMap(map[string]string{"env": "prod", "team": ""})),
				statecheck.ExpectKnownValue(workspaceAddr, check.Path("vcs_repo"), knownvalue.ObjectExact(map[string]knownvalue.Check{
					"identifier": check.Str("acme/network"), "branch": check.Str("main"), "ingress_submodules": knownvalue.Bool(true),
					"oauth_token_id": knownvalue.Null(), "codehost_app_installation_id": check.Str("ghain-6p5RiCe5CRjBmsGt"), "tags_regex": check.Str(`^v\d+$`),
				})),
				statecheck.ExpectKnownValue(workspaceAddr, check.Path("setting_overwrites"), knownvalue.ObjectExact(map[string]knownvalue.Check{
					"execution_mode": knownvalue.Bool(false), "agent_pool": knownvalue.Bool(false),
				})),
				statecheck.ExpectKnownValue(workspaceAddr, check.Path("resource_count"), knownvalue.Int64Exact(0)),
				statecheck.ExpectKnownValue(workspaceAddr, check.Path("runs_count"), knownvalue.Int64Exact(0)),
				statecheck.ExpectKnownValue(workspaceAddr, check.Path("force_delete"), knownvalue.Bool(false)),
			},
			Check: resource.ComposeTestCheckFunc(check.IDKept(workspaceAddr, &id), workspaceIs(t, p, map[string]any{
				"organization": p.Organization, "name": "network", "description": "The network", "project": first,
				"auto_apply": true, "auto_apply_run_trigger": true, "auto_destroy_at": "2030-06-01T12:00:00Z",
				"auto_destroy_activity_duration": "", "allow_destroy_plan": false, "file_triggers_enabled": false,
				"queue_all_runs": true, "speculative_enabled": false, "structured_run_output_enabled": false,
				"assessments_enabled": true, "source": "console https://console.example", "terraform_version": "~> 1.9",
				"trigger_prefixes": []string{}, "trigger_patterns": []string{}, "working_directory": "net",
				"tag_names": []string{"network", "prod"}, "tag_bindings": map[string]string{"env": "prod", "team": ""},
				"vcs_repo": `acme/network@main sub=true oauth= app=ghain-6p5RiCe5CRjBmsGt regex=^v\d+$`,
			})),
		},
		Update: check.Step{
			// A rename, a move to another project, and every other value
			// change in place; what the configuration no longer sets
			// goes back to the platform's default.
			Config: workspaceConfig(p, "network-2", updated),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(workspaceAddr, check.Path("description"), knownvalue.Null()),
				statecheck.ExpectKnownValue(workspaceAddr, check.Path("auto_destroy_at"), knownvalue.Null()),
				statecheck.ExpectKnownValue(workspaceAddr, check.Path("trigger_prefixes"), check.StrList()),
				statecheck.ExpectKnownValue(workspaceAddr, check.Path("trigger_patterns"), check.StrList("/modules/**")),
				statecheck.ExpectKnownValue(workspaceAddr, check.Path("terraform_version"), check.Str("~> 1.9")),
				statecheck.ExpectKnownValue(workspaceAddr, check.Path("vcs_repo", "branch"), knownvalue.Null()),
			},
			Check: resource.ComposeTestCheckFunc(check.IDKept(workspaceAddr, &id), workspaceIs(t, p, map[string]any{
				"name": "network-2", "description": "", "project": second, "auto_apply": false, "auto_apply_run_trigger": false,
				"auto_destroy_at": "", "auto_destroy_activity_duration": "12h", "allow_destroy_plan": true,
				"file_triggers_enabled": true, "queue_all_runs": false, "speculative_enabled": true,
				"structured_run_output_enabled": true, "assessments_enabled": false, "source": " ",
				"terraform_version": "~> 1.9", "trigger_patterns": []string{"/modules/**"}, "working_directory": "",
				"tag_names": []string{"edge", "prod"}, "tag_bindings": map[string]string{"env": "staging"},
				"vcs_repo": "acme/network@ sub=false oauth=" + token + " app= regex=",
			})),
		},
		Imports: []check.ImportID{
			{ID: func(id string) string { return id }},
			{ID: func(string) string { return p.Organization + "/network-2" }},
		},
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				if _, err := c.Workspaces.Update(ctx, id, platformclient.WorkspaceOptions{
					Description: check.Ptr("edited"), AutoApply: check.Ptr(true),
				}); err != nil {
					return err
				}
				if err := c.Workspaces.AddTags(ctx, id, []string{"stray"}); err != nil {
					return err
				}
				if err := c.Projects.AddTagBindings(ctx, second, []*platformclient.TagBinding{{Key: "cost", Value: "cc-1"}}); err != nil {
					return err
				}
				return c.Workspaces.AddTagBindings(ctx, id, []*platformclient.TagBinding{{Key: "owner", Value: "ops"}})
			},
			Step: check.Step{
				Config: workspaceConfig(p, "network-2", updated),
				StateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(workspaceAddr, check.Path("tag_bindings"), check.StrMap(map[string]string{"env": "staging"})),
				},
				Check: resource.ComposeTestCheckFunc(check.IDKept(workspaceAddr, &id), workspaceIs(t, p, map[string]any{
					"description": "", "auto_apply": false, "tag_names": []string{"edge", "prod"},
					"tag_bindings": map[string]string{"env": "staging"},
				})),
			},
		},
		OutOfBandDelete: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, id string) error {
				return c.Workspaces.Delete(ctx, id)
			},
			Step: check.Step{
				Config: workspaceConfig(p, "network-2", updated),
				Check: resource.ComposeTestCheckFunc(workspaceGone(t, p, &id), check.IDKept(workspaceAddr, &replacedID),
					workspaceIs(t, p, map[string]any{"name": "network-2", "project": second, "tag_names": []string{"edge", "prod"}})),
			},
		},
		Replace: check.Step{
			// Another organization replaces the workspace, which lands
			// in that organization's default project.
			Config: workspaceConfig(p, "network-2", `organization = "`+other+`"`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(workspaceAddr, check.Path("organization"), check.Str(other)),
			},
			Check: resource.ComposeTestCheckFunc(workspaceGone(t, p, &replacedID), workspaceIs(t, p, map[string]any{"organization": other})),
		},
	}.Run(t)
}

// A workspace that sets nothing takes the platform's defaults, lands in
// the default project of the provider's default organization, and plans
// no change afterwards; tags left out are kept as they are.
func TestAccWorkspace_defaults(t *testing.T) {
	p := acctest.NewPlatform(t)
	def := defaultProject(t, p)
	var id string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: workspaceConfig(p, "plain", ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectKnownValue(workspaceAddr, check.Path("organization"), check.Str(p.Organization))},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(workspaceAddr, check.Path("project_id"), check.Str(def)),
					statecheck.ExpectKnownValue(workspaceAddr, check.Path("terraform_version"), check.Str(emuplatform.DefaultTerraformVersion)),
					statecheck.ExpectKnownValue(workspaceAddr, check.Path("description"), knownvalue.Null()),
					statecheck.ExpectKnownValue(workspaceAddr, check.Path("vcs_repo"), knownvalue.Null()),
					statecheck.ExpectKnownValue(workspaceAddr, check.Path("tag_names"), knownvalue.SetSizeExact(0)),
					statecheck.ExpectKnownValue(workspaceAddr, check.Path("tag_bindings"), knownvalue.MapSizeExact(0)),
					statecheck.ExpectKnownValue(workspaceAddr, check.Path("working_directory"), check.Str("")),
				},
				Check: resource.ComposeTestCheckFunc(check.IDKept(workspaceAddr, &id), workspaceIs(t, p, map[string]any{
					"project": def, "allow_destroy_plan": true, "file_triggers_enabled": true, "queue_all_runs": false,
					"speculative_enabled": true, "structured_run_output_enabled": true, "assessments_enabled": false,
				})),
			},
			{
				// Tags added outside Terraform, left out of the
				// configuration, are kept and make no diff.
				PreConfig: check.OutOfBand(t, p.Client, func(ctx context.Context, c *platformclient.Client) error {
					if err := c.Workspaces.AddTags(ctx, id, []string{"added"}); err != nil {
						return err
					}
					return c.Workspaces.AddTagBindings(ctx, id, []*platformclient.TagBinding{{Key: "owner", Value: "ops"}})
				}),
				Config: workspaceConfig(p, "plain", ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(workspaceAddr, check.Path("tag_names"), check.StrSet("added")),
					statecheck.ExpectKnownValue(workspaceAddr, check.Path("tag_bindings"), check.StrMap(map[string]string{"owner": "ops"})),
				},
			},
			{
				// Empty, they remove every tag.
				Config: workspaceConfig(p, "plain", `
  tag_names    = []
  tag_bindings = {}`),
				Check: workspaceIs(t, p, map[string]any{"tag_names": []string{}, "tag_bindings": map[string]string{}}),
			},
			{
				Config: workspaceConfig(p, "plain", `
  tag_names    = []
  tag_bindings = {}`),
				PlanOnly: true,
			},
		},
	})
}

// A change of the provider's default organization replaces a workspace
// that names none.
func TestAccWorkspace_defaultOrganizationChange(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	var first string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: workspaceConfig(p, "follows", ""), Check: check.IDKept(workspaceAddr, &first)},
			{
				Config: workspaceResource(p.ProviderConfigWith(p.Token, other), "follows", ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(workspaceAddr, plancheck.ResourceActionDestroyBeforeCreate),
						plancheck.ExpectKnownValue(workspaceAddr, check.Path("organization"), check.Str(other)),
					},
				},
				Check: resource.ComposeTestCheckFunc(workspaceGone(t, p, &first), workspaceIs(t, p, map[string]any{"organization": other})),
			},
		},
	})
}

// A destroy deletes safely: the platform refuses while the workspace
// manages resources, and the error says what to do; with force_delete,
// which changes nothing on the platform, the destroy deletes it anyway.
func TestAccWorkspace_safeAndForceDelete(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	var id string
	var before emulator.Stats
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             func(s *terraform.State) error { return workspaceGone(t, p, &id)(s) },
		Steps: []resource.TestStep{
			{Config: workspaceConfig(p, "managing", ""), Check: check.IDKept(workspaceAddr, &id)},
			{
				PreConfig: func() {
					if err := p.Emulator.Platform().SetResourceCount(id, 3); err != nil {
						t.Fatal(err)
					}
				},
				Config:  workspaceConfig(p, "managing", ""),
				Destroy: true,
				ExpectError: check.Wrapped(`Workspace not deleted.*The platform refuses to safely delete the workspace ` + regexp.QuoteMeta(id) +
					`.*"managing".*set force_delete = true on the workspace and apply before destroying it.*409 Conflict.*3 resources under management`),
			},
			{
				PreConfig: func() { before = p.Emulator.Stats() },
				Config:    workspaceConfig(p, "managing", `force_delete = true`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(workspaceAddr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(workspaceAddr, check.Path("resource_count"), knownvalue.Int64Exact(3)),
				},
				Check: func(*terraform.State) error {
					// Refreshes read; the update of force_delete alone
					// sends nothing.
					for route := range p.RequestsSince(before) {
						if !strings.HasPrefix(route, "GET ") {
							return fmt.Errorf("the update of force_delete sent %s", route)
						}
					}
					return nil
				},
			},
		},
	})
}

// A refresh of many workspaces reads their organization's list, a page
// of 100 for every 100 workspaces, and no workspace by ID; a workspace
// deleted elsewhere, which the list does not carry, is read by ID, and its
// 404 plans it again; one changed elsewhere is seen as changed.
func TestAccWorkspace_refreshOfManyReadsTheirOrganizationsList(t *testing.T) {
	t.Parallel()
	const n = 2*platformclient.PageSize + 5
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	cli := acctest.NewCLI(t, nil)
	cli.WriteConfig(t, p.ProviderConfig()+fmt.Sprintf(`
resource "stack_platform_workspace" "many" {
  count       = %d
  name        = "many-${count.index}"
  description = "one of many"
}
`, n))
	cli.MustRun(t, "apply", "-auto-approve")
	const list, read = "GET /api/v2/organizations/{org}/workspaces", "GET /api/v2/workspaces/{id}"

	before := p.Emulator.Stats()
	if _, actions := cli.PlanJSON(t); len(actions) != 0 {
		t.Errorf("a plan without changes planned %v", actions)
	}
	if sent, want := p.RequestsSince(before), map[string]int64{"GET /api/v2/ping": 1, list: 3}; !maps.Equal(sent, want) {
		t.Errorf("the refresh of %d workspaces sent %v, want %v", n, sent, want)
	}

	check.OutOfBand(t, p.Client, func(ctx context.Context, c *platformclient.Client) error {
		gone, err := c.Workspaces.Read(ctx, p.Organization, "many-7", platformclient.WorkspaceReadOptions{})
		if err != nil {
			return err
		}
		changed, err := c.Workspaces.Read(ctx, p.Organization, "many-150", platformclient.WorkspaceReadOptions{})
		if err != nil {
			return err
		}
		if _, err := c.Workspaces.Update(ctx, changed.ID, platformclient.WorkspaceOptions{Description: new("changed elsewhere")}); err != nil {
			return err
		}
		return c.Workspaces.Delete(ctx, gone.ID)
	})()
	before = p.Emulator.Stats()
	_, actions := cli.PlanJSON(t)
	want := map[string]string{`stack_platform_workspace.many[7]`: "create", `stack_platform_workspace.many[150]`: "update"}
	if !maps.Equal(actions, want) {
		t.Errorf("after a delete and a change elsewhere, planned %v, want %v", actions, want)
	}
	// The read's 404 is followed by the read of the organization, which
	// tells the warning whether the token may see it.
	if sent, want := p.RequestsSince(before), map[string]int64{"GET /api/v2/ping": 1, list: 3, read: 1, "GET /api/v2/organizations/{org}": 1}; !maps.Equal(sent, want) {
		t.Errorf("the refresh sent %v, want %v: the lists, the read of the workspace they no longer carry and its organization", sent, want)
	}
}

// A refresh reads a workspace, its own tag bindings included, with one
// request, a page of its organization's list; see refreshes.
func TestAccWorkspace_refresh(t *testing.T) {
	refreshes(t, refreshCase{
		addr: workspaceAddr, noun: "workspace", read: "GET /api/v2/workspaces/{id}", idPrefix: "ws",
		listed: "GET /api/v2/organizations/{org}/workspaces",
		config: func(provider string) string {
			return workspaceResource(provider, "refreshed", `
  tag_names    = ["prod"]
  tag_bindings = { env = "prod" }`)
		},
		deleteElsewhere: func(ctx context.Context, c *platformclient.Client, org string) error {
			ws, err := c.Workspaces.Read(ctx, org, "refreshed", platformclient.WorkspaceReadOptions{})
			if err != nil {
				return err
			}
			return c.Workspaces.Delete(ctx, ws.ID)
		},
	})
}

// A name the organization has is refused, and the error gives the import
// ID; a token that may not see the organization gets the 404's hint.
func TestAccWorkspace_existingAndNotVisible(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	if _, err := p.Client(t).Workspaces.Create(context.Background(), p.Organization, platformclient.WorkspaceOptions{Name: check.Ptr("taken")}); err != nil {
		t.Fatal(err)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      workspaceConfig(p, "taken", ""),
				ExpectError: check.Wrapped(`Workspace already exists.*terraform import <resource address> ` + regexp.QuoteMeta(p.Organization) + `/taken.*409 Conflict`),
			},
			{
				Config: workspaceResource(p.ProviderConfigWith(p.MintUserToken(t), p.Organization), "hidden", ""),
				ExpectError: check.Wrapped(`Cannot create the workspace.*The organization "` + regexp.QuoteMeta(p.Organization) + `" does not exist, or the token may not see it\..*` +
					`Server said: POST http://\S+/api/v2/organizations/` + regexp.QuoteMeta(p.Organization) + `/workspaces: 404 Not Found.*` + notVisibleHint),
			},
		},
	})
}

// workspacePlanErrors are the plan-time errors of a workspace.
func workspacePlanErrors(p *acctest.Platform) []check.PlanError {
	repo := func(body string) string { return "vcs_repo = {\n identifier = \"acme/net\"\n" + body + "\n}" }
	return []check.PlanError{
		{Config: workspaceConfig(p, "web/app", ""), Want: check.Literal(`Attribute name must be letters, digits, '-' and '_', got: web/app`)},
		{Config: workspaceConfig(p, strings.Repeat("w", 91), ""), Want: check.Literal(`Attribute name string length must be between 1 and 90, got: 91`)},
		{Config: workspaceConfig(p, "web", elevenTagBindings), Want: check.Literal(`Attribute tag_bindings map must contain at most 10 elements, got: 11`)},
		{Config: workspaceConfig(p, "web", `project_id = "default"`),
			Want: check.Literal(`project_id must be the ID of a project: prj- and 16 characters of the base58 alphabet, got "default".`)},
		{Config: workspaceConfig(p, "web", `auto_destroy_at = "tomorrow"`),
			Want: check.Wrapped(`Invalid RFC3339 String Value.*auto_destroy_at = "tomorrow".*Given Value: tomorrow`)},
		{Config: workspaceConfig(p, "web", "auto_destroy_at = \"2030-01-01T00:00:00Z\"\nauto_destroy_activity_duration = \"14d\""),
			Want: check.Wrapped(`Attribute "auto_destroy_activity_duration" cannot be specified when "auto_destroy_at" is specified`)},
		{Config: workspaceConfig(p, "web", `auto_destroy_activity_duration = "2w"`),
			Want: check.Literal(`Attribute auto_destroy_activity_duration must be 1 to 4 digits followed by d or h, such as 14d or 12h, got: 2w`)},
		{Config: workspaceConfig(p, "web", "trigger_prefixes = [\"/a\"]\ntrigger_patterns = [\"/b/**\"]"),
			Want: check.Literal(`trigger_patterns and trigger_prefixes cannot both be non-empty: set one of them.`)},
		{Config: workspaceConfig(p, "web", `tag_names = ["Prod"]`),
			Want: check.Literal(`must be lower-case letters, digits, ':', '-' and '_', starting and ending with a letter or a digit, got: Prod`)},
		{Config: workspaceConfig(p, "web", `source_name = "console"`),
			Want: check.Wrapped(`Attribute "source_url" must be specified when "source_name" is specified`)},
		{Config: workspaceConfig(p, "web", repo("")),
			Want: check.Wrapped(`No attribute specified when one \(and only one\) of \[vcs_repo.oauth_token_id,vcs_repo.codehost_app_installation_id\] is required`)},
		{Config: workspaceConfig(p, "web", repo("oauth_token_id = \"ot-1\"\ncodehost_app_installation_id = \"x\"")),
			Want: check.Wrapped(`2 attributes specified when one \(and only one\) of \[vcs_repo.oauth_token_id,vcs_repo.codehost_app_installation_id\] is required`)},
		{Config: workspaceConfig(p, "web", repo("oauth_token_id = \"ot-1\"\ntags_regex = \"^v\"")),
			Want: check.Literal(`vcs_repo.tags_regex starts runs on tags rather than on changes of files: set file_triggers_enabled = false with it.`)},
		{Config: workspaceConfig(p, "web", "file_triggers_enabled = false\ntrigger_prefixes = [\"/a\"]\n"+repo("oauth_token_id = \"ot-1\"\ntags_regex = \"^v\"")),
			Want: check.Literal(`vcs_repo.tags_regex starts runs on tags, so it cannot be set with trigger_prefixes or trigger_patterns: remove them or the regular expression.`)},
		{Config: workspaceConfig(p, "web", "file_triggers_enabled = false\n"+repo("oauth_token_id = \"ot-1\"\ntags_regex = \"v(\"")),
			Want: check.Literal(`vcs_repo.tags_regex must be a valid regular expression, got "v(":`)},
		{Config: workspaceConfig(p, "web", "vcs_repo = {\n identifier = \"net\"\n oauth_token_id = \"ot-1\"\n}"),
			Want: check.Literal(`Attribute vcs_repo.identifier must be the repository's owner and name, such as acme/networking, got: net`)},
	}
}

// An import ID that is neither a workspace's ID nor an organization and a
// name is refused before any request.
func TestAccWorkspace_importIDChecked(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	before := p.Emulator.Stats()
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config:        workspaceConfig(p, "imported", ""),
			ResourceName:  workspaceAddr,
			ImportState:   true,
			ImportStateId: "just-a-name",
			ExpectError: check.Literal(`The import ID of a workspace is its ID, ws- and 16 characters of the base58 alphabet, ` +
				`or <ORGANIZATION>/<WORKSPACE NAME>; got "just-a-name".`),
		}},
	})
	for route := range p.RequestsSince(before) {
		if strings.Contains(route, "workspaces") {
			t.Errorf("the import sent %s", route)
		}
	}
}

// Flat tags are added and removed by requests of their own, after the
// update of the rest: when one fails, the state saves what the workspace
// has, and the next plan shows only the tags left to change.
func TestAccWorkspace_tagsFailAfterUpdate(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	config := func(description string, tags ...string) string {
		return workspaceResource(noRetries(p), "tagged", fmt.Sprintf("description = %q\n  tag_names = [%s]", description, `"`+strings.Join(tags, `", "`)+`"`))
	}
	tagsRoute := "/api/v2/workspaces/{id}/relationships/tags"
	onPlatform := func(description string, tags ...string) func() {
		return func() {
			t.Helper()
			ws, err := p.Client(t).Workspaces.Read(context.Background(), p.Organization, "tagged", platformclient.WorkspaceReadOptions{})
			if err != nil {
				t.Fatal(err)
			}
			if err := check.Differences(map[string]any{"description": ws.Description, "tag_names": ws.TagNames},
				map[string]any{"description": description, "tag_names": tags}); err != nil {
				t.Fatalf("the platform: %v", err)
			}
		}
	}
	leftToChange := func(description string, tags ...string) resource.ConfigPlanChecks {
		return acctest.PlansFromSaved(workspaceAddr, plancheck.ResourceActionUpdate, func() map[string]any {
			return map[string]any{"tainted": false, "description": description, "tag_names": tags}
		})
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config("one", "old"),
				Check:  workspaceIs(t, p, map[string]any{"description": "one", "tag_names": []string{"old"}}),
			},
			{
				// Adding fails: nothing of the tags is done.
				PreConfig: func() { p.Emulator.FailNext("POST "+tagsRoute, 1) },
				Config:    config("two", "new"),
				ExpectError: check.Wrapped(`Cannot update the workspace: partly applied .*` +
					`The update changed the server before it failed: the workspace ws-\w+ has every change of the plan but its flat tags\. ` +
					`The request for tag_names then failed, so that part is not done\. .*POST http://\S+/api/v2/workspaces/ws-\w+/relationships/tags: (429|503) `),
			},
			{
				PreConfig:          onPlatform("two", "old"),
				Config:             config("two", "new"),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
				ConfigPlanChecks:   leftToChange("two", "old"),
			},
			{
				// Removing fails: the tag added is saved.
				PreConfig: func() { p.Emulator.FailNext("DELETE "+tagsRoute, 1) },
				Config:    config("two", "new"),
				ExpectError: check.Wrapped(`Cannot update the workspace: partly applied .*` +
					`the workspace ws-\w+ has every change of the plan but its flat tags, and the tags \["new"\] are added\. ` +
					`The request for tag_names then failed.*DELETE http://\S+/api/v2/workspaces/ws-\w+/relationships/tags: (429|503) `),
			},
			{
				PreConfig:          onPlatform("two", "new", "old"),
				Config:             config("two", "new"),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
				ConfigPlanChecks:   leftToChange("two", "new", "old"),
			},
			{
				Config: config("two", "new"),
				Check:  workspaceIs(t, p, map[string]any{"description": "two", "tag_names": []string{"new"}}),
			},
		},
	})
}

// A workspace's trigger prefixes give way to patterns, and back, in one
// update in place: the plan clears the one the configuration leaves out.
func TestAccWorkspace_triggerPrefixesAndPatternsSwitch(t *testing.T) {
	p := acctest.NewPlatform(t)
	update := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(workspaceAddr, plancheck.ResourceActionUpdate)}}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: workspaceConfig(p, "triggered", `trigger_prefixes = ["/modules"]`)},
			{
				Config:           workspaceConfig(p, "triggered", `trigger_patterns = ["/modules/**/*.tf"]`),
				ConfigPlanChecks: update,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(workspaceAddr, check.Path("trigger_prefixes"), check.StrList()),
					statecheck.ExpectKnownValue(workspaceAddr, check.Path("trigger_patterns"), check.StrList("/modules/**/*.tf")),
				},
			},
			{
				Config:           workspaceConfig(p, "triggered", `trigger_prefixes = ["/modules"]`),
				ConfigPlanChecks: update,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(workspaceAddr, check.Path("trigger_prefixes"), check.StrList("/modules")),
					statecheck.ExpectKnownValue(workspaceAddr, check.Path("trigger_patterns"), check.StrList()),
				},
			},
		},
	})
}

// A workspace without a duration of its own inherits its project's, which
// the platform answers as the workspace's: the provider leaves it out, so
// the next plan shows nothing, and a duration of its own still shows.
func TestAccWorkspace_inheritsItsProjectsActivityDuration(t *testing.T) {
	p := acctest.NewPlatform(t)
	config := func(own string) string {
		return p.ProviderConfig() + `
resource "stack_platform_project" "idle" {
  name                           = "idle"
  auto_destroy_activity_duration = "14d"
}

resource "stack_platform_workspace" "test" {
  name       = "inheriting"
  project_id = stack_platform_project.idle.id
  ` + own + `
}
`
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config(""),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(workspaceAddr, check.Path("auto_destroy_activity_duration"), knownvalue.Null()),
				},
			},
			{
				Config: config(`auto_destroy_activity_duration = "2d"`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(workspaceAddr, check.Path("auto_destroy_activity_duration"), check.Str("2d")),
				},
			},
			{
				Config: config(""),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(workspaceAddr, check.Path("auto_destroy_activity_duration"), knownvalue.Null()),
				},
			},
		},
	})
}

// A provider configured with a team's token manages the workspaces its
// team's access allows: a team that maintains a project creates and
// changes its workspaces; a team that only reads it may not create one,
// and the platform's refusal, a 404, is shown with what it may mean.
func TestAccWorkspace_teamTokenManagesWhatItsAccessAllows(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	ctx := context.Background()
	c := p.Client(t)
	project := defaultProject(t, p)
	tokenOf := func(name, access string) string {
		t.Helper()
		team := newTeam(t, p, p.Organization, platformclient.TeamOptions{Name: check.Ptr(name)})
		if _, err := c.TeamProjectAccesses.Create(ctx, platformclient.TeamProjectAccessOptions{
			Access: check.Ptr(access), Team: &platformclient.Team{ID: team}, Project: &platformclient.Project{ID: project},
		}); err != nil {
			t.Fatal(err)
		}
		tok, err := c.TeamTokens.Create(ctx, team, platformclient.TeamTokenCreateOptions{Description: check.Ptr("ci")})
		if err != nil {
			t.Fatal(err)
		}
		return tok.Token
	}
	maintainers, readers := tokenOf("maintainers", "maintain"), tokenOf("readers", "read")
	config := func(token, description string) string {
		return p.ProviderConfigWith(token, p.Organization) + fmt.Sprintf(`
resource "stack_platform_workspace" "test" {
  name        = "by-team"
  description = %q
}
`, description)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config(readers, "one"), ExpectError: regexp.MustCompile(`(?s)Cannot create the workspace.*404`)},
			{Config: config(maintainers, "one"), ConfigStateChecks: stateIs(workspaceAddr, map[string]knownvalue.Check{"id": idOf("ws")})},
			{Config: config(maintainers, "two"), ConfigStateChecks: stateIs(workspaceAddr, map[string]knownvalue.Check{"description": check.Str("two")})},
		},
	})
}

// A workspace may use an agent pool that is not organization-scoped only
// once the pool allows it: the platform's refusal is shown as it is, and
// the pool's allowed workspaces, applied first, let the workspace's
// settings name it.
func TestAccWorkspace_agentPoolMustAllowIt(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	pool, err := p.Client(t).AgentPools.Create(context.Background(), p.Organization,
		platformclient.AgentPoolOptions{Name: check.Ptr("private"), OrganizationScoped: check.Ptr(false)})
	if err != nil {
		t.Fatal(err)
	}
	config := func(allowed bool) string {
		c := p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_workspace" "test" {
  name = "on-agents"
}
resource "stack_platform_workspace_settings" "test" {
  workspace_id   = stack_platform_workspace.test.id
  execution_mode = "agent"
  agent_pool_id  = %q
%s}
`, pool.ID, map[bool]string{true: "  depends_on     = [stack_platform_agent_pool_allowed_workspaces.test]\n"}[allowed])
		if allowed {
			c += fmt.Sprintf(`
resource "stack_platform_agent_pool_allowed_workspaces" "test" {
  agent_pool_id         = %q
  allowed_workspace_ids = [stack_platform_workspace.test.id]
}
`, pool.ID)
		}
		return c
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config(false), ExpectError: regexp.MustCompile(`(?s)the agent pool does not allow workspace\s+"on-agents"`)},
			{Config: config(true), ConfigStateChecks: stateIs("stack_platform_workspace_settings.test", map[string]knownvalue.Check{"agent_pool_id": check.Str(pool.ID)})},
		},
	})
}

// A first Ctrl-C during an apply lets the creates in flight finish, so
// that every workspace the platform made is in the state, and the next
// apply does not fail "already exists" for any.
func TestAccWorkspace_interruptedApplyLosesNothing(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{Latency: 200 * time.Millisecond})
	const n = 20
	acctest.InterruptedApplyLosesNothing(t, manyWorkspaces(p, n), n, workspaceCreates(p),
		func() int {
			got, err := p.Client(t).Workspaces.List(context.Background(), p.Organization, platformclient.WorkspaceListOptions{})
			if err != nil {
				t.Fatal(err)
			}
			return len(got.Items)
		})
}

// A killed apply (SIGKILL) records none of the creates in flight: the next
// apply takes over none of the workspaces it left, failing for each with
// its import, and once they are imported the apply after converges.
func TestAccWorkspace_killedApplyNamesItsLeftovers(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{Latency: 200 * time.Millisecond})
	const n = 20
	left := acctest.KilledApplyNamesItsLeftovers(t, manyWorkspaces(p, n), n, workspaceCreates(p), func(inState []string) map[string]string {
		got, err := p.Client(t).Workspaces.List(context.Background(), p.Organization, platformclient.WorkspaceListOptions{})
		if err != nil {
			t.Fatal(err)
		}
		left := map[string]string{}
		for _, ws := range got.Items {
			addr := "stack_platform_workspace.w" + strings.TrimPrefix(ws.Name, "interrupted-")
			if !slices.Contains(inState, addr) {
				left[addr] = p.Organization + "/" + ws.Name
			}
		}
		return left
	})
	t.Logf("the kill left %d of %d workspaces outside the state", left, n)
}

// manyWorkspaces is a configuration of n workspaces, w00 named
// interrupted-00 and so on.
func manyWorkspaces(p *acctest.Platform, n int) string {
	config := p.ProviderConfig()
	for i := range n {
		config += fmt.Sprintf(`
resource "stack_platform_workspace" "w%02d" {
  name = "interrupted-%02d"
}
`, i, i)
	}
	return config
}

// workspaceCreates counts the creates of workspaces the platform received.
func workspaceCreates(p *acctest.Platform) func() int64 {
	return func() int64 { return p.Emulator.Stats().Requests["POST /api/v2/organizations/{org}/workspaces"] }
}
