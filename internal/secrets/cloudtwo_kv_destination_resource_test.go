package secrets_test

import (
	"context"
	"fmt"
	"path/filepath"
	"testing"

	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

const cloudTwoAddr = "stack_secrets_sync_cloudtwo_kv_destination.test"

func cloudTwoConfig(s *acctest.Secrets, name, keyVaultURI, body string) string {
	return resourceConfig(s, "cloudtwo_kv_destination", name, fmt.Sprintf(`key_vault_uri = %q
  tenant_id     = "tenant-1"
  %s`, keyVaultURI, body))
}

func TestAccCloudTwoKVDestination_lifecycle(t *testing.T) {
	s := acctest.NewSecrets(t)
	name := tfacctest.RandomWithPrefix("c2")
	typ := secretsclient.TypeCloudTwoKV
	const vault1, vault2 = "https://vault-one.vault.example", "https://vault-two.vault.example"
	updated := cloudTwoConfig(s, name, vault1, `
  client_id     = "client-2"
  client_secret = "client-secret-2"
  granularity   = "secret-key"
  custom_tags   = { team = "payments", env = "prod" }`)
	inVault2 := cloudTwoConfig(s, name, vault2, `
  client_id     = "client-2"
  client_secret = "client-secret-2"`)
	replaces := resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(cloudTwoAddr, plancheck.ResourceActionDestroyBeforeCreate)}}

	check.Lifecycle[*secretsclient.Client]{
		Service: s, Client: s.Client, Address: cloudTwoAddr, IDAttribute: "name",
		CheckDestroy: destinationGone(t, s, typ, name),
		PlanErrors:   cloudTwoPlanErrors(s, tfacctest.RandomWithPrefix("c2-invalid")),
		Create: check.Step{
			Config: cloudTwoConfig(s, name, vault1, `
  client_id     = "client-1"
  client_secret = "client-secret-1"
  custom_tags   = { team = "payments" }`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(cloudTwoAddr, check.Path("name"), check.Str(name)),
				statecheck.ExpectKnownValue(cloudTwoAddr, check.Path("key_vault_uri"), check.Str(vault1)),
				statecheck.ExpectKnownValue(cloudTwoAddr, check.Path("client_id"), check.Str("client-1")),
				statecheck.ExpectKnownValue(cloudTwoAddr, check.Path("tenant_id"), check.Str("tenant-1")),
				statecheck.ExpectKnownValue(cloudTwoAddr, check.Path("cloud"), check.Str("cloud")),
				statecheck.ExpectKnownValue(cloudTwoAddr, check.Path("granularity"), check.Str("secret-path")),
				statecheck.ExpectKnownValue(cloudTwoAddr, check.Path("secret_name_template"), check.Str(defaultTemplateCloudTwo)),
				// The service shows the secret obfuscated: state keeps it as configured.
				statecheck.ExpectKnownValue(cloudTwoAddr, check.Path("client_secret"), check.Str("client-secret-1")),
				statecheck.ExpectKnownValue(cloudTwoAddr, check.Path("custom_tags"), knownvalue.MapExact(map[string]knownvalue.Check{"team": check.Str("payments")})),
			},
			Check: checkDestination(t, s, typ, name, func(d *secretsclient.Destination) error {
				if d.Options.CustomTags["team"] != "payments" {
					return fmt.Errorf("custom tags on the server: %v", d.Options.CustomTags)
				}
				return destDetailsAre(d, map[string]any{
					"key_vault_uri": vault1,
					"client_id":     "client-1",
					"client_secret": destObfuscated,
					"tenant_id":     "tenant-1",
					"cloud":         "cloud",
				}, "secret-path")
			}),
		},
		Update: check.Step{
			Config: updated,
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(cloudTwoAddr, check.Path("client_id"), check.Str("client-2")),
				statecheck.ExpectKnownValue(cloudTwoAddr, check.Path("client_secret"), check.Str("client-secret-2")),
				statecheck.ExpectKnownValue(cloudTwoAddr, check.Path("granularity"), check.Str("secret-key")),
			},
			Check: checkDestination(t, s, typ, name, func(d *secretsclient.Destination) error {
				if d.Options.CustomTags["env"] != "prod" {
					return fmt.Errorf("custom tags on the server: %v", d.Options.CustomTags)
				}
				return destDetailsAre(d, map[string]any{"key_vault_uri": vault1, "client_id": "client-2"}, "secret-key")
			}),
		},
		Imports: []check.ImportID{{ID: func(string) string { return name }, Ignore: []string{"client_secret"}}},
		// A change made outside Terraform shows as drift and is reverted.
		OutOfBandChange: check.Change[*secretsclient.Client]{
			Do: func(ctx context.Context, c *secretsclient.Client, _ string) error {
				_, _, err := c.WriteDestination(ctx, name, secretsclient.CloudTwoKVDestination{
					DestinationOptions: secretsclient.DestinationOptions{Granularity: secretsclient.GranularitySecretKey, CustomTags: map[string]string{"team": "payments", "env": "prod"}},
					KeyVaultURI:        vault1,
					ClientID:           "client-elsewhere",
					ClientSecret:       "client-secret-2",
					TenantID:           "tenant-1",
				})
				return err
			},
			Step: check.Step{
				Config: updated,
				Check:  destinationIs(t, s, typ, name, map[string]any{"client_id": "client-2"}, "secret-key"),
			},
		},
		OutOfBandDelete: check.Change[*secretsclient.Client]{
			Do: deletedElsewhere(typ, name),
			Step: check.Step{
				Config: updated,
				Check:  destinationIs(t, s, typ, name, map[string]any{"key_vault_uri": vault1, "client_secret": destObfuscated}, "secret-key"),
			},
		},
		// The key vault is create-only.
		Replace: check.Step{
			Config: inVault2,
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(cloudTwoAddr, check.Path("key_vault_uri"), check.Str(vault2)),
				statecheck.ExpectKnownValue(cloudTwoAddr, check.Path("custom_tags"), knownvalue.Null()),
				statecheck.ExpectKnownValue(cloudTwoAddr, check.Path("granularity"), check.Str("secret-path")),
			},
			Check: checkDestination(t, s, typ, name, func(d *secretsclient.Destination) error {
				if len(d.Options.CustomTags) != 0 {
					return fmt.Errorf("custom tags on the server: %v", d.Options.CustomTags)
				}
				return destDetailsAre(d, map[string]any{"key_vault_uri": vault2, "client_id": "client-2"}, "secret-path")
			}),
			Then: []resource.TestStep{
				{
					// So is the cloud.
					Config: cloudTwoConfig(s, name, vault2, `
  client_id     = "client-2"
  client_secret = "client-secret-2"
  cloud         = "gov-cloud"`),
					ConfigPlanChecks: replaces,
					ConfigStateChecks: []statecheck.StateCheck{
						statecheck.ExpectKnownValue(cloudTwoAddr, check.Path("cloud"), check.Str("gov-cloud")),
					},
					Check: destinationIs(t, s, typ, name, map[string]any{"cloud": "gov-cloud"}, ""),
				},
				check.ImportByName(cloudTwoAddr, name, "client_secret"),
				{
					// Removing the cloud returns to the default, which the
					// service cannot change in place either.
					Config:           inVault2,
					ConfigPlanChecks: replaces,
					Check:            destinationIs(t, s, typ, name, map[string]any{"cloud": "cloud"}, ""),
				},
			},
		},
	}.Run(t)
}

