package platform_test

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// tfeGovernanceTwin is one of hashicorp/tfe's governance resources (the
// policies and their sets, the run tasks), as tfeTwin, whose make is
// setUp here: some need the platform itself (an organization's plan).
type tfeGovernanceTwin struct {
	tfeTwin
	version int64
	// selfHosted runs it on the self-hosted edition, whose admin API
	// alone has the object.
	selfHosted bool
	setUp      func(t *testing.T, p *acctest.Platform) map[string]string
}

// The IDs of the governance fixtures.
const (
	tfePolicyID    = "pol-u3S5p2Uwk21keu1s"
	tfePolicySetID = "polset-3yVQZvHzf5j3WRJ1"
	tfeWorkspaceID = "ws-3x2WZbEtHjp5Q8xD"
	tfeProjectID   = "prj-6p5RiCe5CRjBmsGt"
	tfeRunTaskID   = "task-b3RfBEAfYyHzH8sX"
	tfeWSTaskID    = "wstask-Xy9PDkxj3GVULzU5"
	tfeParameterID = "var-7q6SjDf6DSkCntHu"
	tfeSentinelTxt = "main = rule { true }"
	tfeProviderID  = "prov-kwt1cBiX2rRHKmBa"
	tfeGPGKeyID    = "32966F3FB5AC1129"
	tfeGPGArmor    = "ASCII-ARMOR"
	tfeRetentionID = "drp-9rUjM3QyLTGAVbKV"
	tfeToolID      = "tool-L4fQ2ZbJvWy8XnE6"
	tfeModuleID    = "mod-qV9JnKBWx1Z5h7Cs"
	tfeToolSHA     = "a0b1c2d3e4f5a6b7c8d9e0f1a2b3c4d5e6f7a8b9c0d1e2f3a4b5c6d7e8f9a0b1"
)

