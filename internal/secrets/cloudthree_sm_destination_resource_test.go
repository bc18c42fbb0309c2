package secrets_test

import (
	"context"
	"fmt"
	"path/filepath"
	"regexp"
	"testing"

	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

const cloudThreeAddr = "stack_secrets_sync_cloudthree_sm_destination.test"

// cloudThreeCredentials is a credentials document as the cloud issues it,
// in HCL heredoc form.
const cloudThreeCredentials = `<<-EOT
    {"type": "service_account", "project_id": "from-credentials", "private_key_id": "k1"}
  EOT`

func cloudThreeConfig(s *acctest.Secrets, name, body string) string {
	return resourceConfig(s, "cloudthree_sm_destination", name, body)
}

func TestAccCloudThreeSMDestination_lifecycle(t *testing.T) {
	s := acctest.NewSecrets(t)
	name := tfacctest.RandomWithPrefix("c3")
	renamed := name + "-renamed"
	typ := secretsclient.TypeCloudThreeSM
	updated := cloudThreeConfig(s, name, `
  credentials           = "@/etc/sync/credentials.json"
  replication_locations = ["asia-east1"]
  locational_kms_keys   = { "asia-east1" = "projects/p/locations/asia-east1/keyRings/r/cryptoKeys/k2" }
  secret_name_template  = "synced_{{ .SecretPath }}"`)

	check.Lifecycle[*secretsclient.Client]{
		Service: s, Client: s.Client, Address: cloudThreeAddr, IDAttribute: "name",
		CheckDestroy: resource.ComposeAggregateTestCheckFunc(
			destinationGone(t, s, typ, name),
			destinationGone(t, s, typ, renamed),
		),
		PlanErrors: cloudThreePlanErrors(s, tfacctest.RandomWithPrefix("c3-invalid")),
		Create: check.Step{
			Config: cloudThreeConfig(s, name, `
  credentials           = `+cloudThreeCredentials+`
  project_id            = "project-1"
  replication_locations = ["us-east1", "europe-west1"]
  locational_kms_keys   = { "us-east1" = "projects/p/locations/us-east1/keyRings/r/cryptoKeys/k" }
  global_kms_key        = "projects/p/locations/global/keyRings/r/cryptoKeys/k"
  custom_tags           = { team = "data" }`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(cloudThreeAddr, check.Path("name"), check.Str(name)),
				statecheck.ExpectKnownValue(cloudThreeAddr, check.Path("project_id"), check.Str("project-1")),
				statecheck.ExpectKnownValue(cloudThreeAddr, check.Path("replication_locations"), check.StrList("us-east1", "europe-west1")),
				statecheck.ExpectKnownValue(cloudThreeAddr, check.Path("locational_kms_keys"), knownvalue.MapExact(map[string]knownvalue.Check{
					"us-east1": check.Str("projects/p/locations/us-east1/keyRings/r/cryptoKeys/k"),
				})),
				statecheck.ExpectKnownValue(cloudThreeAddr, check.Path("global_kms_key"), check.Str("projects/p/locations/global/keyRings/r/cryptoKeys/k")),
				statecheck.ExpectKnownValue(cloudThreeAddr, check.Path("granularity"), check.Str("secret-path")),
				statecheck.ExpectKnownValue(cloudThreeAddr, check.Path("secret_name_template"), check.Str(defaultTemplateCloudThree)),
				// The service shows the credentials obfuscated: state keeps them as configured.
				statecheck.ExpectKnownValue(cloudThreeAddr, check.Path("credentials"), knownvalue.StringRegexp(regexp.MustCompile(`"private_key_id": "k1"`))),
				statecheck.ExpectKnownValue(cloudThreeAddr, check.Path("custom_tags"), knownvalue.MapExact(map[string]knownvalue.Check{"team": check.Str("data")})),
			},
			Check: checkDestination(t, s, typ, name, func(d *secretsclient.Destination) error {
				if d.Options.CustomTags["team"] != "data" {
					return fmt.Errorf("custom tags on the server: %v", d.Options.CustomTags)
				}
				return destDetailsAre(d, map[string]any{
					"credentials":           destObfuscated,
					"project_id":            "project-1",
					"replication_locations": []string{"us-east1", "europe-west1"},
					"locational_kms_keys":   map[string]string{"us-east1": "projects/p/locations/us-east1/keyRings/r/cryptoKeys/k"},
					"global_kms_key":        "projects/p/locations/global/keyRings/r/cryptoKeys/k",
				}, "secret-path")
			}),
		},
		// Every parameter of the type changes in place; the update sends
		// the whole object, so what is removed is cleared.
		Update: check.Step{
			Config: updated,
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(cloudThreeAddr, check.Path("credentials"), check.Str("@/etc/sync/credentials.json")),
				statecheck.ExpectKnownValue(cloudThreeAddr, check.Path("project_id"), knownvalue.Null()),
				statecheck.ExpectKnownValue(cloudThreeAddr, check.Path("global_kms_key"), knownvalue.Null()),
				statecheck.ExpectKnownValue(cloudThreeAddr, check.Path("custom_tags"), knownvalue.Null()),
				statecheck.ExpectKnownValue(cloudThreeAddr, check.Path("replication_locations"), check.StrList("asia-east1")),
				statecheck.ExpectKnownValue(cloudThreeAddr, check.Path("secret_name_template"), check.Str("synced_{{ .SecretPath }}")),
			},
			Check: checkDestination(t, s, typ, name, func(d *secretsclient.Destination) error {
				if len(d.Options.CustomTags) != 0 || d.Options.SecretNameTemplate != "synced_{{ .SecretPath }}" {
					return fmt.Errorf("the server holds custom tags %v, template %q", d.Options.CustomTags, d.Options.SecretNameTemplate)
				}
				return destDetailsAre(d, map[string]any{
					"project_id":            "",
					"replication_locations": []string{"asia-east1"},
					"locational_kms_keys":   map[string]string{"asia-east1": "projects/p/locations/asia-east1/keyRings/r/cryptoKeys/k2"},
					"global_kms_key":        "",
				}, "secret-path")
			}),
		},
		Imports: []check.ImportID{{ID: func(string) string { return name }, Ignore: []string{"credentials"}}},
		// A change made outside Terraform shows as drift and is reverted.
		OutOfBandChange: check.Change[*secretsclient.Client]{
			Do: func(ctx context.Context, c *secretsclient.Client, _ string) error {
				_, _, err := c.WriteDestination(ctx, name, secretsclient.CloudThreeSMDestination{
					DestinationOptions:   secretsclient.DestinationOptions{SecretNameTemplate: "synced_{{ .SecretPath }}"},
					Credentials:          "@/etc/sync/credentials.json",
					ProjectID:            "project-elsewhere",
					ReplicationLocations: []string{"asia-east1", "us-west1"},
				})
				return err
			},
			Step: check.Step{
				Config: updated,
				Check: destinationIs(t, s, typ, name, map[string]any{
					"project_id":            "",
					"replication_locations": []string{"asia-east1"},
					"locational_kms_keys":   map[string]string{"asia-east1": "projects/p/locations/asia-east1/keyRings/r/cryptoKeys/k2"},
				}, ""),
			},
		},
		OutOfBandDelete: check.Change[*secretsclient.Client]{
			Do: deletedElsewhere(typ, name),
			Step: check.Step{
				Config: updated,
				Check:  destinationIs(t, s, typ, name, map[string]any{"credentials": destObfuscated, "replication_locations": []string{"asia-east1"}}, "secret-path"),
			},
		},
		// The type has no create-only parameter; the name replaces.
		Replace: check.Step{
			Config: cloudThreeConfig(s, renamed, `
  credentials           = "@/etc/sync/credentials.json"
  replication_locations = ["asia-east1"]`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(cloudThreeAddr, check.Path("name"), check.Str(renamed)),
				statecheck.ExpectKnownValue(cloudThreeAddr, check.Path("locational_kms_keys"), knownvalue.Null()),
			},
			Check: resource.ComposeAggregateTestCheckFunc(
				destinationGone(t, s, typ, name),
				destinationIs(t, s, typ, renamed, map[string]any{
					"replication_locations": []string{"asia-east1"},
					"locational_kms_keys":   map[string]string{},
				}, "secret-path"),
			),
			Then: []resource.TestStep{check.ImportByName(cloudThreeAddr, renamed, "credentials")},
		},
	}.Run(t)
}