// The client secret given write-only never enters the state, and is sent
// again when its version changes (writeOnlySecret), and with every update,
// since an update sends the whole object.
func TestAccCloudTwoKVDestination_writeOnlyClientSecret(t *testing.T) {
	statePath := filepath.Join(t.TempDir(), "emulator.json")
	s := acctest.NewSecretsEmulator(t, emulator.Options{StatePath: statePath})
	name := tfacctest.RandomWithPrefix("c2-wo")
	typ := secretsclient.TypeCloudTwoKV
	config := func(clientID, secret string, version int) string {
		return cloudTwoConfig(s, name, "https://vault-wo.vault.example", fmt.Sprintf(`
  client_id                = %q
  client_secret_wo         = %q
  client_secret_wo_version = %d`, clientID, secret, version))
	}
	secret := writeOnlySecret{
		addr: cloudTwoAddr, typ: typ, name: name, attr: "client_secret", values: [2]string{"wo-secret-1", "wo-secret-2"},
		config: func(secret string, version int) string { return config("client-1", secret, version) },
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             destinationGone(t, s, typ, name),
		Steps: append(secret.steps(t, s, statePath), resource.TestStep{
			// The update sends the whole object, so the secret goes
			// again when only another attribute changes: the service
			// still holds it.
			Config: config("client-2", "wo-secret-2", 2),
			ConfigPlanChecks: resource.ConfigPlanChecks{
				PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(cloudTwoAddr, plancheck.ResourceActionUpdate)},
			},
			Check: resource.ComposeAggregateTestCheckFunc(
				destStoredSecretsAre(t, s, statePath, typ, name, map[string]string{"client_secret": "wo-secret-2", "client_id": "client-2"}),
				destWrites(s, typ, 3),
			),
		}),
	})
}

// cloudTwoPlanErrors are the destination's plan-time errors, for a
// destination named name.
func cloudTwoPlanErrors(s *acctest.Secrets, name string) []check.PlanError {
	const vault = "https://vault.vault.example"
	return []check.PlanError{
		{Config: cloudTwoConfig(s, name, vault, `client_id = "c"`), Want: check.Literal(`client_secret or client_secret_wo is required for a cloudtwo-kv destination.`)},
		{Config: cloudTwoConfig(s, name, vault, `
  client_id        = "c"
  client_secret    = "a"
  client_secret_wo = "b"`), Want: check.Literal(`Attribute "client_secret_wo" cannot be specified when "client_secret" is specified`)},
		{Config: cloudTwoConfig(s, name, vault, `
  client_id                = "c"
  client_secret            = "a"
  client_secret_wo_version = 1`), Want: check.Literal(`Attribute "client_secret_wo" must be specified when "client_secret_wo_version" is specified`)},
		{Config: cloudTwoConfig(s, name, "", `
  client_id     = "c"
  client_secret = "a"`), Want: check.Literal(`Attribute key_vault_uri string length must be at least 1, got: 0`)},
		{Config: cloudTwoConfig(s, name, vault, `
  client_id     = ""
  client_secret = "a"`), Want: check.Literal(`Attribute client_id string length must be at least 1, got: 0`)},
		{Config: cloudTwoConfig(s, name, vault, `
  client_id     = "c"
  client_secret = "a"
  cloud         = ""`), Want: check.Literal(`Attribute cloud string length must be at least 1, got: 0`)},
		{Config: cloudTwoConfig(s, name, vault, `client_secret = "a"`), Want: check.Literal(`The argument "client_id" is required, but no definition was found.`)},
	}
}