func tfeGovernanceTwins() []tfeGovernanceTwin {
	link := func(from, to, member, memberID string, add func(c *platformclient.Client) func(context.Context, string, []string) error) tfeGovernanceTwin {
		return tfeGovernanceTwin{
			tfeTwin: tfeTwin{
				from: from, to: to,
				moved: map[string]any{"id": tfePolicySetID + "/" + memberID, "policy_set_id": tfePolicySetID, member: memberID},
				body: fmt.Sprintf(`policy_set_id = %q
  %s = %q`, tfePolicySetID, member, memberID),
			},
			setUp: func(t *testing.T, p *acctest.Platform) map[string]string {
				t.Helper()
				c := p.Client(t)
				ctx, set := context.Background(), tfePolicySet(t, c)
				id := tfeWorkspace(t, c, "workspace-test").ID
				if member == "project_id" {
					prj, err := c.Projects.Create(ctx, tfeOrgName, platformclient.ProjectOptions{Name: check.Ptr("projecttest")})
					if err != nil {
						t.Fatal(err)
					}
					id = prj.ID
				}
				if err := add(c)(ctx, set.ID, []string{id}); err != nil {
					t.Fatal(err)
				}
				return map[string]string{tfePolicySetID: set.ID, memberID: id, tfePolicyID: set.Policies[0].ID}
			},
		}
	}
	tool := func(from, to string, calls func(c *platformclient.Client) *platformclient.EngineVersions) tfeGovernanceTwin {
		arch := map[string]any{"url": "https://www.hashicorp.com", "sha": tfeToolSHA, "os": "linux", "arch": "amd64"}
		return tfeGovernanceTwin{
			tfeTwin: tfeTwin{
				from: from, to: to,
				moved: map[string]any{
					"id": tfeToolID, "version": "0.24.0", "url": "https://www.hashicorp.com", "sha": tfeToolSHA, "official": false, "enabled": true,
					"beta": false, "deprecated": false, "archs": []any{arch},
				},
				body: fmt.Sprintf(`version = "0.24.0"
  archs = [{
    url  = "https://www.hashicorp.com"
    sha  = %q
    os   = "linux"
    arch = "amd64"
  }]`, tfeToolSHA),
			},
			setUp: func(t *testing.T, p *acctest.Platform) map[string]string {
				t.Helper()
				v, err := calls(p.Client(t)).Create(context.Background(), platformclient.EngineVersionOptions{
					Version: check.Ptr("0.24.0"), Archs: []*platformclient.EngineArch{{URL: "https://www.hashicorp.com", SHA: tfeToolSHA, OS: "linux", Arch: "amd64"}},
				})
				if err != nil {
					t.Fatal(err)
				}
				return map[string]string{tfeToolID: v.ID}
			},
		}
	}
	return []tfeGovernanceTwin{
		{
			tfeTwin: tfeTwin{
				from: "tfe_policy", to: "stack_platform_policy",
				moved: map[string]any{
					"id": tfePolicyID, "organization": tfeOrgName, "name": "policy-test", "description": "A test policy", "kind": "sentinel",
					"enforcement_level": "hard-mandatory", "policy": tfeSentinelTxt,
				},
				body: fmt.Sprintf(`organization      = %q
  name              = "policy-test"
  description       = "A test policy"
  policy            = %q
  enforcement_level = "hard-mandatory"`, tfeOrgName, tfeSentinelTxt),
			},
			setUp: func(t *testing.T, p *acctest.Platform) map[string]string {
				t.Helper()
				c := p.Client(t)
				tfeOrg(t, c)
				return map[string]string{tfePolicyID: tfeSentinelPolicy(t, c, "policy-test", "A test policy", "hard-mandatory").ID}
			},
		},
		{
			// The incumbent's deprecated Sentinel policy, without a kind.
			tfeTwin: tfeTwin{
				from: "tfe_sentinel_policy", to: "stack_platform_policy",
				moved: map[string]any{
					"id": tfePolicyID, "organization": tfeOrgName, "name": "policy-foo", "kind": "sentinel",
					"enforcement_level": "soft-mandatory", "policy": tfeSentinelTxt,
				},
				body: fmt.Sprintf(`organization      = %q
  name              = "policy-foo"
  policy            = %q
  enforcement_level = "soft-mandatory"`, tfeOrgName, tfeSentinelTxt),
			},
			setUp: func(t *testing.T, p *acctest.Platform) map[string]string {
				t.Helper()
				c := p.Client(t)
				tfeOrg(t, c)
				return map[string]string{tfePolicyID: tfeSentinelPolicy(t, c, "policy-foo", "", "soft-mandatory").ID}
			},
		},
		{
			tfeTwin: tfeTwin{
				from: "tfe_policy_set", to: "stack_platform_policy_set",
				moved: map[string]any{
					"id": tfePolicySetID, "organization": tfeOrgName, "name": "tst-terraform", "description": "Policy Set", "kind": "sentinel",
					"global": false, "overridable": false, "agent_enabled": false, "policy_ids": []any{tfePolicyID},
				},
				body: fmt.Sprintf(`organization = %q
  name         = "tst-terraform"
  description  = "Policy Set"
  policy_ids   = [%q]`, tfeOrgName, tfePolicyID),
			},
			setUp: func(t *testing.T, p *acctest.Platform) map[string]string {
				t.Helper()
				set := tfePolicySet(t, p.Client(t))
				return map[string]string{tfePolicySetID: set.ID, tfePolicyID: set.Policies[0].ID}
			},
		},
		{
			tfeTwin: tfeTwin{
				from: "tfe_policy_set_parameter", to: "stack_platform_policy_set_parameter",
				moved: map[string]any{
					"id": tfeParameterID, "policy_set_id": tfePolicySetID, "key": "key_test", "value": "value_test", "sensitive": false,
				},
				body: fmt.Sprintf(`policy_set_id = %q
  key           = "key_test"
  value         = "value_test"`, tfePolicySetID),
			},
			setUp: func(t *testing.T, p *acctest.Platform) map[string]string {
				t.Helper()
				c := p.Client(t)
				set := tfePolicySet(t, c)
				v, err := c.PolicySetParameters.Create(context.Background(), set.ID, platformclient.PolicySetParameterOptions{
					Key: check.Ptr("key_test"), Value: check.Ptr("value_test"), Sensitive: check.Ptr(false),
				})
				if err != nil {
					t.Fatal(err)
				}
				return map[string]string{tfePolicySetID: set.ID, tfeParameterID: v.ID}
			},
		},
		link("tfe_workspace_policy_set", "stack_platform_workspace_policy_set", "workspace_id", tfeWorkspaceID,
			func(c *platformclient.Client) func(context.Context, string, []string) error {
				return c.PolicySets.AddWorkspaces
			}),
		link("tfe_workspace_policy_set_exclusion", "stack_platform_workspace_policy_set_exclusion", "workspace_id", tfeWorkspaceID,
			func(c *platformclient.Client) func(context.Context, string, []string) error {
				return c.PolicySets.AddWorkspaceExclusions
			}),
		link("tfe_project_policy_set", "stack_platform_project_policy_set", "project_id", tfeProjectID,
			func(c *platformclient.Client) func(context.Context, string, []string) error {
				return c.PolicySets.AddProjects
			}),
		link("tfe_project_policy_set_exclusion", "stack_platform_project_policy_set_exclusion", "project_id", tfeProjectID,
			func(c *platformclient.Client) func(context.Context, string, []string) error {
				return c.PolicySets.AddProjectExclusions
			}),
		{
			// The HMAC key, which the platform never answers, comes from
			// the incumbent's state.
			tfeTwin: tfeTwin{
				from: "tfe_organization_run_task", to: "stack_platform_run_task",
				moved: map[string]any{
					"id": tfeRunTaskID, "organization": tfeOrgName, "name": "foobar-task-8674665", "url": "https://scanner.example.com/run",
					"category": "task", "description": "", "enabled": false, "hmac_key": "somepassword",
				},
				body: fmt.Sprintf(`organization = %q
  url          = "https://scanner.example.com/run"
  name         = "foobar-task-8674665"
  enabled      = false
  hmac_key     = "somepassword"`, tfeOrgName),
			},
			setUp: func(t *testing.T, p *acctest.Platform) map[string]string {
				t.Helper()
				return map[string]string{tfeRunTaskID: tfeRunTask(t, p.Client(t)).ID}
			},
		},
		{
			tfeTwin: tfeTwin{
				from: "tfe_workspace_run_task", to: "stack_platform_workspace_run_task",
				moved: map[string]any{
					"id": tfeWSTaskID, "workspace_id": tfeWorkspaceID, "task_id": tfeRunTaskID, "enforcement_level": "advisory",
					"stage": "post_plan", "stages": []any{"post_plan"},
				},
				body: fmt.Sprintf(`workspace_id      = %q
  task_id           = %q
  enforcement_level = "advisory"
  stages            = ["post_plan"]`, tfeWorkspaceID, tfeRunTaskID),
			},
			version: 1,
			setUp: func(t *testing.T, p *acctest.Platform) map[string]string {
				t.Helper()
				c := p.Client(t)
				task, ws := tfeRunTask(t, c), tfeWorkspace(t, c, "workspace-test")
				wt, err := c.WorkspaceRunTasks.Create(context.Background(), ws.ID, platformclient.WorkspaceRunTaskOptions{
					EnforcementLevel: check.Ptr("advisory"), Stages: []string{"post_plan"}, Task: task,
				})
				if err != nil {
					t.Fatal(err)
				}
				return map[string]string{tfeRunTaskID: task.ID, tfeWorkspaceID: ws.ID, tfeWSTaskID: wt.ID}
			},
		},
		{
			tfeTwin: tfeTwin{
				from: "tfe_organization_run_task_global_settings", to: "stack_platform_run_task_global_settings",
				moved: map[string]any{
					"id": tfeRunTaskID, "task_id": tfeRunTaskID, "enabled": true, "enforcement_level": "mandatory", "stages": []any{"post_plan"},
				},
				body: fmt.Sprintf(`task_id           = %q
  enabled           = true
  enforcement_level = "mandatory"
  stages            = ["post_plan"]`, tfeRunTaskID),
			},
			setUp: func(t *testing.T, p *acctest.Platform) map[string]string {
				t.Helper()
				c := p.Client(t)
				task := tfeRunTask(t, c)
				onPlan(t, p, tfeOrgName, "Business")
				_, err := c.RunTasks.Update(context.Background(), task.ID, platformclient.RunTaskOptions{
					GlobalConfiguration: &platformclient.RunTaskGlobalConfigurationOptions{
						Enabled: check.Ptr(true), Stages: []string{"post_plan"}, EnforcementLevel: check.Ptr("mandatory"),
					},
				})
				if err != nil {
					t.Fatal(err)
				}
				return map[string]string{tfeRunTaskID: task.ID}
			},
		},
		{
			tfeTwin: tfeTwin{
				from: "tfe_registry_provider", to: "stack_platform_registry_provider",
				moved: map[string]any{
					"id": tfeProviderID, "organization": tfeOrgName, "registry_name": "private", "namespace": tfeOrgName, "name": "foobar",
					"created_at": "2026-11-28T06:00:00Z", "updated_at": "2026-11-28T06:00:00Z",
				},
				body: fmt.Sprintf(`organization = %q
  name         = "foobar"`, tfeOrgName),
			},
			version: 1,
			setUp: func(t *testing.T, p *acctest.Platform) map[string]string {
				t.Helper()
				c := p.Client(t)
				tfeOrg(t, c)
				prov, err := c.RegistryProviders.Create(context.Background(), tfeOrgName, platformclient.RegistryProviderOptions{
					Name: "foobar", Namespace: tfeOrgName, RegistryName: "private",
				})
				if err != nil {
					t.Fatal(err)
				}
				return map[string]string{tfeProviderID: prov.ID}
			},
		},
		{
			tfeTwin: tfeTwin{
				from: "tfe_registry_gpg_key", to: "stack_platform_registry_gpg_key",
				moved: map[string]any{
					"id": tfeGPGKeyID, "organization": tfeOrgName, "ascii_armor": tfeGPGArmor,
					"created_at": "2026-11-28T06:00:00Z", "updated_at": "2026-11-28T06:00:00Z",
				},
				body: fmt.Sprintf(`organization = %q
  ascii_armor  = %q`, tfeOrgName, tfeGPGArmor),
			},
			version: 1,
			setUp: func(t *testing.T, p *acctest.Platform) map[string]string {
				t.Helper()
				c := p.Client(t)
				tfeOrg(t, c)
				armor := publicKeyBlock(t)
				key, err := c.RegistryGPGKeys.Create(context.Background(), platformclient.RegistryGPGKeyOptions{Namespace: tfeOrgName, AsciiArmor: armor})
				if err != nil {
					t.Fatal(err)
				}
				// The armor, in the fixture's JSON and the body's HCL
				// alike, with its newlines escaped.
				escaped := strings.ReplaceAll(armor, "\n", `\n`)
				return map[string]string{tfeGPGKeyID: key.KeyID, tfeGPGArmor: escaped}
			},
		},
		{
			// A workspace's policy that deletes runs' data after 42 days.
			tfeTwin: tfeTwin{
				from: "tfe_data_retention_policy", to: "stack_platform_data_retention_policy",
				moved: map[string]any{
					"id": tfeRetentionID, "organization": tfeOrgName, "workspace_id": tfeWorkspaceID, "delete_older_than_n_days": int64(42),
				},
				body: fmt.Sprintf(`organization             = %q
  workspace_id             = %q
  delete_older_than_n_days = 42`, tfeOrgName, tfeWorkspaceID),
			},
			version:    1,
			selfHosted: true,
			setUp: func(t *testing.T, p *acctest.Platform) map[string]string {
				t.Helper()
				c := p.Client(t)
				ws := tfeWorkspace(t, c, "workspace-test")
				drp, err := c.DataRetentionPolicies.Set(context.Background(), platformclient.WorkspaceRetention(ws.ID),
					platformclient.DataRetentionPolicyOptions{DeleteOlderThanNDays: check.Ptr(42)})
				if err != nil {
					t.Fatal(err)
				}
				return map[string]string{tfeWorkspaceID: ws.ID, tfeRetentionID: drp.ID}
			},
		},
		{
			// The incumbent stores 0 for an organization without a
			// workspace limit, which moves as null.
			tfeTwin: tfeTwin{
				from: "tfe_admin_organization_settings", to: "stack_platform_admin_organization_settings",
				moved: map[string]any{
					"organization": tfeOrgName, "access_beta_tools": true, "global_module_sharing": false, "sso_enabled": false,
				},
				body: fmt.Sprintf(`organization      = %q
  access_beta_tools = true`, tfeOrgName),
			},
			selfHosted: true,
			setUp: func(t *testing.T, p *acctest.Platform) map[string]string {
				t.Helper()
				c := p.Client(t)
				tfeOrg(t, c)
				if _, err := c.AdminOrganizationSettings.Update(context.Background(), tfeOrgName,
					platformclient.AdminOrganizationSettingsOptions{AccessBetaTools: check.Ptr(true)}); err != nil {
					t.Fatal(err)
				}
				return nil
			},
		},
		{
			// A private module whose versions are uploaded, without a
			// repository.
			tfeTwin: tfeTwin{
				from: "tfe_registry_module", to: "stack_platform_registry_module",
				moved: map[string]any{
					"id": tfeModuleID, "organization": tfeOrgName, "module_provider": "aws", "name": "test-module", "namespace": tfeOrgName,
					"registry_name": "private", "no_code": false,
				},
				body: fmt.Sprintf(`organization    = %q
  module_provider = "aws"
  name            = "test-module"`, tfeOrgName),
			},
			setUp: func(t *testing.T, p *acctest.Platform) map[string]string {
				t.Helper()
				c := p.Client(t)
				tfeOrg(t, c)
				mod, err := c.RegistryModules.Create(context.Background(), tfeOrgName, platformclient.RegistryModuleOptions{
					Name: "test-module", Provider: "aws", Namespace: tfeOrgName, RegistryName: "private",
				})
				if err != nil {
					t.Fatal(err)
				}
				return map[string]string{tfeModuleID: mod.ID}
			},
		},
		tool("tfe_sentinel_version", "stack_platform_admin_sentinel_version",
			func(c *platformclient.Client) *platformclient.EngineVersions { return c.AdminSentinelVersions }),
		tool("tfe_opa_version", "stack_platform_admin_opa_version",
			func(c *platformclient.Client) *platformclient.EngineVersions { return c.AdminOPAVersions }),
	}
}

