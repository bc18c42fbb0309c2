package secrets_test

import (
	"context"
	"errors"
	"fmt"
	"maps"
	"net/http"
	"regexp"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emusecrets "github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

const assocAddr = "stack_secrets_sync_association.test"

var (
	assocAccessorRe  = regexp.MustCompile(`^kv_[0-9a-f]{8}$`)
	assocUpdatedAtRe = regexp.MustCompile(`^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$`)
)

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

	check.Lifecycle[*secretsclient.Client]{
		Service: s, Client: s.Client, Address: assocAddr,
		// An association has no ID of its own: its secret names it.
		IDAttribute: "secret_name",
		CheckDestroy: resource.ComposeTestCheckFunc(
			assocOnServer(t, s, dest, "secret", secret, ""),
			destinationGone(t, s, secretsclient.TypeCloudOneSM, dest),
		),
		Create: check.Step{
			Config: config(secret, ""),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(assocAddr, check.Path("destination_type"), check.Str("cloudone-sm")),
				statecheck.ExpectKnownValue(assocAddr, check.Path("destination_name"), check.Str(dest)),
				statecheck.ExpectKnownValue(assocAddr, check.Path("mount"), check.Str("secret")),
				statecheck.ExpectKnownValue(assocAddr, check.Path("secret_name"), check.Str(secret)),
				statecheck.ExpectKnownValue(assocAddr, check.Path("sync_status"), check.Str("SYNCED")),
				statecheck.ExpectKnownValue(assocAddr, check.Path("accessor"), knownvalue.StringRegexp(assocAccessorRe)),
				statecheck.ExpectKnownValue(assocAddr, check.Path("updated_at"), knownvalue.StringRegexp(assocUpdatedAtRe)),
			},
			Check: resource.ComposeTestCheckFunc(
				assocOnServer(t, s, dest, "secret", secret, "SYNCED"),
				assocStateMatchesServer(t, s, assocAddr),
			),
			Then: []resource.TestStep{
				{
					ResourceName:  assocAddr,
					ImportState:   true,
					ImportStateId: "cloudone-sm/" + dest + "/secret/app/none",
					ExpectError:   check.Wrapped(`Association not found.*mount "secret", secret "app/none" \(not associated`),
				},
				{
					ResourceName:  assocAddr,
					ImportState:   true,
					ImportStateId: "cloudone-sm/" + dest + "/secret",
					ExpectError:   check.Wrapped(`Invalid import ID`),
				},
				{
					ResourceName:  assocAddr,
					ImportState:   true,
					ImportStateId: "cloudfour/" + dest + "/secret/x",
					ExpectError:   check.Wrapped(`"cloudfour" is not a destination type`),
				},
			},
		},
		Imports: []check.ImportID{
			// The mount and the secret name share the ID's tail.
			{ID: func(string) string { return "cloudone-sm/" + dest + "/secret/" + secret }},
		},
		// Removed outside Terraform: planned again and re-created.
		OutOfBandDelete: check.Change[*secretsclient.Client]{
			Do: func(ctx context.Context, c *secretsclient.Client, _ string) error {
				_, _, err := c.RemoveAssociation(ctx, secretsclient.TypeCloudOneSM, dest, "secret", secret)
				return err
			},
			Step: check.Step{
				Config: config(secret, ""),
				Check:  assocOnServer(t, s, dest, "secret", secret, "SYNCED"),
			},
		},
		Replace: check.Step{
			// Every attribute identifies the association: a change replaces it.
			Config: config(secret+"-v2", ""),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(assocAddr, check.Path("secret_name"), check.Str(secret+"-v2")),
			},
			Check: resource.ComposeTestCheckFunc(
				assocOnServer(t, s, dest, "secret", secret, ""),
				assocOnServer(t, s, dest, "secret", secret+"-v2", "SYNCED"),
			),
			Then: []resource.TestStep{
				{
					// The service syncs only version-2 mounts.
					Config:      config(secret, assocResource("kv1", "kv1", secret, "")),
					ExpectError: check.Wrapped(`Cannot associate the secret ".*" of mount "kv1" with the cloudone-sm destination.*400 Bad Request.*"kv1".*KV version 1 mount`),
				},
				{
					Config: config(secret, ""),
					Check:  assocOnServer(t, s, dest, "kv1", secret, ""),
				},
			},
		},
	}.Run(t)
}

