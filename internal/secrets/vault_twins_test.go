package secrets_test

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emusecrets "github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

// vaultTwin is one of hashicorp/vault's secrets sync resources, and what
// its state, as the incumbent's acceptance test leaves it
// (testdata/moved/<type>.json), moves to here.
type vaultTwin struct {
	from, to string
	// moved are the attributes the move sets (the others are null); the
	// secrets among them come from the incumbent's state.
	moved map[string]any
	// make makes on the server the object the incumbent made.
	make func(t *testing.T, c *secretsclient.Client)
	// body is this provider's resource with the same values.
	body string
}

const (
	vaultAWSName     = "tf-sync-dest-aws-8674665223082153551"
	vaultAzureName   = "tf-sync-dest-azure-5577006791947779410"
	vaultGCPName     = "tf-sync-dest-gcp-6129484611666145821"
	vaultGHName      = "tf-sync-dest-gh-4037200794235010051"
	vaultVercelName  = "tf-sync-dest-vercel-3916589616287113937"
	vaultAssocDest   = "tf-sync-dest-8674665223082153551"
	vaultAssocMount  = "tf-test-sync-5577006791947779410"
	vaultAssocSecret = "tf-sync-secret-6129484611666145821"
	vaultAppName     = "tf-sync-gh-app-6129484611666145821"
	// vaultAppKeyPlaceholder stands in the fixture for the private key,
	// which each test makes.
	vaultAppKeyPlaceholder = "PRIVATE_KEY_PLACEHOLDER"
)