// The service answers [] and {} for lists and maps that are not set; state
// keeps them as the configuration spells them, empty or absent, so neither
// shows a diff.
func TestAccCloudThreeSMDestination_emptyCollections(t *testing.T) {
	s := acctest.NewSecrets(t)
	name := tfacctest.RandomWithPrefix("c3-empty")
	typ := secretsclient.TypeCloudThreeSM
	noneOnServer := destinationIs(t, s, typ, name, map[string]any{"replication_locations": []string{}, "locational_kms_keys": map[string]string{}}, "")

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             destinationGone(t, s, typ, name),
		Steps: []resource.TestStep{
			{
				Config: cloudThreeConfig(s, name, `
  credentials           = "{}"
  replication_locations = []
  locational_kms_keys   = {}`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(cloudThreeAddr, check.Path("replication_locations"), knownvalue.ListSizeExact(0)),
					statecheck.ExpectKnownValue(cloudThreeAddr, check.Path("locational_kms_keys"), knownvalue.MapSizeExact(0)),
				},
				Check: noneOnServer,
			},
			{
				RefreshState: true,
				Check: func(st *terraform.State) error {
					attrs := st.RootModule().Resources[cloudThreeAddr].Primary.Attributes
					if attrs["replication_locations.#"] != "0" || attrs["locational_kms_keys.%"] != "0" {
						return fmt.Errorf("after refresh, state holds replication_locations.# %q and locational_kms_keys.%% %q, want empty", attrs["replication_locations.#"], attrs["locational_kms_keys.%"])
					}
					return nil
				},
			},
			{
				Config: cloudThreeConfig(s, name, `credentials = "{}"`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(cloudThreeAddr, check.Path("replication_locations"), knownvalue.Null()),
					statecheck.ExpectKnownValue(cloudThreeAddr, check.Path("locational_kms_keys"), knownvalue.Null()),
				},
				Check: noneOnServer,
			},
		},
	})
}