// Mount names may hold slashes, so the import tries every split of the ID.
// The mounts are the emulator's, so this test always uses one.
func TestAccAssociation_importSlashInMount(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{Secrets: emusecrets.Options{KVMounts: map[string]int{"team": 2, "team/kv": 2, "other": 2}}})
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
					statecheck.ExpectKnownValue(assocAddr, check.Path("mount"), check.Str("team/kv")),
					statecheck.ExpectKnownValue(assocAddr, check.Path("sync_status"), check.Str("SYNCED")),
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
				ExpectError:   check.Wrapped(`Ambiguous import ID.*mount "team", secret "kv/app/key".*mount "team/kv", secret "app/key"`),
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
					statecheck.ExpectKnownValue(assocAddr, check.Path("sync_status"), check.Str("PENDING")),
					statecheck.ExpectKnownValue(assocAddr, check.Path("accessor"), knownvalue.StringRegexp(assocAccessorRe)),
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
	s := acctest.NewSecretsEmulator(t, emulator.Options{Secrets: emusecrets.Options{PurgeDelay: 300 * time.Millisecond}})
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
				ExpectError: check.Wrapped(`Destination still has associations.*purge_on_destroy = true.*still manages 2 associations`),
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

// Secrets of one name in several mounts, associated with one destination
// at once: each association gets its own mount's accessor, also from a
// server whose updated_at tells nothing (a proxy reports one time for
// all), in one set each. The sets of one name wait for each other, the
// first finds one entry of the name, and each later one finds one entry
// whose accessor the provider has not seen among those it has. An import
// cannot tell them apart and leaves the accessor null.
func TestAccAssociation_accessorAmongSecretsOfOneName(t *testing.T) {
	emu := acctest.NewSecretsEmulator(t, emulator.Options{Secrets: emusecrets.Options{KVMounts: map[string]int{"m1": 2, "m2": 2, "m3": 2}}})
	sameTime := regexp.MustCompile(`"updated_at":"[^"]*"`)
	s, proxy := newProxy(t, emu, func(_ *http.Response, body []byte) []byte {
		return sameTime.ReplaceAll(body, []byte(`"updated_at":"2024-05-01T10:00:00Z"`))
	})
	dest := tfacctest.RandomWithPrefix("assoc")
	mounts := []string{"secret", "m1", "m2", "m3"}
	config := s.ProviderConfig() + assocDestination(dest, "")
	var checks []resource.TestCheckFunc
	for _, m := range mounts {
		config += assocResource(m, m, "shared", "")
		checks = append(checks, assocStateMatchesServer(t, s, "stack_secrets_sync_association."+m))
	}

	var before emulator.Stats
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				PreConfig: func() { before = s.Emulator.Stats() },
				Config:    config,
				Check: resource.ComposeAggregateTestCheckFunc(append(append([]resource.TestCheckFunc{
					expectRequests(s, &before, destinationAndSets(int64(len(mounts))))}, checks...), func(*terraform.State) error {
					if proxy.edited.Load() == 0 {
						return errors.New("the proxy changed no updated_at: the test did not test that")
					}
					return nil
				})...),
			},
			{
				ResourceName:                         "stack_secrets_sync_association.m2",
				ImportState:                          true,
				ImportStateId:                        "cloudone-sm/" + dest + "/m2/shared",
				ImportStateVerify:                    true,
				ImportStateVerifyIdentifierAttribute: "mount",
				ImportStateVerifyIgnore:              []string{"accessor"},
				ImportStateCheck: func(st []*terraform.InstanceState) error {
					if len(st) != 1 || st[0].Attributes["accessor"] != "" {
						return fmt.Errorf("imported %v, want one association without accessor", st)
					}
					return nil
				},
			},
		},
	})
}

// Routes of the requests an apply of associations makes: the address
// check once in each provider process, the destination's read (its look
// before the create, or its refresh), its create, and the sets.
const (
	healthRoute          = "GET /v1/sys/health"
	readDestinationRoute = "GET /v1/sys/sync/destinations/{type}/{name}"
	createCloudOneRoute  = "POST /v1/sys/sync/destinations/cloudone-sm/{name}"
	setRoute             = "POST /v1/sys/sync/destinations/{type}/{name}/associations/set"
)

// destinationAndSets are the requests of an apply that makes the
// destination and sets associations: neither a read of the associations
// nor one by secret.
func destinationAndSets(sets int64) map[string]int64 {
	return map[string]int64{healthRoute: 1, readDestinationRoute: 1, createCloudOneRoute: 1, setRoute: sets}
}