func vaultTwins(appKey string) []vaultTwin {
	write := func(name string, d secretsclient.DestinationWrite) func(*testing.T, *secretsclient.Client) {
		return func(t *testing.T, c *secretsclient.Client) {
			t.Helper()
			if _, _, err := c.WriteDestination(context.Background(), name, d); err != nil {
				t.Fatal(err)
			}
		}
	}
	const (
		defaultTemplate = "vault/{{ .MountAccessor }}/{{ .SecretPath }}"
		lowerTemplate   = "vault-{{ .MountAccessor | lowercase }}-{{ .SecretPath | lowercase }}"
		upperTemplate   = "VAULT_{{ .MountAccessor | uppercase }}_{{ .SecretPath | uppercase }}"
		gcpCredentials  = `{"type":"service_account","project_id":"gcp-project-id","client_email":"sync@gcp-project-id.iam.gserviceaccount.com"}`
	)
	tags := map[string]string{"foo": "bar"}
	unreported := map[string]any{"disable_strict_networking": false, "purge_on_destroy": false}
	with := func(m map[string]any) map[string]any {
		out := map[string]any{}
		for k, v := range unreported {
			out[k] = v
		}
		for k, v := range m {
			out[k] = v
		}
		return out
	}
	return []vaultTwin{
		{
			from: "vault_secrets_sync_aws_destination", to: "stack_secrets_sync_cloudone_sm_destination",
			moved: with(map[string]any{
				"name": vaultAWSName, "access_key_id": "AKIAIOSFODNN7EXAMPLE", "secret_access_key": "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
				"region": "us-east-1", "role_arn": "arn:aws:iam::123456789012:role/test-role", "external_id": "external-id-test",
				"custom_tags": map[string]any{"foo": "bar"}, "secret_name_template": defaultTemplate, "granularity": "secret-path",
			}),
			make: write(vaultAWSName, secretsclient.CloudOneSMDestination{
				DestinationOptions: secretsclient.DestinationOptions{SecretNameTemplate: defaultTemplate, CustomTags: tags, Granularity: "secret-path"},
				AccessKeyID:        "AKIAIOSFODNN7EXAMPLE", SecretAccessKey: "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY",
				RoleARN: "arn:aws:iam::123456789012:role/test-role", ExternalID: "external-id-test", Region: "us-east-1",
			}),
			body: fmt.Sprintf(`name                 = %q
  access_key_id        = "AKIAIOSFODNN7EXAMPLE"
  secret_access_key    = "wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
  region               = "us-east-1"
  role_arn             = "arn:aws:iam::123456789012:role/test-role"
  external_id          = "external-id-test"
  custom_tags          = { foo = "bar" }
  secret_name_template = %q
  granularity          = "secret-path"`, vaultAWSName, defaultTemplate),
		},
		{
			from: "vault_secrets_sync_azure_destination", to: "stack_secrets_sync_cloudtwo_kv_destination",
			moved: with(map[string]any{
				"name": vaultAzureName, "key_vault_uri": "https://tf-sync-test.vault.azure.net", "client_id": "b5b8f9b4-6e0e-4d2b-a1f3-0c9a7e6d5c4b",
				"client_secret": "k8Q~example-client-secret", "tenant_id": "3c2e1d0f-9a8b-4c7d-b6e5-f4a3b2c1d0e9", "cloud": "cloud",
				"allowed_ipv4_addresses": []any{"10.0.0.0/8"}, "allowed_ports": []any{int64(443)},
				"custom_tags": map[string]any{"foo": "bar"}, "secret_name_template": lowerTemplate, "granularity": "secret-key",
			}),
			make: write(vaultAzureName, secretsclient.CloudTwoKVDestination{
				DestinationOptions: secretsclient.DestinationOptions{
					SecretNameTemplate: lowerTemplate, CustomTags: tags, Granularity: "secret-key",
					AllowedIPv4Addresses: []string{"10.0.0.0/8"}, AllowedPorts: []int{443},
				},
				KeyVaultURI: "https://tf-sync-test.vault.azure.net", ClientID: "b5b8f9b4-6e0e-4d2b-a1f3-0c9a7e6d5c4b",
				ClientSecret: "k8Q~example-client-secret", TenantID: "3c2e1d0f-9a8b-4c7d-b6e5-f4a3b2c1d0e9", Cloud: "cloud",
			}),
			body: fmt.Sprintf(`name                   = %q
  key_vault_uri          = "https://tf-sync-test.vault.azure.net"
  client_id              = "b5b8f9b4-6e0e-4d2b-a1f3-0c9a7e6d5c4b"
  client_secret          = "k8Q~example-client-secret"
  tenant_id              = "3c2e1d0f-9a8b-4c7d-b6e5-f4a3b2c1d0e9"
  cloud                  = "cloud"
  allowed_ipv4_addresses = ["10.0.0.0/8"]
  allowed_ports          = [443]
  custom_tags            = { foo = "bar" }
  secret_name_template   = %q
  granularity            = "secret-key"`, vaultAzureName, lowerTemplate),
		},
		{
			from: "vault_secrets_sync_gcp_destination", to: "stack_secrets_sync_cloudthree_sm_destination",
			moved: with(map[string]any{
				"name": vaultGCPName, "credentials": gcpCredentials, "project_id": "gcp-project-id",
				"replication_locations": []any{"us-east1", "us-west1"},
				"custom_tags":           map[string]any{"foo": "bar"}, "secret_name_template": lowerTemplate, "granularity": "secret-path",
			}),
			make: write(vaultGCPName, secretsclient.CloudThreeSMDestination{
				DestinationOptions: secretsclient.DestinationOptions{SecretNameTemplate: lowerTemplate, CustomTags: tags, Granularity: "secret-path"},
				Credentials:        gcpCredentials, ProjectID: "gcp-project-id", ReplicationLocations: []string{"us-east1", "us-west1"},
			}),
			body: fmt.Sprintf(`name                  = %q
  credentials           = %q
  project_id            = "gcp-project-id"
  replication_locations = ["us-east1", "us-west1"]
  custom_tags           = { foo = "bar" }
  secret_name_template  = %q
  granularity           = "secret-path"`, vaultGCPName, gcpCredentials, lowerTemplate),
		},
		{
			from: "vault_secrets_sync_gh_destination", to: "stack_secrets_sync_codehost_destination",
			moved: with(map[string]any{
				"name": vaultGHName, "access_token": "github_pat_11AAAAAAA0example", "repository_owner": "hashicorp",
				"repository_name": "tf-sync-test", "secrets_location": "repository", "secret_name_template": upperTemplate, "granularity": "secret-key",
			}),
			make: write(vaultGHName, secretsclient.CodehostDestination{
				DestinationOptions: secretsclient.DestinationOptions{SecretNameTemplate: upperTemplate, Granularity: "secret-key"},
				SecretsLocation:    "repository", AccessToken: "github_pat_11AAAAAAA0example", RepositoryOwner: "hashicorp", RepositoryName: "tf-sync-test",
			}),
			body: fmt.Sprintf(`name                 = %q
  access_token         = "github_pat_11AAAAAAA0example"
  repository_owner     = "hashicorp"
  repository_name      = "tf-sync-test"
  secrets_location     = "repository"
  secret_name_template = %q
  granularity          = "secret-key"`, vaultGHName, upperTemplate),
		},
		{
			from: "vault_secrets_sync_vercel_destination", to: "stack_secrets_sync_webhost_project_destination",
			moved: with(map[string]any{
				"name": vaultVercelName, "access_token": "vercel-example-token", "project_id": "prj_0a1b2c3d4e5f6g7h8i9j", "team_id": "team_0a1b2c3d4e5f6g7h",
				"deployment_environments": []any{"development", "preview", "production"}, "secret_name_template": upperTemplate, "granularity": "secret-key",
			}),
			make: write(vaultVercelName, secretsclient.WebhostProjectDestination{
				DestinationOptions: secretsclient.DestinationOptions{SecretNameTemplate: upperTemplate, Granularity: "secret-key"},
				AccessToken:        "vercel-example-token", ProjectID: "prj_0a1b2c3d4e5f6g7h8i9j", TeamID: "team_0a1b2c3d4e5f6g7h",
				DeploymentEnvironments: []string{"development", "preview", "production"},
			}),
			body: fmt.Sprintf(`name                    = %q
  access_token            = "vercel-example-token"
  project_id              = "prj_0a1b2c3d4e5f6g7h8i9j"
  team_id                 = "team_0a1b2c3d4e5f6g7h"
  deployment_environments = ["development", "preview", "production"]
  secret_name_template    = %q
  granularity             = "secret-key"`, vaultVercelName, upperTemplate),
		},
		{
			from: "vault_secrets_sync_config", to: "stack_secrets_sync_config",
			moved: map[string]any{"id": "config", "disabled": true, "queue_capacity": int64(500000)},
			make: func(t *testing.T, c *secretsclient.Client) {
				t.Helper()
				disabled, capacity := true, 500000
				if _, _, err := c.PatchSyncConfig(context.Background(), secretsclient.SyncConfigPatch{Disabled: &disabled, QueueCapacity: &capacity}); err != nil {
					t.Fatal(err)
				}
			},
			body: "disabled       = true\n  queue_capacity = 500000",
		},
		{
			from: "vault_secrets_sync_association", to: "stack_secrets_sync_association",
			moved: map[string]any{"destination_type": "codehost", "destination_name": vaultAssocDest, "mount": vaultAssocMount, "secret_name": vaultAssocSecret},
			make: func(t *testing.T, c *secretsclient.Client) {
				t.Helper()
				write(vaultAssocDest, secretsclient.CodehostDestination{AccessToken: "github_pat_11AAAAAAA0example", RepositoryOwner: "hashicorp", RepositoryName: "tf-sync-test"})(t, c)
				if _, _, err := c.SetAssociation(context.Background(), secretsclient.TypeCodehost, vaultAssocDest, vaultAssocMount, vaultAssocSecret); err != nil {
					t.Fatal(err)
				}
			},
			body: fmt.Sprintf(`destination_type = "codehost"
  destination_name = %q
  mount            = %q
  secret_name      = %q`, vaultAssocDest, vaultAssocMount, vaultAssocSecret),
		},
		{
			from: "vault_secrets_sync_github_apps", to: "stack_secrets_sync_codehost_app",
			moved: map[string]any{"name": vaultAppName, "app_id": int64(123456), "private_key": appKey},
			make: func(t *testing.T, c *secretsclient.Client) {
				t.Helper()
				if _, _, err := c.WriteCodehostApp(context.Background(), vaultAppName, "123456", appKey); err != nil {
					t.Fatal(err)
				}
			},
			body: fmt.Sprintf("name        = %q\n  app_id      = 123456\n  private_key = %q", vaultAppName, appKey),
		},
	}
}