// cloudThreePlanErrors are the destination's plan-time errors, for a
// destination named name.
func cloudThreePlanErrors(s *acctest.Secrets, name string) []check.PlanError {
	config := func(body string) string { return cloudThreeConfig(s, name, body) }
	return []check.PlanError{
		{Config: config(`project_id = "p"`), Want: check.Literal(`credentials or credentials_wo is required for a cloudthree-sm destination.`)},
		{Config: config(`
  credentials    = "{}"
  credentials_wo = "{}"`), Want: check.Literal(`Attribute "credentials_wo" cannot be specified when "credentials" is specified`)},
		{Config: config(`
  credentials_wo_version = 1
  credentials            = "{}"`), Want: check.Literal(`Attribute "credentials_wo" must be specified when "credentials_wo_version" is specified`)},
	}
}

// The credentials given write-only never enter the state; the service
// stores them (writeOnlySecret).
func TestAccCloudThreeSMDestination_writeOnlyCredentials(t *testing.T) {
	statePath := filepath.Join(t.TempDir(), "emulator.json")
	s := acctest.NewSecretsEmulator(t, emulator.Options{StatePath: statePath})
	name := tfacctest.RandomWithPrefix("c3-wo")
	typ := secretsclient.TypeCloudThreeSM
	credentials := writeOnlySecret{
		addr: cloudThreeAddr, typ: typ, name: name, attr: "credentials", values: [2]string{`{"private_key_id": "wo-1"}`, "@/etc/sync/wo-2.json"},
		config: func(credentials string, version int) string {
			return cloudThreeConfig(s, name, fmt.Sprintf(`
  credentials_wo         = %q
  credentials_wo_version = %d`, credentials, version))
		},
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             destinationGone(t, s, typ, name),
		Steps:                    credentials.steps(t, s, statePath),
	})
}