// expectRequests checks that the emulator counted exactly want, by route,
// since *before.
func expectRequests(s *acctest.Secrets, before *emulator.Stats, want map[string]int64) resource.TestCheckFunc {
	return func(*terraform.State) error {
		if got := s.RequestsSince(*before); !maps.Equal(got, want) {
			return fmt.Errorf("requests %v, want %v", got, want)
		}
		return nil
	}
}

// An association's create is one request, the set, whose answer holds the
// association: the associations of one destination, of different secret
// names, are made alongside each other.
func TestAccAssociation_createIsOneSet(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{})
	dest := tfacctest.RandomWithPrefix("assoc")
	config := s.ProviderConfig() + assocDestination(dest, "")
	var checks []resource.TestCheckFunc
	for i := range 3 {
		label := fmt.Sprintf("s%d", i)
		config += assocResource(label, "secret", "app/"+label, "")
		checks = append(checks, assocStateMatchesServer(t, s, "stack_secrets_sync_association."+label))
	}
	var before emulator.Stats
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			PreConfig: func() { before = s.Emulator.Stats() },
			Config:    config,
			// The requests are counted first: the other checks read.
			Check: resource.ComposeAggregateTestCheckFunc(append([]resource.TestCheckFunc{
				expectRequests(s, &before, destinationAndSets(3))}, checks...)...),
		}},
	})
}

// A secret of one name associated outside Terraform from two other mounts
// leaves the set's answer with three entries of that name, none of whose
// accessors the provider has seen: it sets the secret again, and the one
// entry that changed is this association's.
func TestAccAssociation_setAgainAmongEntriesMadeOutside(t *testing.T) {
	emu := acctest.NewSecretsEmulator(t, emulator.Options{Secrets: emusecrets.Options{KVMounts: map[string]int{"m1": 2, "m2": 2}}})
	dest := tfacctest.RandomWithPrefix("assoc")
	// The service takes the outside associations away with the destination.
	destination := assocDestination(dest, "purge_on_destroy = true")
	config := emu.ProviderConfig() + destination + assocResource("test", "secret", "shared", "")
	var before emulator.Stats
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: emu.ProviderConfig() + destination},
			{
				PreConfig: func() {
					for _, m := range []string{"m1", "m2"} {
						if _, _, err := emu.Client(t).SetAssociation(context.Background(), secretsclient.TypeCloudOneSM, dest, m, "shared"); err != nil {
							t.Fatal(err)
						}
					}
					before = emu.Emulator.Stats()
				},
				Config: config,
				Check: resource.ComposeAggregateTestCheckFunc(
					// The plan's process refreshes the destination; the apply's sets twice.
					expectRequests(emu, &before, map[string]int64{healthRoute: 2, readDestinationRoute: 1, setRoute: 2}),
					assocStateMatchesServer(t, emu, assocAddr),
				),
			},
		},
	})
}

// When the second set fails, the association is made all the same: the
// create leaves the accessor empty, with a warning, and reads the status
// by secret. A proxy answers the second set 503, which the provider, told
// to make no retry, takes as final.
func TestAccAssociation_failedSecondSetLeavesTheAccessorEmpty(t *testing.T) {
	emu := acctest.NewSecretsEmulator(t, emulator.Options{Secrets: emusecrets.Options{KVMounts: map[string]int{"m1": 2, "m2": 2}}})
	var sets atomic.Int64
	s, _ := newProxy(t, emu, func(r *http.Response, body []byte) []byte {
		if r.Request.Method == http.MethodPost && strings.HasSuffix(r.Request.URL.Path, "/associations/set") && sets.Add(1) == 2 {
			r.StatusCode = http.StatusServiceUnavailable
			return []byte(`{"errors":["unavailable"]}`)
		}
		return body
	})
	dest := tfacctest.RandomWithPrefix("assoc")
	provider := strings.Replace(s.ProviderConfig(), "max_retries = 6", "max_retries = 0", 1)
	destination := assocDestination(dest, "purge_on_destroy = true")
	var before emulator.Stats
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: provider + destination},
			{
				PreConfig: func() {
					for _, m := range []string{"m1", "m2"} {
						if _, _, err := emu.Client(t).SetAssociation(context.Background(), secretsclient.TypeCloudOneSM, dest, m, "shared"); err != nil {
							t.Fatal(err)
						}
					}
					before = emu.Emulator.Stats()
				},
				Config: provider + destination + assocResource("test", "secret", "shared", ""),
				Check: resource.ComposeAggregateTestCheckFunc(
					expectRequests(s, &before, map[string]int64{healthRoute: 2, readDestinationRoute: 1, setRoute: 2, "GET /v1/sys/sync/associations/{path...}": 1}),
					resource.TestCheckNoResourceAttr(assocAddr, "accessor"),
					resource.TestCheckResourceAttr(assocAddr, "sync_status", secretsclient.StatusSynced),
					assocOnServer(t, s, dest, "secret", "shared", secretsclient.StatusSynced),
				),
			},
		},
	})
}

