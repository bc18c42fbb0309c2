package platform_test

import (
	"context"
	"fmt"
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

const wsSettingsAddr = "stack_platform_workspace_settings.test"

// wsSettingsConfig is two workspaces, producer and consumer, and the
// producer's settings with body.
func wsSettingsConfig(p *acctest.Platform, body string) string {
	return p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_workspace" "producer" {
  name = "producer"
}

resource "stack_platform_workspace" "consumer" {
  name = "consumer"
}

resource "stack_platform_workspace_settings" "test" {
  workspace_id = stack_platform_workspace.producer.id
  %s
}
`, body)
}

// wsSettingsForeignConfig is wsSettingsConfig with a third workspace,
// foreign, in the organization other.
func wsSettingsForeignConfig(p *acctest.Platform, other, body string) string {
	return wsSettingsConfig(p, body) + fmt.Sprintf(`
resource "stack_platform_workspace" "foreign" {
  organization = %q
  name         = "foreign"
}
`, other)
}

// wsSettingsAre checks the producer's settings on the platform.
func wsSettingsAre(t *testing.T, p *acctest.Platform, mode string, global bool, consumers ...string) resource.TestCheckFunc {
	return func(*terraform.State) error {
		return producerSettingsAre(t, p, mode, mode != "remote", global, consumers...)
	}
}

// producerSettingsAre checks the settings of the workspace named producer
// on the platform: its execution mode, whether it is its own (own), its
// global access and the names of its configured consumers.
func producerSettingsAre(t *testing.T, p *acctest.Platform, mode string, own, global bool, consumers ...string) error {
	c := p.Client(t)
	ws, err := c.Workspaces.Read(context.Background(), p.Organization, "producer", platformclient.WorkspaceReadOptions{})
	if err != nil {
		return err
	}
	l, err := c.Workspaces.ListRemoteStateConsumers(context.Background(), ws.ID)
	if err != nil {
		return err
	}
	var got []string
	for _, w := range l.Items {
		got = append(got, w.Name)
	}
	return check.Differences(map[string]any{
		"execution_mode": ws.ExecutionMode, "global": ws.GlobalRemoteState, "consumers": got,
		"own mode": ws.SettingOverwrites != nil && *ws.SettingOverwrites.ExecutionMode,
	}, map[string]any{"execution_mode": mode, "global": global, "consumers": consumers, "own mode": own})
}

// serverHas is a step's PreConfig that checks the producer's settings
// on the platform, for steps after a failed apply, whose checks do not run.
func serverHas(t *testing.T, p *acctest.Platform, mode string, own, global bool, consumers ...string) func() {
	return func() {
		t.Helper()
		if err := producerSettingsAre(t, p, mode, own, global, consumers...); err != nil {
			t.Fatalf("the platform: %v", err)
		}
	}
}

func TestAccWorkspaceSettings_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: wsSettingsAddr,
		PlanErrors: wsSettingsPlanErrors(p),
		Create: check.Step{
			Config: wsSettingsConfig(p, `
  execution_mode            = "local"
  remote_state_consumer_ids = [stack_platform_workspace.consumer.id]`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(wsSettingsAddr, check.Path("execution_mode"), check.Str("local")),
				statecheck.ExpectKnownValue(wsSettingsAddr, check.Path("agent_pool_id"), knownvalue.Null()),
				statecheck.ExpectKnownValue(wsSettingsAddr, check.Path("global_remote_state"), knownvalue.Bool(false)),
				statecheck.ExpectKnownValue(wsSettingsAddr, check.Path("remote_state_consumer_ids"), knownvalue.SetSizeExact(1)),
			},
			Check: wsSettingsAre(t, p, "local", false, "consumer"),
		},
		Update: check.Step{
			// Inherited again, global access, no consumers.
			Config: wsSettingsConfig(p, `
  global_remote_state       = true
  remote_state_consumer_ids = []`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(wsSettingsAddr, check.Path("execution_mode"), check.Str("remote")),
			},
			Check: wsSettingsAre(t, p, "remote", true),
			Then: []resource.TestStep{
				{
					Config: wsSettingsConfig(p, `
  global_remote_state       = true
  remote_state_consumer_ids = []`),
					PlanOnly: true,
				},
			},
		},
		Imports: []check.ImportID{
			{ID: func(string) string { return p.Organization + "/producer" }},
		},
		// Changed outside Terraform: planned back.
		OutOfBandChange: check.Change[*platformclient.Client]{
			Do: func(ctx context.Context, c *platformclient.Client, _ string) error {
				l, err := c.Workspaces.List(ctx, p.Organization, platformclient.WorkspaceListOptions{Search: "producer"})
				if err != nil {
					return err
				}
				if len(l.Items) != 1 {
					return fmt.Errorf("found %d workspaces named like producer, want 1", len(l.Items))
				}
				_, err = c.Workspaces.Update(ctx, l.Items[0].ID, platformclient.WorkspaceOptions{
					GlobalRemoteState: check.Ptr(false), ExecutionMode: check.Ptr("local"),
				})
				return err
			},
			Step: check.Step{
				Config: wsSettingsConfig(p, `
  global_remote_state       = true
  remote_state_consumer_ids = []`),
				Check: wsSettingsAre(t, p, "remote", true),
				Then: []resource.TestStep{
					{
						// A destroy of the settings alone gives the workspace its
						// defaults back.
						Config: wsSettingsConfig(p, `execution_mode = "local"
  remote_state_consumer_ids = [stack_platform_workspace.consumer.id]`),
						Check: wsSettingsAre(t, p, "local", false, "consumer"),
					},
					{
						Config: p.ProviderConfig() + `
resource "stack_platform_workspace" "producer" {
  name = "producer"
}

resource "stack_platform_workspace" "consumer" {
  name = "consumer"
}
`,
						Check: wsSettingsAre(t, p, "remote", false),
					},
				},
			},
		},
	}.Run(t)
}

// wsSettingsPlanErrors are the plan-time errors of the settings.
func wsSettingsPlanErrors(p *acctest.Platform) []check.PlanError {
	one := func(body string) string {
		return p.ProviderConfig() + "resource \"stack_platform_workspace_settings\" \"test\" {\n" + body + "\n}\n"
	}
	return []check.PlanError{
		{Config: one(`workspace_id = "producer"`),
			Want: check.Literal(`workspace_id must be the ID of a workspace: ws- and 16 characters of the base58 alphabet, got "producer".`)},
		{Config: one("workspace_id = \"ws-4pW7hPwDJ1fY3gSC\"\nexecution_mode = \"cloud\""),
			Want: check.Wrapped(`Attribute execution_mode value must be one of: \["remote" "local" "agent"\], got: "cloud"`)},
		{Config: one("workspace_id = \"ws-4pW7hPwDJ1fY3gSC\"\nagent_pool_id = \"apool-4pW7hPwDJ1fY3gSC\""),
			Want: check.Literal(`agent_pool_id can only be set with execution_mode = "agent".`)},
		{Config: one("workspace_id = \"ws-4pW7hPwDJ1fY3gSC\"\nexecution_mode = \"agent\""),
			Want: check.Literal(`execution_mode = "agent" needs agent_pool_id, the pool whose agents run the workspace's runs.`)},
		{Config: one("workspace_id = \"ws-4pW7hPwDJ1fY3gSC\"\nremote_state_consumer_ids = [\"consumer\"]"),
			Want: check.Literal(`must be the ID of a workspace: ws- and 16 characters of the base58 alphabet, got "consumer".`)},
		// A workspace's name is not its ID.
		{Config: one("workspace_id = \"ws-4pW7hPwDJ1fY3gSC\"\nremote_state_consumer_ids = [\"ws-5pW7hPwDJ1fY3gSC\", \"my-ws\"]"),
			Want: check.Literal(`must be the ID of a workspace: ws- and 16 characters of the base58 alphabet, got "my-ws".`)},
	}
}