// fixture is the incumbent's state of tw, the app's key in place of the
// fixture's placeholder.
func (tw vaultTwin) fixture(t *testing.T, appKey string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join("testdata", "moved", tw.from+".json"))
	if err != nil {
		t.Fatal(err)
	}
	key, err := json.Marshal(appKey)
	if err != nil {
		t.Fatal(err)
	}
	return []byte(strings.Replace(string(b), `"`+vaultAppKeyPlaceholder+`"`, string(key), 1))
}

func TestVaultTwins_move(t *testing.T) {
	key := newTestKey(t, false).pem
	for _, tw := range vaultTwins(key) {
		for _, host := range []string{"registry.terraform.io", "registry.opentofu.org"} {
			got, diags := acctest.Move(t, host+"/hashicorp/vault", tw.from, 0, tw.fixture(t, key), tw.to)
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

func TestVaultTwins_moveRefuses(t *testing.T) {
	key := newTestKey(t, false).pem
	for _, tw := range vaultTwins(key) {
		_, diags := acctest.Move(t, "registry.terraform.io/hashicorp/vault", tw.from, 1, tw.fixture(t, key), tw.to)
		want := "The state of " + tw.from + " is of schema version 1, which this provider does not know: it moves versions 0 of hashicorp/vault."
		if len(diags) != 1 || !strings.HasPrefix(diags[0].Detail, want) {
			t.Errorf("%s: want %q, got %+v", tw.from, want, diags)
		}
	}
	// A destination moves to its own type alone.
	tw := vaultTwins(key)[0]
	if _, diags := acctest.Move(t, "registry.terraform.io/hashicorp/vault", tw.from, 0, tw.fixture(t, key), "stack_secrets_sync_codehost_destination"); len(diags) != 1 || diags[0].Summary != "Unable to Move Resource State" {
		t.Errorf("an aws destination to a codehost one: want it refused, got %+v", diags)
	}
	// A namespace of the incumbent is this provider's setting: the move
	// says so rather than drop it unseen.
	b := strings.Replace(string(tw.fixture(t, key)), `"namespace": ""`, `"namespace": "team-a"`, 1)
	if _, diags := acctest.Move(t, "registry.terraform.io/hashicorp/vault", tw.from, 0, []byte(b), tw.to); len(diags) != 1 || !strings.Contains(diags[0].Detail, "sets namespace") {
		t.Errorf("a namespace: want a warning naming it, got %+v", diags)
	}
	// An association with a destination of a type that has no twin here.
	a := vaultTwins(key)[6]
	b = strings.Replace(string(a.fixture(t, key)), `"type": "gh"`, `"type": "aws-pm"`, 1)
	if _, diags := acctest.Move(t, "registry.terraform.io/hashicorp/vault", a.from, 0, []byte(b), a.to); len(diags) != 1 || !strings.Contains(diags[0].Detail, `destination type "aws-pm" is none of the incumbent's`) {
		t.Errorf("an association of an unknown type: want it refused, got %+v", diags)
	}
}

// TestAccVaultTwins_moved moves each of the incumbent's resources, as its
// acceptance test leaves them, with a moved block, and plans nothing else
// with the same values in this provider's configuration: the secrets,
// which the service answers obfuscated, come from the incumbent's state.
func TestAccVaultTwins_moved(t *testing.T) {
	key := newTestKey(t, false).pem
	for _, tw := range vaultTwins(key) {
		t.Run(tw.from, func(t *testing.T) {
			s := acctest.NewSecretsEmulator(t, emulator.Options{Secrets: emusecrets.Options{KVMounts: map[string]int{vaultAssocMount: 2}}})
			tw.make(t, s.Client(t))
			cli := acctest.NewCLI(t, nil)
			cli.StandIn(t, "hashicorp/vault")
			cli.WriteState(t, acctest.Incumbent{Provider: "hashicorp/vault", Type: tw.from, Name: "test", Attributes: tw.fixture(t, key)})
			cli.WriteConfig(t, s.ProviderConfig()+fmt.Sprintf(`
moved {
  from = %[1]s.test
  to   = %[2]s.test
}

resource %[2]q "test" {
  %[3]s
}
`, tw.from, tw.to, tw.body))
			if warnings := cli.MovesThenPlansEmpty(t, tw.from+".test", tw.to+".test"); len(warnings) != 0 {
				t.Errorf("warnings: %+v", warnings)
			}
		})
	}
}
