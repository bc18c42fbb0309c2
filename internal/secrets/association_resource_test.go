package secrets_test

import (
	"context"
	"fmt"
	"regexp"
	"strings"
	"testing"
	"time"

	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

const assocAddr = "stack_secrets_sync_association.test"

var (
	assocAccessorRe  = regexp.MustCompile(`^kv_[0-9a-f]{8}$`)
	assocUpdatedAtRe = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$`)
)

// assocError matches an error message that Terraform may have wrapped:
// each space of pattern (a regular expression) matches any white space,
// and "." matches newlines.
func assocError(pattern string) *regexp.Regexp {
	return regexp.MustCompile(`(?s)` + strings.ReplaceAll(pattern, " ", `\s+`))
}

// assocDestination is a cloudone-sm destination named name, with extra
// attributes.
func assocDestination(name, extra string) string {
	return fmt.Sprintf(`
resource "stack_secrets_sync_cloudone_sm_destination" "test" {
  name   = %q
  region = "us-east-1"
  %s
}
`, name, extra)
}

// assocResource is an association named label with the test destination.
func assocResource(label, mount, secret, extra string) string {
	return fmt.Sprintf(`
resource "stack_secrets_sync_association" %q {
  destination_type = "cloudone-sm"
  destination_name = stack_secrets_sync_cloudone_sm_destination.test.name
  mount            = %q
  secret_name      = %q
  %s
}
`, label, mount, secret, extra)
}

// assocOnServer checks what the service reports, through the query that
// reads by secret, of the association of mount/secret with the
// cloudone-sm destination dest: absent when status is "", else with that
// status.
func assocOnServer(t *testing.T, s *acctest.Secrets, dest, mount, secret, status string) resource.TestCheckFunc {
	return func(*terraform.State) error {
		got, _, err := s.Client(t).ReadDestinationsBySecret(context.Background(), mount, secret)
		if err != nil {
			return err
		}
		d, ok := got.AssociatedDestinations[secretsclient.TypeCloudOneSM+"/"+dest]
		switch {
		case status == "" && ok:
			return fmt.Errorf("the service still associates %s/%s with %s: %+v", mount, secret, dest, d)
		case status == "":
			return nil
		case !ok:
			return fmt.Errorf("the service does not associate %s/%s with %s: %v", mount, secret, dest, got.AssociatedDestinations)
		case d.SyncStatus != status:
			return fmt.Errorf("the service shows %s/%s with %s as %s, want %s", mount, secret, dest, d.SyncStatus, status)
		}
		return nil
	}
}

// assocStateMatchesServer checks that the state's accessor and updated_at
// are the service's: the accessor keys the destination's association of
// the secret, and updated_at is the association's.
func assocStateMatchesServer(t *testing.T, s *acctest.Secrets, addr string) resource.TestCheckFunc {
	return func(st *terraform.State) error {
		rs, ok := st.RootModule().Resources[addr]
		if !ok {
			return fmt.Errorf("%s is not in state", addr)
		}
		a := rs.Primary.Attributes
		ctx := context.Background()
		got, _, err := s.Client(t).ReadAssociations(ctx, a["destination_type"], a["destination_name"])
		if err != nil {
			return err
		}
		entry, ok := got.AssociatedSecrets[a["accessor"]+"/"+a["secret_name"]]
		if !ok {
			return fmt.Errorf("the destination has no association keyed %s/%s: %v", a["accessor"], a["secret_name"], got.AssociatedSecrets)
		}
		if want := entry.UpdatedAt.UTC().Format(time.RFC3339Nano); a["updated_at"] != want {
			return fmt.Errorf("updated_at in state is %s, the service says %s", a["updated_at"], want)
		}
		if a["sync_status"] != entry.SyncStatus {
			return fmt.Errorf("sync_status in state is %s, the service says %s", a["sync_status"], entry.SyncStatus)
		}
		if s.Emulator != nil {
			if want, _ := s.Emulator.SecretsAccessor(s.Namespace, a["mount"]); a["accessor"] != want {
				return fmt.Errorf("accessor in state is %s, the mount's is %s", a["accessor"], want)
			}
		}
		return nil
	}
}

func TestAccAssociation_lifecycle(t *testing.T) {
	s := acctest.NewSecrets(t)
	dest := tfacctest.RandomWithPrefix("assoc")
	secret := "app/" + tfacctest.RandString(6) + "/password"
	config := func(secretName, extra string) string {
		return s.ProviderConfig() + assocDestination(dest, "") + assocResource("test", "secret", secretName, "") + extra
	}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy: resource.ComposeTestCheckFunc(
			assocOnServer(t, s, dest, "secret", secret, ""),
			destinationGone(t, s, secretsclient.TypeCloudOneSM, dest),
		),
		Steps: []resource.TestStep{
			{
				Config: config(secret, ""),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(assocAddr, attr("destination_type"), str("cloudone-sm")),
					statecheck.ExpectKnownValue(assocAddr, attr("destination_name"), str(dest)),
					statecheck.ExpectKnownValue(assocAddr, attr("mount"), str("secret")),
					statecheck.ExpectKnownValue(assocAddr, attr("secret_name"), str(secret)),
					statecheck.ExpectKnownValue(assocAddr, attr("sync_status"), str("SYNCED")),
					statecheck.ExpectKnownValue(assocAddr, attr("accessor"), knownvalue.StringRegexp(assocAccessorRe)),
					statecheck.ExpectKnownValue(assocAddr, attr("updated_at"), knownvalue.StringRegexp(assocUpdatedAtRe)),
				},
				Check: resource.ComposeTestCheckFunc(
					assocOnServer(t, s, dest, "secret", secret, "SYNCED"),
					assocStateMatchesServer(t, s, assocAddr),
				),
			},
			{
				// The mount and the secret name share the ID's tail.
				ResourceName:                         assocAddr,
				ImportState:                          true,
				ImportStateId:                        "cloudone-sm/" + dest + "/secret/" + secret,
				ImportStateVerify:                    true,
				ImportStateVerifyIdentifierAttribute: "secret_name",
			},
			{
				ResourceName:  assocAddr,
				ImportState:   true,
				ImportStateId: "cloudone-sm/" + dest + "/secret/app/none",
				ExpectError:   assocError(`Association not found.*mount "secret", secret "app/none" \(not associated`),
			},
			{
				ResourceName:  assocAddr,
				ImportState:   true,
				ImportStateId: "cloudone-sm/" + dest + "/secret",
				ExpectError:   assocError(`Invalid import ID`),
			},
			{
				ResourceName:  assocAddr,
				ImportState:   true,
				ImportStateId: "cloudfour/" + dest + "/secret/x",
				ExpectError:   assocError(`"cloudfour" is not a destination type`),
			},
			{
				// Removed outside Terraform: planned again and re-created.
				PreConfig: func() {
					if _, _, err := s.Client(t).RemoveAssociation(context.Background(), secretsclient.TypeCloudOneSM, dest, "secret", secret); err != nil {
						t.Fatal(err)
					}
				},
				Config: config(secret, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(assocAddr, plancheck.ResourceActionCreate)},
				},
				Check: assocOnServer(t, s, dest, "secret", secret, "SYNCED"),
			},
			{
				// Every attribute identifies the association: a change replaces it.
				Config: config(secret+"-v2", ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(assocAddr, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(assocAddr, attr("secret_name"), str(secret+"-v2")),
				},
				Check: resource.ComposeTestCheckFunc(
					assocOnServer(t, s, dest, "secret", secret, ""),
					assocOnServer(t, s, dest, "secret", secret+"-v2", "SYNCED"),
				),
			},
			{
				// The service syncs only version-2 mounts.
				Config:      config(secret, assocResource("kv1", "kv1", secret, "")),
				ExpectError: assocError(`Cannot associate the secret with the destination.*400 Bad Request.*"kv1".*KV version 1 mount`),
			},
			{
				Config: config(secret, ""),
				Check:  assocOnServer(t, s, dest, "kv1", secret, ""),
			},
		},
	})
}

// Mount names may hold slashes, so the import tries every split of the ID.
// The mounts are the emulator's, so this test always uses one.
func TestAccAssociation_importSlashInMount(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{SecretsKVMounts: map[string]int{"team": 2, "team/kv": 2, "other": 2}})
	dest := tfacctest.RandomWithPrefix("assoc")
	config := s.ProviderConfig() + assocDestination(dest, "") +
		assocResource("test", "team/kv", "app/key", "") +
		// The same secret name in two mounts, associated with one destination.
		assocResource("shared_secret", "secret", "shared", "") +
		assocResource("shared_other", "other", "shared", "")
	importStep := func(addr, id string) resource.TestStep {
		return resource.TestStep{
			ResourceName:                         addr,
			ImportState:                          true,
			ImportStateId:                        id,
			ImportStateVerify:                    true,
			ImportStateVerifyIdentifierAttribute: "secret_name",
		}
	}
	shared := func(addr string) resource.TestStep {
		step := importStep(addr, "")
		step.ImportStateIdFunc = func(st *terraform.State) (string, error) {
			a := st.RootModule().Resources[addr].Primary.Attributes
			return "cloudone-sm/" + dest + "/" + a["mount"] + "/shared", nil
		}
		// Both share the secret name: the mount tells them apart.
		step.ImportStateVerifyIdentifierAttribute = "mount"
		return step
	}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config,
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(assocAddr, attr("mount"), str("team/kv")),
					statecheck.ExpectKnownValue(assocAddr, attr("sync_status"), str("SYNCED")),
				},
				Check: resource.ComposeTestCheckFunc(
					assocOnServer(t, s, dest, "team/kv", "app/key", "SYNCED"),
					assocStateMatchesServer(t, s, assocAddr),
					assocStateMatchesServer(t, s, "stack_secrets_sync_association.shared_secret"),
					assocStateMatchesServer(t, s, "stack_secrets_sync_association.shared_other"),
					func(st *terraform.State) error {
						a := st.RootModule().Resources["stack_secrets_sync_association.shared_secret"].Primary.Attributes["accessor"]
						b := st.RootModule().Resources["stack_secrets_sync_association.shared_other"].Primary.Attributes["accessor"]
						if a == b {
							return fmt.Errorf("the associations of two mounts have the same accessor %s", a)
						}
						return nil
					},
				),
			},
			// "team" + "kv/app/key" is a mount and a secret too, but not an
			// association; "team/kv/app" + "key" names no mount.
			importStep(assocAddr, "cloudone-sm/"+dest+"/team/kv/app/key"),
			// Each import finds its own mount's accessor.
			shared("stack_secrets_sync_association.shared_secret"),
			shared("stack_secrets_sync_association.shared_other"),
			{
				// Now both splits name an association.
				PreConfig: func() {
					if _, _, err := s.Client(t).SetAssociation(context.Background(), secretsclient.TypeCloudOneSM, dest, "team", "kv/app/key"); err != nil {
						t.Fatal(err)
					}
				},
				ResourceName:  assocAddr,
				ImportState:   true,
				ImportStateId: "cloudone-sm/" + dest + "/team/kv/app/key",
				ExpectError:   assocError(`Ambiguous import ID.*mount "team", secret "kv/app/key".*mount "team/kv", secret "app/key"`),
			},
			{
				PreConfig: func() {
					if _, _, err := s.Client(t).RemoveAssociation(context.Background(), secretsclient.TypeCloudOneSM, dest, "team", "kv/app/key"); err != nil {
						t.Fatal(err)
					}
				},
				Config: config,
			},
		},
	})
}

// The sync configuration is one per server, so this test uses an emulator
// of its own.
func TestAccAssociation_pendingWhileSyncDisabled(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{})
	dest := tfacctest.RandomWithPrefix("assoc")
	config := func(disabled bool) string {
		return s.ProviderConfig() + fmt.Sprintf(`
resource "stack_secrets_sync_config" "this" {
  disabled = %t
}
`, disabled) + assocDestination(dest, "") + assocResource("test", "secret", "app/token", `depends_on = [stack_secrets_sync_config.this]`)
	}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				// PENDING is a state, not an error.
				Config: config(true),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(assocAddr, attr("sync_status"), str("PENDING")),
					statecheck.ExpectKnownValue(assocAddr, attr("accessor"), knownvalue.StringRegexp(assocAccessorRe)),
				},
				Check: resource.ComposeTestCheckFunc(
					assocOnServer(t, s, dest, "secret", "app/token", "PENDING"),
					assocStateMatchesServer(t, s, assocAddr),
				),
			},
			{
				// Re-enabling sync changes only the config; the association's
				// new status shows on the next refresh.
				Config: config(false),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(assocAddr, plancheck.ResourceActionNoop)},
				},
				Check: assocOnServer(t, s, dest, "secret", "app/token", "SYNCED"),
			},
			{
				RefreshState: true,
				Check: resource.ComposeTestCheckFunc(
					resource.TestCheckResourceAttr(assocAddr, "sync_status", "SYNCED"),
					assocStateMatchesServer(t, s, assocAddr),
				),
			},
		},
	})
}

// A destination that still has associations (made outside Terraform here,
// so that Terraform does not remove them first) is deleted only with
// purge_on_destroy.
func TestAccAssociation_destroyDestinationWithAssociations(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{SecretsPurgeDelay: 300 * time.Millisecond})
	dest := tfacctest.RandomWithPrefix("assoc")
	secrets := []string{"app/one", "app/two"}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             destinationGone(t, s, secretsclient.TypeCloudOneSM, dest),
		Steps: []resource.TestStep{
			{
				Config: s.ProviderConfig() + assocDestination(dest, ""),
				Check: func(*terraform.State) error {
					for _, secret := range secrets {
						if _, _, err := s.Client(t).SetAssociation(context.Background(), secretsclient.TypeCloudOneSM, dest, "secret", secret); err != nil {
							return err
						}
					}
					return nil
				},
			},
			{
				Config:      s.ProviderConfig(),
				ExpectError: assocError(`Destination still has associations.*purge_on_destroy = true.*still manages 2 associations`),
			},
			{
				Config: s.ProviderConfig() + assocDestination(dest, "purge_on_destroy = true"),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction("stack_secrets_sync_cloudone_sm_destination.test", plancheck.ResourceActionUpdate)},
				},
				Check: resource.ComposeTestCheckFunc(
					assocOnServer(t, s, dest, "secret", secrets[0], "SYNCED"),
					assocOnServer(t, s, dest, "secret", secrets[1], "SYNCED"),
				),
			},
			{
				// The purge runs in the background; destroy waits for it.
				Config: s.ProviderConfig(),
				Check: resource.ComposeTestCheckFunc(
					destinationGone(t, s, secretsclient.TypeCloudOneSM, dest),
					func(*terraform.State) error {
						l, _, err := s.Client(t).ListAssociations(context.Background())
						if err != nil {
							return err
						}
						if l.TotalAssociations != 0 {
							return fmt.Errorf("the service still lists %d associations: %v", l.TotalAssociations, strings.Join(l.Keys, ", "))
						}
						return nil
					},
				),
			},
		},
	})
}