// A mount deleted outside Terraform takes its associations with it: the
// service answers 400 for the mount, which the refresh takes as gone, in
// the path form of the read (a secret name without a slash) and in the
// query form. The emulator's mounts are fixed, so a proxy renames the
// mount in the requests, and the emulator answers as for a deleted one.
func TestAccAssociation_mountDeletedOutsideTerraform(t *testing.T) {
	emu := acctest.NewSecretsEmulator(t, emulator.Options{Secrets: emusecrets.Options{KVMounts: map[string]int{"doomed": 2}, PurgeDelay: -1}})
	s, proxy := newProxy(t, emu, nil)
	dest := tfacctest.RandomWithPrefix("assoc")
	withAssociations := s.ProviderConfig() + assocDestination(dest, "purge_on_destroy = true") +
		assocResource("path_form", "doomed", "key", "") + assocResource("query_form", "doomed", "app/key", "")

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: withAssociations,
				Check: resource.ComposeAggregateTestCheckFunc(
					assocOnServer(t, s, dest, "doomed", "key", "SYNCED"),
					assocOnServer(t, s, dest, "doomed", "app/key", "SYNCED"),
				),
			},
			{
				PreConfig: func() {
					proxy.rewriteRequests(func(r *http.Request) {
						r.URL.Path = strings.Replace(r.URL.Path, "/associations/doomed/", "/associations/deleted/", 1)
						r.URL.RawQuery = strings.Replace(r.URL.RawQuery, "mount=doomed", "mount=deleted", 1)
					})
				},
				RefreshState:       true,
				Check:              notInState("stack_secrets_sync_association.path_form", "stack_secrets_sync_association.query_form"),
				ExpectNonEmptyPlan: true,
			},
			{
				// Nothing to remove: the refresh dropped them.
				Config: s.ProviderConfig() + assocDestination(dest, "purge_on_destroy = true"),
				Check: func(*terraform.State) error {
					if n := emu.Emulator.Stats().Requests["POST /v1/sys/sync/destinations/{type}/{name}/associations/remove"]; n != 0 {
						return fmt.Errorf("%d removals reached the service, want none", n)
					}
					return nil
				},
			},
		},
	})
}

// An association the service lists as UNSYNCED is on its way out: the
// refresh takes it as gone, and the plan creates it again.
func TestAccAssociation_unsyncedIsGone(t *testing.T) {
	var unsynced atomic.Bool
	status := regexp.MustCompile(`"sync_status":"SYNCED"`)
	s, proxy := newProxy(t, acctest.NewSecretsEmulator(t, emulator.Options{}), func(r *http.Response, body []byte) []byte {
		if !unsynced.Load() || r.Request.Method != http.MethodGet || !strings.HasPrefix(r.Request.URL.Path, "/v1/sys/sync/associations/") {
			return body
		}
		return status.ReplaceAll(body, []byte(`"sync_status":"UNSYNCED"`))
	})
	dest := tfacctest.RandomWithPrefix("assoc")
	config := s.ProviderConfig() + assocDestination(dest, "") + assocResource("test", "secret", "app/key", "")

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config},
			{
				PreConfig:          func() { unsynced.Store(true) },
				RefreshState:       true,
				Check:              notInState(assocAddr),
				ExpectNonEmptyPlan: true,
			},
			{
				PreConfig: func() {
					if proxy.edited.Load() == 0 {
						t.Fatal("the proxy changed no sync_status: the test did not test that")
					}
					unsynced.Store(false)
				},
				Config: config,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(assocAddr, plancheck.ResourceActionCreate)},
				},
				Check: assocOnServer(t, s, dest, "secret", "app/key", "SYNCED"),
			},
		},
	})
}

