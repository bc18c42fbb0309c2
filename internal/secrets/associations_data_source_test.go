package secrets_test

import (
	"context"
	"fmt"
	"regexp"
	"testing"
	"time"

	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emusecrets "github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

func dsByDestinationConfig(label, typ, name string) string {
	return fmt.Sprintf(`
data "stack_secrets_sync_associations" %q {
  destination_type = %q
  destination_name = %q
}
`, label, typ, name)
}

func dsBySecretConfig(label, mount, secretName string) string {
	return fmt.Sprintf(`
data "stack_secrets_sync_associations" %q {
  mount       = %q
  secret_name = %q
}
`, label, mount, secretName)
}

// dsAssociate associates a secret with a destination out of band, and returns the new association as the service then reports it.
func dsAssociate(t *testing.T, s *acctest.Secrets, typ, dest, mount, secretName string) secretsclient.AssociatedSecret {
	t.Helper()
	ctx := context.Background()
	c := s.Client(t)
	before, _, err := c.ReadAssociations(ctx, typ, dest)
	if err != nil {
		t.Fatal(err)
	}
	if _, _, err := c.SetAssociation(ctx, typ, dest, mount, secretName); err != nil {
		t.Fatalf("associating %s/%s with %s: %v", mount, secretName, dest, err)
	}
	after, _, err := c.ReadAssociations(ctx, typ, dest)
	if err != nil {
		t.Fatal(err)
	}
	for k, a := range after.AssociatedSecrets {
		if _, old := before.AssociatedSecrets[k]; !old && a.SecretName == secretName {
			return a
		}
	}
	t.Fatalf("no new association of %s/%s with %s is listed: %+v", mount, secretName, dest, after.AssociatedSecrets)
	return secretsclient.AssociatedSecret{}
}

// dsByDestination is the expected entry of a secret read by destination:
// the accessor, no mount.
func dsByDestination(typ, dest string, a secretsclient.AssociatedSecret, status string) knownvalue.Check {
	return knownvalue.ObjectExact(map[string]knownvalue.Check{
		"destination_type": check.Str(typ),
		"destination_name": check.Str(dest),
		"mount":            knownvalue.Null(),
		"accessor":         check.Str(a.Accessor),
		"secret_name":      check.Str(a.SecretName),
		"sync_status":      check.Str(status),
		"updated_at":       check.Str(a.UpdatedAt.UTC().Format(time.RFC3339Nano)),
	})
}

// dsBySecret is the expected entry of a destination read by secret: the
// mount, no accessor.
func dsBySecret(typ, dest, mount string, a secretsclient.AssociatedSecret, status string) knownvalue.Check {
	return knownvalue.ObjectExact(map[string]knownvalue.Check{
		"destination_type": check.Str(typ),
		"destination_name": check.Str(dest),
		"mount":            check.Str(mount),
		"accessor":         knownvalue.Null(),
		"secret_name":      check.Str(a.SecretName),
		"sync_status":      check.Str(status),
		"updated_at":       check.Str(a.UpdatedAt.UTC().Format(time.RFC3339Nano)),
	})
}

// The data source lists the associations of a destination, by its type
// and name, or of a secret, by its mount and name, with their sync status.
// Either pair, and only one, is required at plan time; a destination that
// does not exist is an error.
func TestAccAssociationsDataSource_shape(t *testing.T) {
	s := acctest.NewSecrets(t)
	prefix := tfacctest.RandomWithPrefix("dsassoc")
	destA, destB, lonely := prefix+"-a", prefix+"-b", prefix+"-none"
	for _, name := range []string{destA, destB, lonely} {
		dsWriteDestination(t, s, name, secretsclient.CloudOneSMDestination{Region: "us-east-1"})
	}
	// Set in an order that is not the one listed.
	plain := prefix + "-plain"
	nested := prefix + "/app/db"
	aPlain := dsAssociate(t, s, secretsclient.TypeCloudOneSM, destA, "secret", plain)
	bNested := dsAssociate(t, s, secretsclient.TypeCloudOneSM, destB, "secret", nested)
	aNested := dsAssociate(t, s, secretsclient.TypeCloudOneSM, destA, "secret", nested)
	// Another type, whose name sorts first: by secret, types order first.
	web := prefix + "-0web"
	dsWriteDestination(t, s, web, secretsclient.WebhostProjectDestination{
		AccessToken: "token", ProjectID: "prj_1", DeploymentEnvironments: []string{"production"},
	})
	webPlain := dsAssociate(t, s, secretsclient.TypeWebhostProject, web, "secret", plain)

	byDestination := func(typ, name string) check.Args {
		return check.Args{"destination_type": typ, "destination_name": name}
	}
	bySecret := func(mount, name string) check.Args { return check.Args{"mount": mount, "secret_name": name} }
	missing := tfacctest.RandomWithPrefix("dsmissing")
	check.DataSource{
		Service: s, Type: "stack_secrets_sync_associations", Config: s.ProviderConfig(),
		PlanErrors: []check.Refusal{
			{
				// Half of each pair.
				Args: check.Args{"destination_type": "cloudone-sm", "secret_name": "y"},
				Want: regexp.MustCompile(`(?s)These attributes must be configured together:\s+\[destination_type,destination_name\].*These attributes must be configured together:\s+\[mount,secret_name\]`),
			},
			{
				Args: byDestination("cloudfour-sm", "x"),
				Want: regexp.MustCompile(`(?s)Attribute destination_type value must be one of:.*got:\s+"cloudfour-sm"`),
			},
		},
		Reads: []check.Read{
			// Same mount: ordered by secret name, "…-plain" before "…/app/db".
			{Label: "dest_a", Args: byDestination(secretsclient.TypeCloudOneSM, destA), Want: map[string]knownvalue.Check{
				"associations": knownvalue.ListExact([]knownvalue.Check{
					dsByDestination(secretsclient.TypeCloudOneSM, destA, aPlain, secretsclient.StatusSynced),
					dsByDestination(secretsclient.TypeCloudOneSM, destA, aNested, secretsclient.StatusSynced),
				}),
				"mount": knownvalue.Null(),
			}},
			{Label: "dest_none", Args: byDestination(secretsclient.TypeCloudOneSM, lonely), Want: map[string]knownvalue.Check{
				"associations": knownvalue.ListExact([]knownvalue.Check{}),
			}},
			// A secret name with slashes is read by query; ordered by destination name.
			{Label: "nested", Args: bySecret("secret", nested), Want: map[string]knownvalue.Check{
				"associations": knownvalue.ListExact([]knownvalue.Check{
					dsBySecret(secretsclient.TypeCloudOneSM, destA, "secret", aNested, secretsclient.StatusSynced),
					dsBySecret(secretsclient.TypeCloudOneSM, destB, "secret", bNested, secretsclient.StatusSynced),
				}),
			}},
			{Label: "plain", Args: bySecret("secret", plain), Want: map[string]knownvalue.Check{
				"associations": knownvalue.ListExact([]knownvalue.Check{
					dsBySecret(secretsclient.TypeCloudOneSM, destA, "secret", aPlain, secretsclient.StatusSynced),
					dsBySecret(secretsclient.TypeWebhostProject, web, "secret", webPlain, secretsclient.StatusSynced),
				}),
			}},
			{Label: "unassociated", Args: bySecret("secret", prefix+"-other"), Want: map[string]knownvalue.Check{
				"associations": knownvalue.ListExact([]knownvalue.Check{}),
			}},
			{Label: "web", Args: byDestination(secretsclient.TypeWebhostProject, web), Want: map[string]knownvalue.Check{
				"associations": knownvalue.ListExact([]knownvalue.Check{
					dsByDestination(secretsclient.TypeWebhostProject, web, webPlain, secretsclient.StatusSynced),
				}),
			}},
		},
		NotFound: []check.Refusal{{
			Args: byDestination(secretsclient.TypeCloudOneSM, missing),
			Want: regexp.MustCompile(fmt.Sprintf(
				`(?s)Cannot read the associations of the cloudone-sm destination\s+"%s".*The service has no cloudone-sm destination named\s+"%s".*404\s+Not\s+Found`,
				missing, missing)),
		}},
	}.Run(t)
}

// Mount names may hold slashes too. The mount is the emulator's own.
func TestAccAssociationsDataSource_slashInMount(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{Secrets: emusecrets.Options{KVMounts: map[string]int{"team/kv": 2}}})
	dest := tfacctest.RandomWithPrefix("dsassoc")
	dsWriteDestination(t, s, dest, secretsclient.CloudOneSMDestination{Region: "us-east-1"})
	a := dsAssociate(t, s, secretsclient.TypeCloudOneSM, dest, "team/kv", "app/db")
	other := dsAssociate(t, s, secretsclient.TypeCloudOneSM, dest, "secret", "app/db")
	if a.Accessor == other.Accessor {
		t.Fatalf("two mounts share the accessor %q", a.Accessor)
	}
	first, second := a, other
	if other.Accessor < a.Accessor {
		first, second = other, a
	}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: s.ProviderConfig() +
				dsBySecretConfig("test", "team/kv", "app/db") +
				dsByDestinationConfig("dest", secretsclient.TypeCloudOneSM, dest),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.stack_secrets_sync_associations.test", check.Path("associations"), knownvalue.ListExact([]knownvalue.Check{
					dsBySecret(secretsclient.TypeCloudOneSM, dest, "team/kv", a, secretsclient.StatusSynced),
				})),
				// Same secret name in two mounts: ordered by accessor.
				statecheck.ExpectKnownValue("data.stack_secrets_sync_associations.dest", check.Path("associations"), knownvalue.ListExact([]knownvalue.Check{
					dsByDestination(secretsclient.TypeCloudOneSM, dest, first, secretsclient.StatusSynced),
					dsByDestination(secretsclient.TypeCloudOneSM, dest, second, secretsclient.StatusSynced),
				})),
			},
		}},
	})
}