// tfeSentinelPolicy makes a Sentinel policy of the incumbent's acceptance
// tests, with its text, in their organization.
func tfeSentinelPolicy(t *testing.T, c *platformclient.Client, name, description, level string) *platformclient.Policy {
	t.Helper()
	ctx := context.Background()
	opts := platformclient.PolicyOptions{Name: check.Ptr(name), Kind: check.Ptr("sentinel"), EnforcementLevel: check.Ptr(level)}
	if description != "" {
		opts.Description = check.Ptr(description)
	}
	pol, err := c.Policies.Create(ctx, tfeOrgName, opts)
	if err != nil {
		t.Fatal(err)
	}
	if err := c.Policies.Upload(ctx, pol.ID, []byte(tfeSentinelTxt)); err != nil {
		t.Fatal(err)
	}
	return pol
}

// tfePolicySet makes the policy set of the incumbent's acceptance tests,
// with its policy, in their organization.
func tfePolicySet(t *testing.T, c *platformclient.Client) *platformclient.PolicySet {
	t.Helper()
	tfeOrg(t, c)
	pol := tfeSentinelPolicy(t, c, "policy-foo", "", "soft-mandatory")
	set, err := c.PolicySets.Create(context.Background(), tfeOrgName, platformclient.PolicySetOptions{
		Name: check.Ptr("tst-terraform"), Description: check.Ptr("Policy Set"), Policies: []*platformclient.Policy{pol},
	})
	if err != nil {
		t.Fatal(err)
	}
	if len(set.Policies) != 1 {
		t.Fatalf("want the set's policy, got %+v", set.Policies)
	}
	return set
}