// The platform refuses a consumer of another organization after the
// create has set the other settings: the state saves what the workspace
// now has, tainted, so that the next plan replaces the settings, and
// removing them gives the workspace back its defaults.
func TestAccWorkspaceSettings_consumerRefusedOnCreate(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	config := wsSettingsForeignConfig(p, other, `
  execution_mode            = "local"
  global_remote_state       = true
  remote_state_consumer_ids = [stack_platform_workspace.foreign.id]`)
	var producer string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectKnownValue(wsSettingsAddr, check.Path("agent_pool_id"), knownvalue.Null())},
				},
				ExpectError: check.Wrapped(`Cannot create the workspace settings: partly applied .*` +
					`The create changed the server before it failed: the workspace ws-\w+ now has execution_mode "local", no agent pool and global_remote_state = true\. ` +
					`The request for remote_state_consumer_ids then failed, so that part is not done\. .*` +
					`Terraform marks the resource tainted.*PATCH http://\S+/api/v2/workspaces/ws-\w+/relationships/remote-state-consumers: 422 .*not a workspace of this organization`),
			},
			{
				PreConfig: func() {
					serverHas(t, p, "local", true, true)()
					ws, err := p.Client(t).Workspaces.Read(context.Background(), p.Organization, "producer", platformclient.WorkspaceReadOptions{})
					if err != nil {
						t.Fatal(err)
					}
					producer = ws.ID
				},
				Config:             config,
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
				ConfigPlanChecks: acctest.PlansFromSaved(wsSettingsAddr, plancheck.ResourceActionReplace, func() map[string]any {
					return map[string]any{
						"tainted": true, "id": producer, "workspace_id": producer, "execution_mode": "local", "agent_pool_id": nil,
						"global_remote_state": true, "remote_state_consumer_ids": nil,
					}
				}),
			},
			{
				// Removed, the settings give the workspace its defaults
				// back.
				Config: p.ProviderConfig() + fmt.Sprintf(`
resource "stack_platform_workspace" "producer" {
  name = "producer"
}

resource "stack_platform_workspace" "consumer" {
  name = "consumer"
}

resource "stack_platform_workspace" "foreign" {
  organization = %q
  name         = "foreign"
}
`, other),
				Check: wsSettingsAre(t, p, "remote", false),
			},
		},
	})
}

