package secrets_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emusecrets "github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

const syncConfigAddr = "stack_secrets_sync_config.this"

func syncConfig(provider string, body string) string {
	return provider + fmt.Sprintf(`
resource "stack_secrets_sync_config" "this" {
  %s
}
`, body)
}

func configIs(t *testing.T, s *acctest.Secrets, disabled bool, capacity int) resource.TestCheckFunc {
	return func(*terraform.State) error {
		c, _, err := s.Client(t).ReadSyncConfig(context.Background())
		if err != nil {
			return err
		}
		if c.Disabled != disabled || c.QueueCapacity != capacity {
			return fmt.Errorf("the service holds disabled=%t queue_capacity=%d, want %t and %d", c.Disabled, c.QueueCapacity, disabled, capacity)
		}
		return nil
	}
}

// The sync configuration is one per server, so these tests use an emulator
// of their own even when a real server is configured.
func TestAccSyncConfig_lifecycle(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{})
	check.Lifecycle[*secretsclient.Client]{
		Service: s, Client: s.Client, Address: syncConfigAddr,
		// Destroy gives the service its defaults back.
		CheckDestroy: configIs(t, s, false, 1_000_000),
		PlanErrors: []check.PlanError{
			{Config: syncConfig(s.ProviderConfig(), `queue_capacity = 0`), Want: regexp.MustCompile(`Attribute queue_capacity value must be at least 1, got: 0`)},
		},
		Create: check.Step{
			Config: syncConfig(s.ProviderConfig(), `disabled = true`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(syncConfigAddr, check.Path("id"), check.Str("config")),
				statecheck.ExpectKnownValue(syncConfigAddr, check.Path("disabled"), knownvalue.Bool(true)),
				statecheck.ExpectKnownValue(syncConfigAddr, check.Path("queue_capacity"), knownvalue.Int64Exact(1_000_000)),
			},
			Check: configIs(t, s, true, 1_000_000),
		},
		Update: check.Step{
			Config: syncConfig(s.ProviderConfig(), `queue_capacity = 500`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(syncConfigAddr, check.Path("disabled"), knownvalue.Bool(false)),
				statecheck.ExpectKnownValue(syncConfigAddr, check.Path("queue_capacity"), knownvalue.Int64Exact(500)),
			},
			Check: configIs(t, s, false, 500),
			Then: []resource.TestStep{
				{
					ResourceName:  syncConfigAddr,
					ImportState:   true,
					ImportStateId: "settings",
					ExpectError:   regexp.MustCompile(`The import ID of the sync configuration, a singleton, is "config";\s+got\s+"settings"`),
				},
			},
		},
		Imports: []check.ImportID{
			{ID: func(string) string { return "config" }},
		},
		// A change made elsewhere shows as drift and is reverted.
		OutOfBandChange: check.Change[*secretsclient.Client]{
			Do: func(ctx context.Context, c *secretsclient.Client, _ string) error {
				on := true
				_, _, err := c.PatchSyncConfig(ctx, secretsclient.SyncConfigPatch{Disabled: &on})
				return err
			},
			Step: check.Step{
				Config: syncConfig(s.ProviderConfig(), `queue_capacity = 500`),
				Check:  configIs(t, s, false, 500),
			},
		},
	}.Run(t)
}

func TestAccSyncConfig_onlyInRootOrAdminNamespace(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      syncConfig(s.ProviderConfigInNamespace("team-a"), `disabled = true`),
				ExpectError: regexp.MustCompile(`(?s)PATCH\s+http://\S+/v1/sys/sync/config:\s+400\s+Bad\s+Request:.*namespace "team-a"`),
			},
			{
				Config: syncConfig(s.ProviderConfigInNamespace("admin"), `disabled = true`),
				Check:  configIs(t, s, true, 1_000_000),
			},
		},
	})
}

// Without the enterprise license every resource and data source fails
// with the service's message, at the first request it makes.
func TestAccSecrets_enterpriseLicenseRequired(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{Secrets: emusecrets.Options{NoLicense: true}})
	key := newTestKey(t, false)
	cases := []struct{ config, request string }{
		{syncConfig(s.ProviderConfig(), `disabled = true`), "PATCH " + s.URL + "/v1/sys/sync/config"},
		{cloudOneConfig(s, "unlicensed", "us-east-1", ""), "GET " + s.URL + "/v1/sys/sync/destinations/cloudone-sm/unlicensed"},
		{appConfig(s, "unlicensed", appWithKey(1, key)), "GET " + s.URL + "/v1/sys/sync/codehost-apps/unlicensed"},
		{s.ProviderConfig() + `
resource "stack_secrets_sync_association" "test" {
  destination_type = "cloudone-sm"
  destination_name = "unlicensed"
  mount            = "secret"
  secret_name      = "app/key"
}
`, "POST " + s.URL + "/v1/sys/sync/destinations/cloudone-sm/unlicensed/associations/set"},
		{s.ProviderConfig() + dsDestinationConfig("test", "codehost", "unlicensed"), "GET " + s.URL + "/v1/sys/sync/destinations/codehost/unlicensed"},
		{s.ProviderConfig() + `data "stack_secrets_sync_destinations" "all" {}`, "LIST " + s.URL + "/v1/sys/sync/destinations"},
	}
	steps := make([]resource.TestStep, 0, len(cases))
	for _, c := range cases {
		steps = append(steps, resource.TestStep{Config: c.config, ExpectError: check.Literal(c.request + ": 400 Bad Request: enterprise license required")})
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps:                    steps,
	})
}

func TestAccSecrets_notConfigured(t *testing.T) {
	t.Setenv("STACK_SECRETS_ADDR", "")
	t.Setenv("STACK_SECRETS_TOKEN", "")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      syncConfig(`provider "stack" {}`, `disabled = true`),
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`Set\s+secrets.address\s+\(or\s+STACK_SECRETS_ADDR\)\s+and\s+secrets.token\s+\(or\s+STACK_SECRETS_TOKEN\)`),
		}},
	})
}