// Plan-time checks of the attributes, and the apply's message when the
// destination does not exist.
func TestAccAssociation_errors(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{})
	config := func(typ, name, mount, secret string) string {
		return s.ProviderConfig() + fmt.Sprintf(`
resource "stack_secrets_sync_association" "test" {
  destination_type = %q
  destination_name = %q
  mount            = %q
  secret_name      = %q
}
`, typ, name, mount, secret)
	}
	check.PlanErrors(t, s, []check.PlanError{
		{Config: config("cloudfour-sm", "d", "secret", "s"), Want: check.Literal(`Attribute destination_type value must be one of: ["cloudone-sm" "cloudtwo-kv" "cloudthree-sm" "codehost" "webhost-project"], got: "cloudfour-sm"`)},
		{Config: config("cloudone-sm", "a/b", "secret", "s"), Want: check.Wrapped(`Attribute destination_name ` + nameRuleText + `, got: a/b`)},
		{Config: config("cloudone-sm", "..", "secret", "s"), Want: check.Wrapped(`Attribute destination_name ` + nameRuleText + `, got: \.\.`)},
		{Config: config("cloudone-sm", "", "secret", "s"), Want: check.Wrapped(`Attribute destination_name ` + nameRuleText + `, got:`)},
		{Config: config("cloudone-sm", "d", "", "s"), Want: check.Literal(`Attribute mount string length must be at least 1, got: 0`)},
		{Config: config("cloudone-sm", "d", "secret", ""), Want: check.Literal(`Attribute secret_name string length must be at least 1, got: 0`)},
	})

	missing := tfacctest.RandomWithPrefix("missing")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config("cloudone-sm", missing, "secret", "app/key"),
			ExpectError: check.Wrapped(regexp.QuoteMeta(fmt.Sprintf(`Cannot associate the secret "app/key" of mount "secret" with the cloudone-sm destination %q`, missing)) +
				".*" + regexp.QuoteMeta(fmt.Sprintf(`The service has no cloudone-sm destination named %q (check the type and the name).`, missing))),
		}},
	})
}

// Every attribute identifies the association: changing the destination
// (its type or its name) or the mount replaces it.
func TestAccAssociation_replacements(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{Secrets: emusecrets.Options{KVMounts: map[string]int{"other": 2}}})
	prefix := tfacctest.RandomWithPrefix("assoc")
	config := func(typ, dest, mount string) string {
		return s.ProviderConfig() + fmt.Sprintf(`
resource "stack_secrets_sync_cloudone_sm_destination" "a" {
  name   = "%[1]s-a"
  region = "us-east-1"
}

resource "stack_secrets_sync_cloudone_sm_destination" "b" {
  name   = "%[1]s-b"
  region = "us-east-1"
}

resource "stack_secrets_sync_webhost_project_destination" "a" {
  name                    = "%[1]s-a"
  project_id              = "prj"
  access_token            = "token"
  deployment_environments = ["production"]
}

resource "stack_secrets_sync_association" "test" {
  destination_type = %[2]q
  destination_name = "%[1]s-%[3]s"
  mount            = %[4]q
  secret_name      = "app/key"
  depends_on       = [stack_secrets_sync_cloudone_sm_destination.a, stack_secrets_sync_cloudone_sm_destination.b, stack_secrets_sync_webhost_project_destination.a]
}
`, prefix, typ, dest, mount)
	}
	on := func(typ, dest, mount string) resource.TestCheckFunc {
		return func(*terraform.State) error {
			l, _, err := s.Client(t).ListAssociations(context.Background())
			if err != nil {
				return err
			}
			if l.TotalAssociations != 1 {
				return fmt.Errorf("the service holds %d associations, want 1: %v", l.TotalAssociations, l.Keys)
			}
			got, _, err := s.Client(t).ReadDestinationsBySecret(context.Background(), mount, "app/key")
			if err != nil {
				return err
			}
			if _, ok := got.AssociatedDestinations[typ+"/"+prefix+"-"+dest]; !ok {
				return fmt.Errorf("%s/app/key is not associated with %s/%s-%s: %v", mount, typ, prefix, dest, got.AssociatedDestinations)
			}
			return nil
		}
	}
	step := func(typ, dest, mount string, action plancheck.ResourceActionType) resource.TestStep {
		return resource.TestStep{
			Config:           config(typ, dest, mount),
			ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(assocAddr, action)}},
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(assocAddr, check.Path("destination_type"), check.Str(typ)),
				statecheck.ExpectKnownValue(assocAddr, check.Path("destination_name"), check.Str(prefix+"-"+dest)),
				statecheck.ExpectKnownValue(assocAddr, check.Path("mount"), check.Str(mount)),
			},
			Check: resource.ComposeAggregateTestCheckFunc(on(typ, dest, mount), assocStateMatchesServer(t, s, assocAddr)),
		}
	}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			step("cloudone-sm", "a", "secret", plancheck.ResourceActionCreate),
			step("cloudone-sm", "b", "secret", plancheck.ResourceActionDestroyBeforeCreate),
			step("cloudone-sm", "b", "other", plancheck.ResourceActionDestroyBeforeCreate),
			step("webhost-project", "a", "other", plancheck.ResourceActionDestroyBeforeCreate),
		},
	})
}