// On update, the refused consumers leave the other settings applied and
// saved, and the consumers as they were: the next plan shows only them.
func TestAccWorkspaceSettings_consumerRefusedOnUpdate(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	var consumer string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: wsSettingsForeignConfig(p, other, `
  execution_mode            = "local"
  remote_state_consumer_ids = [stack_platform_workspace.consumer.id]`),
				Check: resource.ComposeTestCheckFunc(
					wsSettingsAre(t, p, "local", false, "consumer"),
					func(s *terraform.State) (err error) {
						consumer, err = check.StateValue(s, "stack_platform_workspace.consumer", "id")
						return err
					}),
			},
			{
				Config: wsSettingsForeignConfig(p, other, `
  execution_mode            = "remote"
  global_remote_state       = true
  remote_state_consumer_ids = [stack_platform_workspace.foreign.id]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(wsSettingsAddr, plancheck.ResourceActionUpdate),
						// Remote execution has no pool: known at plan.
						plancheck.ExpectKnownValue(wsSettingsAddr, check.Path("agent_pool_id"), knownvalue.Null()),
					},
				},
				ExpectError: check.Wrapped(`Cannot update the workspace settings: partly applied .*` +
					`The update changed the server before it failed: the workspace ws-\w+ now has execution_mode "remote", no agent pool and global_remote_state = true\. ` +
					`The request for remote_state_consumer_ids then failed, so that part is not done\. .*` +
					`the next plan shows what is left to apply\..*422 .*not a workspace of this organization`),
			},
			{
				PreConfig: serverHas(t, p, "remote", true, true, "consumer"),
				Config: wsSettingsForeignConfig(p, other, `
  execution_mode            = "remote"
  global_remote_state       = true
  remote_state_consumer_ids = [stack_platform_workspace.foreign.id]`),
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
				ConfigPlanChecks: acctest.PlansFromSaved(wsSettingsAddr, plancheck.ResourceActionUpdate, func() map[string]any {
					return map[string]any{
						"tainted": false, "execution_mode": "remote", "agent_pool_id": nil,
						"global_remote_state": true, "remote_state_consumer_ids": []string{consumer},
					}
				}),
			},
			{
				Config: wsSettingsForeignConfig(p, other, `
  execution_mode            = "remote"
  global_remote_state       = true
  remote_state_consumer_ids = []`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(wsSettingsAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(wsSettingsAddr, check.Path("agent_pool_id"), knownvalue.Null()),
					},
				},
				Check: func(*terraform.State) error { return producerSettingsAre(t, p, "remote", true, true) },
			},
		},
	})
}

// A create that leaves the consumers out reads them after setting the
// rest: when the read fails, the settings are saved, consumers unknown
// (null), and the next plan replaces them.
func TestAccWorkspaceSettings_consumersReadFailsOnCreate(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	config := strings.Replace(wsSettingsConfig(p, `execution_mode = "local"`), p.ProviderConfig(), noRetries(p), 1)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				PreConfig:   func() { p.Emulator.FailNext("GET /api/v2/workspaces/{id}/relationships/remote-state-consumers", 1) },
				Config:      config,
				ExpectError: check.Wrapped(`Cannot create the workspace settings: partly applied .*execution_mode "local", no agent pool and global_remote_state = false\. The request for remote_state_consumer_ids then failed`),
			},
			{
				PreConfig:          serverHas(t, p, "local", true, false),
				Config:             config,
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
				ConfigPlanChecks: acctest.PlansFromSaved(wsSettingsAddr, plancheck.ResourceActionReplace, func() map[string]any {
					return map[string]any{"tainted": true, "execution_mode": "local", "global_remote_state": false, "remote_state_consumer_ids": nil}
				}),
			},
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(wsSettingsAddr, check.Path("remote_state_consumer_ids"), knownvalue.SetSizeExact(0)),
				},
				Check: wsSettingsAre(t, p, "local", false),
			},
		},
	})
}

// The workspace's SSH key: assigned with the settings, seen when changed
// outside Terraform and set back, unassigned when the configuration
// removes it, imported with the rest.
func TestAccWorkspaceSettings_sshKey(t *testing.T) {
	p := acctest.NewPlatform(t)
	config := func(body string) string {
		return wsSettingsConfig(p, body) + `
resource "stack_platform_ssh_key" "deploy" {
  name = "deploy"
  key  = "-----BEGIN OPENSSH PRIVATE KEY-----\ntest\n-----END OPENSSH PRIVATE KEY-----\n"
}
`
	}
	withKey := config(`ssh_key_id = stack_platform_ssh_key.deploy.id`)
	// keyIs checks the producer's SSH key on the platform: that of the
	// resource deploy, or none.
	keyIs := func(assigned bool) resource.TestCheckFunc {
		return func(s *terraform.State) error {
			ws, err := p.Client(t).Workspaces.Read(context.Background(), p.Organization, "producer", platformclient.WorkspaceReadOptions{})
			if err != nil {
				return err
			}
			got := ""
			if ws.SSHKey != nil {
				got = ws.SSHKey.ID
			}
			want := ""
			if assigned {
				want, _ = check.StateValue(s, "stack_platform_ssh_key.deploy", "id")
			}
			return check.Differences(map[string]any{"ssh key": got}, map[string]any{"ssh key": want})
		}
	}
	action := func(a plancheck.ResourceActionType) resource.ConfigPlanChecks {
		return resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(wsSettingsAddr, a)}}
	}
	var wsID string
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				// The workspace data source shows the key too.
				Config: withKey + `
data "stack_platform_workspace" "producer" {
  id = stack_platform_workspace_settings.test.id
}
`,
				Check: resource.ComposeTestCheckFunc(keyIs(true), check.IDKept(wsSettingsAddr, &wsID),
					resource.TestCheckResourceAttrPair(wsSettingsAddr, "ssh_key_id", "stack_platform_ssh_key.deploy", "id"),
					resource.TestCheckResourceAttrPair("data.stack_platform_workspace.producer", "ssh_key_id", "stack_platform_ssh_key.deploy", "id")),
			},
			{ResourceName: wsSettingsAddr, ImportState: true, ImportStateVerify: true},
			{
				PreConfig: func() {
					if _, err := p.Client(t).Workspaces.UnassignSSHKey(context.Background(), wsID); err != nil {
						t.Fatal(err)
					}
				},
				Config: withKey, ConfigPlanChecks: action(plancheck.ResourceActionUpdate), Check: keyIs(true),
			},
			{
				Config: config(""), ConfigPlanChecks: action(plancheck.ResourceActionUpdate), Check: keyIs(false),
				ConfigStateChecks: stateIs(wsSettingsAddr, map[string]knownvalue.Check{"ssh_key_id": knownvalue.Null()}),
			},
			{Config: withKey, Check: keyIs(true)},
			// A destroy of the settings unassigns the key.
			{Config: p.ProviderConfig() + `
resource "stack_platform_workspace" "producer" {
  name = "producer"
}

resource "stack_platform_workspace" "consumer" {
  name = "consumer"
}

resource "stack_platform_ssh_key" "deploy" {
  name = "deploy"
  key  = "-----BEGIN OPENSSH PRIVATE KEY-----\ntest\n-----END OPENSSH PRIVATE KEY-----\n"
}
`, Check: keyIs(false)},
		},
	})
}

// The platform refuses an SSH key of another organization once the update
// has set the other settings: the state saves them, the error names
// ssh_key_id, and the next plan shows only the key.
func TestAccWorkspaceSettings_sshKeyRefusedOnUpdate(t *testing.T) {
	p := acctest.NewPlatform(t)
	other := p.NewOrganization(t)
	foreign, err := p.Client(t).SSHKeys.Create(context.Background(), other, platformclient.SSHKeyOptions{
		Name: check.Ptr("foreign"), Value: check.Ptr(testKeyA),
	})
	if err != nil {
		t.Fatal(err)
	}
	refused := wsSettingsConfig(p, fmt.Sprintf(`global_remote_state = true
  ssh_key_id          = %q`, foreign.ID))
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: wsSettingsConfig(p, `execution_mode = "local"`), Check: wsSettingsAre(t, p, "local", false)},
			{
				Config: refused,
				ExpectError: check.Wrapped(`Cannot update the workspace settings: partly applied .*` +
					`the workspace ws-\w+ now has execution_mode "remote", no agent pool and global_remote_state = true\. ` +
					`The request for ssh_key_id then failed, so that part is not done\. .*` +
					`PATCH http://\S+/api/v2/workspaces/ws-\w+/relationships/ssh-key: (404|422)`),
			},
			{
				PreConfig:          serverHas(t, p, "remote", false, true),
				Config:             refused,
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PostApplyPreRefresh: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(wsSettingsAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(wsSettingsAddr, check.Path("ssh_key_id"), check.Str(foreign.ID)),
					},
				},
			},
		},
	})
}
