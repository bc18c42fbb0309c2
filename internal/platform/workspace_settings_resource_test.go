package platform_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
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

// wsSettingsAre checks the producer's settings on the platform.
func wsSettingsAre(t *testing.T, p *acctest.Platform, mode string, global bool, consumers ...string) resource.TestCheckFunc {
	return func(s *terraform.State) error {
		id, err := stateValue(s, "stack_platform_workspace.producer", "id")
		if err != nil {
			return err
		}
		c := p.Client(t)
		ws, err := c.Workspaces.ReadByID(context.Background(), id, platformclient.WorkspaceReadOptions{})
		if err != nil {
			return err
		}
		var got []string
		if !ws.GlobalRemoteState {
			l, err := c.Workspaces.ListRemoteStateConsumers(context.Background(), id)
			if err != nil {
				return err
			}
			for _, w := range l.Items {
				got = append(got, w.Name)
			}
		}
		return differences(map[string]any{
			"execution_mode": ws.ExecutionMode, "global": ws.GlobalRemoteState, "consumers": got,
			"own mode": ws.SettingOverwrites != nil && *ws.SettingOverwrites.ExecutionMode,
		}, map[string]any{"execution_mode": mode, "global": global, "consumers": consumers, "own mode": mode != "remote"})
	}
}

func TestAccWorkspaceSettings_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: wsSettingsConfig(p, `
  execution_mode            = "local"
  remote_state_consumer_ids = [stack_platform_workspace.consumer.id]`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(wsSettingsAddr, attr("execution_mode"), str("local")),
					statecheck.ExpectKnownValue(wsSettingsAddr, attr("agent_pool_id"), knownvalue.Null()),
					statecheck.ExpectKnownValue(wsSettingsAddr, attr("global_remote_state"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(wsSettingsAddr, attr("remote_state_consumer_ids"), knownvalue.SetSizeExact(1)),
				},
				Check: wsSettingsAre(t, p, "local", false, "consumer"),
			},
			{
				// Inherited again, global access, no consumers.
				Config: wsSettingsConfig(p, `
  global_remote_state       = true
  remote_state_consumer_ids = []`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(wsSettingsAddr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(wsSettingsAddr, attr("execution_mode"), str("remote")),
				},
				Check: wsSettingsAre(t, p, "remote", true),
			},
			{
				Config: wsSettingsConfig(p, `
  global_remote_state       = true
  remote_state_consumer_ids = []`),
				PlanOnly: true,
			},
			{
				ResourceName: wsSettingsAddr,
				ImportState:  true,
				ImportStateIdFunc: func(s *terraform.State) (string, error) {
					return p.Organization + "/producer", nil
				},
				ImportStateVerify: true,
			},
			{
				// Changed outside Terraform: planned back.
				PreConfig: outOfBand(t, p, func(ctx context.Context, c *platformclient.Client) error {
					l, err := c.Workspaces.List(ctx, p.Organization, platformclient.WorkspaceListOptions{Search: "producer"})
					if err != nil {
						return err
					}
					if len(l.Items) != 1 {
						return fmt.Errorf("found %d workspaces named like producer, want 1", len(l.Items))
					}
					_, err = c.Workspaces.Update(ctx, l.Items[0].ID, platformclient.WorkspaceUpdateOptions{
						GlobalRemoteState: ptr(false), ExecutionMode: ptr("local"),
					})
					return err
				}),
				Config: wsSettingsConfig(p, `
  global_remote_state       = true
  remote_state_consumer_ids = []`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(wsSettingsAddr, plancheck.ResourceActionUpdate)},
				},
				Check: wsSettingsAre(t, p, "remote", true),
			},
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
	})
}

func TestAccWorkspaceSettings_planErrors(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	one := func(body string) string {
		return p.ProviderConfig() + "resource \"stack_platform_workspace_settings\" \"test\" {\n" + body + "\n}\n"
	}
	testPlanErrors(t, p, []planErrorCase{
		{one(`workspace_id = "producer"`),
			literal(`workspace_id must be the ID of a workspace: ws- and 16 characters of the base58 alphabet, got "producer".`)},
		{one("workspace_id = \"ws-4pW7hPwDJ1fY3gSC\"\nexecution_mode = \"cloud\""),
			wrapped(`Attribute execution_mode value must be one of: \["remote" "local" "agent"\], got: "cloud"`)},
		{one("workspace_id = \"ws-4pW7hPwDJ1fY3gSC\"\nagent_pool_id = \"apool-4pW7hPwDJ1fY3gSC\""),
			literal(`agent_pool_id can only be set with execution_mode = "agent".`)},
		{one("workspace_id = \"ws-4pW7hPwDJ1fY3gSC\"\nexecution_mode = \"agent\""),
			literal(`execution_mode = "agent" needs agent_pool_id, the pool whose agents run the workspace's runs.`)},
		{one("workspace_id = \"ws-4pW7hPwDJ1fY3gSC\"\nremote_state_consumer_ids = [\"consumer\"]"),
			literal(`must be the ID of a workspace: ws- and 16 characters of the base58 alphabet, got "consumer".`)},
	})
}