// While sync is disabled, associations wait as PENDING. Sync is disabled
// for the whole service, so the test has an emulator of its own.
func TestAccAssociationsDataSource_pending(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{})
	dest := tfacctest.RandomWithPrefix("dsassoc")
	dsWriteDestination(t, s, dest, secretsclient.CloudOneSMDestination{Region: "us-east-1"})
	disabled := true
	if _, _, err := s.Client(t).PatchSyncConfig(context.Background(), secretsclient.SyncConfigPatch{Disabled: &disabled}); err != nil {
		t.Fatal(err)
	}
	a := dsAssociate(t, s, secretsclient.TypeCloudOneSM, dest, "secret", "app/db")

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: s.ProviderConfig() +
				dsByDestinationConfig("dest", secretsclient.TypeCloudOneSM, dest) +
				dsBySecretConfig("secret", "secret", "app/db"),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue("data.stack_secrets_sync_associations.dest", check.Path("associations"), knownvalue.ListExact([]knownvalue.Check{
					dsByDestination(secretsclient.TypeCloudOneSM, dest, a, secretsclient.StatusPending),
				})),
				statecheck.ExpectKnownValue("data.stack_secrets_sync_associations.secret", check.Path("associations"), knownvalue.ListExact([]knownvalue.Check{
					dsBySecret(secretsclient.TypeCloudOneSM, dest, "secret", a, secretsclient.StatusPending),
				})),
			},
		}},
	})
}