// notInState checks that the refresh dropped resources from the state.
func notInState(addrs ...string) resource.TestCheckFunc {
	return func(st *terraform.State) error {
		for _, addr := range addrs {
			if _, ok := st.RootModule().Resources[addr]; ok {
				return fmt.Errorf("%s is still in the state", addr)
			}
		}
		return nil
	}
}

// When the set's answer cannot single the association out, its status is
// read by secret after the set: if that read fails, the association is
// made all the same, so the state saves it (without a status, tainted),
// and the next apply replaces it.
func TestAccAssociation_statusReadFailsAfterSet(t *testing.T) {
	emu := acctest.NewSecretsEmulator(t, emulator.Options{Secrets: emusecrets.Options{KVMounts: map[string]int{"m1": 2}}})
	// One time for every association: a set of one already there then
	// changes nothing the answer shows.
	sameTime := regexp.MustCompile(`"updated_at":"[^"]*"`)
	s, _ := newProxy(t, emu, func(_ *http.Response, body []byte) []byte {
		return sameTime.ReplaceAll(body, []byte(`"updated_at":"2024-05-01T10:00:00Z"`))
	})
	dest := tfacctest.RandomWithPrefix("assoc")
	provider := strings.Replace(s.ProviderConfig(), "max_retries = 6", "max_retries = 0", 1)
	config := provider + assocDestination(dest, "") + assocResource("test", "m1", "shared", "")
	outside := func(change func(ctx context.Context, c *secretsclient.Client, mount string) error, mounts ...string) {
		t.Helper()
		for _, m := range mounts {
			if err := change(context.Background(), s.Client(t), m); err != nil {
				t.Fatal(err)
			}
		}
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: provider + assocDestination(dest, "")},
			{
				// Associated outside Terraform already, in two mounts, the
				// secrets named shared look alike in the set's answer.
				PreConfig: func() {
					outside(func(ctx context.Context, c *secretsclient.Client, mount string) error {
						_, _, err := c.SetAssociation(ctx, secretsclient.TypeCloudOneSM, dest, mount, "shared")
						return err
					}, "secret", "m1")
					emu.Emulator.FailNext("GET /v1/sys/sync/associations/{path...}", 1)
				},
				Config: config,
				ExpectError: check.Wrapped(`Cannot create the association: partly applied .*` +
					`The create changed the server before it failed: the secret "shared" of mount "m1" is associated with the cloudone-sm destination "` + dest + `"\. ` +
					`The request for sync_status then failed, so that part is not done\. .*tainted.*GET http://\S+/v1/sys/sync/associations/m1/shared: (429|503) `),
			},
			{
				Config:             config,
				PlanOnly:           true,
				ExpectNonEmptyPlan: true,
				ConfigPlanChecks: acctest.PlansFromSaved(assocAddr, plancheck.ResourceActionReplace, func() map[string]any {
					return map[string]any{"tainted": true, "mount": "m1", "secret_name": "shared", "accessor": nil, "sync_status": nil, "updated_at": nil}
				}),
			},
			{
				PreConfig: func() {
					outside(func(ctx context.Context, c *secretsclient.Client, mount string) error {
						_, _, err := c.RemoveAssociation(ctx, secretsclient.TypeCloudOneSM, dest, mount, "shared")
						return err
					}, "secret")
				},
				Config: config,
				Check: resource.ComposeTestCheckFunc(
					assocOnServer(t, s, dest, "m1", "shared", secretsclient.StatusSynced),
					assocStateMatchesServer(t, s, assocAddr),
				),
			},
		},
	})
}