// tfeRunTask makes the run task of the incumbent's acceptance tests, in
// their organization.
func tfeRunTask(t *testing.T, c *platformclient.Client) *platformclient.RunTask {
	t.Helper()
	tfeOrg(t, c)
	task, err := c.RunTasks.Create(context.Background(), tfeOrgName, platformclient.RunTaskOptions{
		Name: check.Ptr("foobar-task-8674665"), URL: check.Ptr("https://scanner.example.com/run"), Category: check.Ptr("task"),
		Enabled: check.Ptr(false), HMACKey: check.Ptr("somepassword"),
	})
	if err != nil {
		t.Fatal(err)
	}
	return task
}

// tfeGovernanceTwin looks up the twin from, of tfeGovernanceTwins.
func tfeGovernanceTwinOf(t *testing.T, from string) tfeGovernanceTwin {
	t.Helper()
	for _, tw := range tfeGovernanceTwins() {
		if tw.from == from {
			return tw
		}
	}
	t.Fatalf("no twin %s", from)
	return tfeGovernanceTwin{}
}

func TestTFETwinsGovernance_move(t *testing.T) {
	for _, tw := range tfeGovernanceTwins() {
		for _, host := range []string{"registry.terraform.io", "registry.opentofu.org"} {
			got, diags := acctest.Move(t, host+"/hashicorp/tfe", tw.from, tw.version, tw.fixture(t, nil), tw.to)
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

func TestTFETwinsGovernance_moveRefuses(t *testing.T) {
	for _, tw := range tfeGovernanceTwins() {
		version, known := int64(1), "0"
		switch {
		case tw.from == "tfe_workspace_run_task":
			version, known = 2, "0 and 1"
		case tw.version == 1:
			version, known = 0, "1"
		}
		_, diags := acctest.Move(t, "registry.terraform.io/hashicorp/tfe", tw.from, version, tw.fixture(t, nil), tw.to)
		want := fmt.Sprintf("The state of %s is of schema version %d, which this provider does not know: it moves versions %s of hashicorp/tfe.", tw.from, version, known)
		if len(diags) != 1 || !strings.HasPrefix(diags[0].Detail, want) {
			t.Errorf("%s: want %q, got %+v", tw.from, want, diags)
		}
	}
}

// TestAccTFETwinsGovernance_moved moves each of the incumbent's governance
// resources, as its acceptance test leaves them, with a moved block, and
// plans nothing else with the same values in this provider's
// configuration.
func TestAccTFETwinsGovernance_moved(t *testing.T) {
	for _, tw := range tfeGovernanceTwins() {
		t.Run(tw.from, func(t *testing.T) {
			p := acctest.NewPlatformEmulator(t, emulator.Options{})
			if tw.selfHosted {
				p = newSelfHosted(t)
			}
			tw.movesThenPlansEmpty(t, p, tw.version, tw.setUp(t, p))
		})
	}
}

// moveGovernance moves the fixture of from, changed by change, and
// returns the moved attributes and the diagnostics.
func moveGovernance(t *testing.T, from string, version int64, change func(attrs map[string]any)) (map[string]any, []string) {
	t.Helper()
	tw := tfeGovernanceTwinOf(t, from)
	var attrs map[string]any
	if err := json.Unmarshal(tw.fixture(t, nil), &attrs); err != nil {
		t.Fatal(err)
	}
	change(attrs)
	b, err := json.Marshal(attrs)
	if err != nil {
		t.Fatal(err)
	}
	got, diags := acctest.Move(t, "registry.terraform.io/hashicorp/tfe", from, version, b, tw.to)
	var details []string
	for _, d := range diags {
		details = append(details, d.Detail)
	}
	return got, details
}

// An OPA policy moves with its query; a Sentinel policy's "" query and a
// policy's "" description move as null.
func TestTFETwinsGovernance_movePolicy(t *testing.T) {
	got, diags := moveGovernance(t, "tfe_policy", 0, func(a map[string]any) {
		a["kind"], a["query"], a["enforce_mode"], a["policy"] = "opa", "data.terraform.deny", "mandatory", "package terraform\n"
	})
	if len(diags) != 0 || got["kind"] != "opa" || got["query"] != "data.terraform.deny" || got["enforcement_level"] != "mandatory" || got["policy"] != "package terraform\n" {
		t.Errorf("OPA: got %v %v", got, diags)
	}
	got, diags = moveGovernance(t, "tfe_policy", 0, func(a map[string]any) { a["query"], a["description"], a["policy"] = "", "", "" })
	if len(diags) != 0 || got["query"] != nil || got["description"] != nil || got["policy"] != "" {
		t.Errorf("want the query and the description null, the empty text kept, got %v %v", got, diags)
	}
}

// A policy set of a repository: the incumbent's vcs_repo, a list of one
// block, is an object here, its github_app_installation_id
// codehost_app_installation_id, its "" null; its slug, the incumbent's
// alone, is named in a warning; its workspace_ids are left to the
// attachments, without a warning.
func TestTFETwinsGovernance_movePolicySetOfARepository(t *testing.T) {
	got, diags := moveGovernance(t, "tfe_policy_set", 0, func(a map[string]any) {
		a["policy_ids"], a["policies_path"], a["policy_update_patterns"] = []any{}, "policies/base", []any{"policies/**"}
		a["vcs_repo"] = []any{map[string]any{"identifier": "acme/policies", "branch": "", "ingress_submodules": false, "oauth_token_id": "",
			"github_app_installation_id": "ghain-B7oqH6Uz2LC95XDh"}}
		a["slug"], a["workspace_ids"] = map[string]any{"source_path": "policies"}, []any{tfeWorkspaceID}
	})
	wantRepo := map[string]any{"identifier": "acme/policies", "branch": nil, "ingress_submodules": false, "oauth_token_id": nil,
		"codehost_app_installation_id": "ghain-B7oqH6Uz2LC95XDh"}
	if got == nil || !reflect.DeepEqual(got["vcs_repo"], wantRepo) || got["policy_ids"] != nil || got["policies_path"] != "policies/base" ||
		!reflect.DeepEqual(got["policy_update_patterns"], []any{"policies/**"}) {
		t.Errorf("want the repository, its path and patterns, got %v", got)
	}
	if len(diags) != 1 || !strings.Contains(diags[0], "sets slug, which this provider does not manage") {
		t.Errorf("want one warning naming slug alone, got %v", diags)
	}
}

// A sensitive parameter's value, which the platform never answers, and a
// write-only value's version come from the incumbent's state, "" included.
func TestTFETwinsGovernance_moveSensitiveParameter(t *testing.T) {
	got, diags := moveGovernance(t, "tfe_policy_set_parameter", 0, func(a map[string]any) { a["sensitive"] = true })
	if len(diags) != 0 || got["value"] != "value_test" || got["sensitive"] != true {
		t.Errorf("want the sensitive value carried, got %v %v", got, diags)
	}
	got, diags = moveGovernance(t, "tfe_policy_set_parameter", 0, func(a map[string]any) { a["value"], a["value_wo_version"] = "", 2 })
	if len(diags) != 0 || got["value"] != "" || got["value_wo_version"] != int64(2) {
		t.Errorf("want the value \"\" and its version 2, got %v %v", got, diags)
	}
}

// A run task without an HMAC key is stored by the incumbent with "",
// which moves as null; a key given through hmac_key_wo moves its version.
func TestTFETwinsGovernance_moveRunTaskWithoutKey(t *testing.T) {
	got, diags := moveGovernance(t, "tfe_organization_run_task", 0, func(a map[string]any) {
		a["hmac_key"], a["hmac_key_wo_version"], a["description"] = "", 1, "Scans plans."
	})
	if len(diags) != 0 || got["hmac_key"] != nil || got["hmac_key_wo_version"] != int64(1) || got["description"] != "Scans plans." {
		t.Errorf("want no key, its version 1 and the description, got %v %v", got, diags)
	}
}

// A workspace run task of the incumbent's schema version 0 has one stage
// and no stages, which the refresh reads.
func TestTFETwinsGovernance_moveWorkspaceRunTaskOfVersion0(t *testing.T) {
	got, diags := moveGovernance(t, "tfe_workspace_run_task", 0, func(a map[string]any) { delete(a, "stages") })
	if len(diags) != 0 || got["stage"] != "post_plan" || got["stages"] != nil || got["id"] != tfeWSTaskID {
		t.Errorf("want the stage alone, got %v %v", got, diags)
	}
}

// A policy that keeps the data, the incumbent's dont_delete block, moves
// with delete_older_than_n_days unset, as this provider writes it.
func TestTFETwinsGovernance_moveDataRetentionDontDelete(t *testing.T) {
	got, diags := moveGovernance(t, "tfe_data_retention_policy", 1, func(a map[string]any) {
		a["delete_older_than"], a["dont_delete"], a["workspace_id"] = nil, map[string]any{}, nil
	})
	if len(diags) != 0 || got["delete_older_than_n_days"] != nil || got["workspace_id"] != nil || got["id"] != tfeRetentionID {
		t.Errorf("want the organization's policy without days, got %v %v", got, diags)
	}
}

// An organization's workspace limit and its module consumers move; a
// limit of 0, which the incumbent also stores for none, moves as null for
// the refresh to read.
func TestTFETwinsGovernance_moveAdminOrganizationSettings(t *testing.T) {
	got, diags := moveGovernance(t, "tfe_admin_organization_settings", 0, func(a map[string]any) {
		a["workspace_limit"], a["module_sharing_consumer_organizations"] = 15, []any{"acme"}
	})
	if len(diags) != 0 || got["workspace_limit"] != int64(15) || !reflect.DeepEqual(got["module_consumers"], []any{"acme"}) {
		t.Errorf("want the limit 15 and the consumer acme, got %v %v", got, diags)
	}
}

// A module of a repository: the incumbent's vcs_repo, a list of one block,
// is an object here, its github_app_installation_id
// codehost_app_installation_id, its "" null; its test_config is an object,
// and its initial_version, which the platform answers only at the create,
// is carried.
func TestTFETwinsGovernance_moveRegistryModuleOfARepository(t *testing.T) {
	got, diags := moveGovernance(t, "tfe_registry_module", 0, func(a map[string]any) {
		a["vcs_repo"] = []any{map[string]any{"identifier": "acme/terraform-aws-network", "display_identifier": "acme/terraform-aws-network",
			"oauth_token_id": "", "github_app_installation_id": "ghain-B7oqH6Uz2LC95XDh", "branch": "main", "tags": false,
			"source_directory": "", "tag_prefix": ""}}
		a["test_config"] = []any{map[string]any{"tests_enabled": true, "agent_execution_mode": "remote", "agent_pool_id": ""}}
		a["initial_version"], a["publishing_mechanism"] = "1.0.0", "branch"
	})
	wantRepo := map[string]any{"identifier": "acme/terraform-aws-network", "display_identifier": "acme/terraform-aws-network",
		"oauth_token_id": nil, "codehost_app_installation_id": "ghain-B7oqH6Uz2LC95XDh", "branch": "main", "tags": false,
		"source_directory": nil, "tag_prefix": nil}
	wantTests := map[string]any{"tests_enabled": true, "agent_execution_mode": "remote", "agent_pool_id": nil}
	if len(diags) != 0 || got == nil || !reflect.DeepEqual(got["vcs_repo"], wantRepo) || !reflect.DeepEqual(got["test_config"], wantTests) ||
		got["initial_version"] != "1.0.0" || got["publishing_mechanism"] != "branch" {
		t.Errorf("want the repository, the tests and the initial version, got %v %v", got, diags)
	}
}
