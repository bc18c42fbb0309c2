package secrets_test

import (
	"context"
	"encoding/pem"
	"fmt"
	"regexp"
	"testing"

	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
)

const appAddr = "stack_secrets_sync_codehost_app.test"

// appConfig is the test app with the given attributes besides its name.
func appConfig(s *acctest.Secrets, name, body string) string {
	return resourceConfig(s, "codehost_app", name, body)
}

// appWithKey is the body of an app with app_id and private_key.
func appWithKey(appID int, key testKey) string {
	return fmt.Sprintf("app_id = %d\n  private_key = %q", appID, key.pem)
}

// appWithWOKey is the body of an app with app_id and the write-only key.
func appWithWOKey(appID int, key testKey, version int) string {
	return fmt.Sprintf("app_id = %d\n  private_key_wo = %q\n  private_key_wo_version = %d", appID, key.pem, version)
}

// appOnServer checks the app the service holds.
func appOnServer(t *testing.T, s *acctest.Secrets, name string, appID int64, fingerprint string) resource.TestCheckFunc {
	return func(*terraform.State) error {
		a, _, err := s.Client(t).ReadCodehostApp(context.Background(), name)
		if err != nil {
			return err
		}
		if a.AppID != appID || a.Fingerprint != fingerprint {
			return fmt.Errorf("the service holds app_id %d, fingerprint %s; want %d, %s", a.AppID, a.Fingerprint, appID, fingerprint)
		}
		return nil
	}
}

func appGone(t *testing.T, s *acctest.Secrets, name string) resource.TestCheckFunc {
	return check.Gone(t, s.Client, fmt.Sprintf("the code-host app %q", name), func(ctx context.Context, c *secretsclient.Client) error {
		_, _, err := c.ReadCodehostApp(ctx, name)
		return err
	})
}

func TestAccCodehostApp_lifecycle(t *testing.T) {
	s := acctest.NewSecrets(t)
	name := tfacctest.RandomWithPrefix("app")
	key1, key2, key3 := newTestKey(t, false), newTestKey(t, false), newTestKey(t, true)

	check.Lifecycle[*secretsclient.Client]{
		Service: s, Client: s.Client, Address: appAddr, IDAttribute: "name",
		CheckDestroy: appGone(t, s, name),
		PlanErrors:   appPlanErrors(t, s),
		Create: check.Step{
			Config: appConfig(s, name, appWithKey(123456, key1)),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(appAddr, check.Path("name"), check.Str(name)),
				statecheck.ExpectKnownValue(appAddr, check.Path("app_id"), knownvalue.Int64Exact(123456)),
				statecheck.ExpectKnownValue(appAddr, check.Path("fingerprint"), check.Str(key1.fingerprint)),
				// Obfuscated by the service: state keeps it as configured.
				statecheck.ExpectKnownValue(appAddr, check.Path("private_key"), check.Str(key1.pem)),
			},
			Check: appOnServer(t, s, name, 123456, key1.fingerprint),
		},
		Update: check.Step{
			// The update sends the key again: its fingerprint is known
			// after the apply.
			Config:     appConfig(s, name, appWithKey(654321, key1)),
			PlanChecks: []plancheck.PlanCheck{plancheck.ExpectUnknownValue(appAddr, check.Path("fingerprint"))},
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(appAddr, check.Path("app_id"), knownvalue.Int64Exact(654321)),
				statecheck.ExpectKnownValue(appAddr, check.Path("fingerprint"), check.Str(key1.fingerprint)),
			},
			Check: appOnServer(t, s, name, 654321, key1.fingerprint),
			Then: []resource.TestStep{
				check.ImportByName(appAddr, name, "private_key"),
				{
					// A new key through the write-only twin: the fingerprint follows.
					Config: appConfig(s, name, appWithWOKey(654321, key2, 1)),
					ConfigPlanChecks: resource.ConfigPlanChecks{
						PreApply: []plancheck.PlanCheck{
							plancheck.ExpectResourceAction(appAddr, plancheck.ResourceActionUpdate),
							plancheck.ExpectUnknownValue(appAddr, check.Path("fingerprint")),
						},
					},
					ConfigStateChecks: []statecheck.StateCheck{
						statecheck.ExpectKnownValue(appAddr, check.Path("fingerprint"), check.Str(key2.fingerprint)),
						statecheck.ExpectKnownValue(appAddr, check.Path("private_key"), knownvalue.Null()),
						statecheck.ExpectKnownValue(appAddr, check.Path("private_key_wo"), knownvalue.Null()),
						statecheck.ExpectKnownValue(appAddr, check.Path("private_key_wo_version"), knownvalue.Int64Exact(1)),
					},
					Check: appOnServer(t, s, name, 654321, key2.fingerprint),
				},
				{
					// Another key under the same version is not sent: Terraform
					// cannot compare write-only values.
					Config: appConfig(s, name, appWithWOKey(654321, key3, 1)),
					ConfigPlanChecks: resource.ConfigPlanChecks{
						PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
					},
					Check: appOnServer(t, s, name, 654321, key2.fingerprint),
				},
				{
					// A new version sends it.
					Config: appConfig(s, name, appWithWOKey(654321, key3, 2)),
					ConfigPlanChecks: resource.ConfigPlanChecks{
						PreApply: []plancheck.PlanCheck{plancheck.ExpectUnknownValue(appAddr, check.Path("fingerprint"))},
					},
					ConfigStateChecks: []statecheck.StateCheck{
						statecheck.ExpectKnownValue(appAddr, check.Path("fingerprint"), check.Str(key3.fingerprint)),
					},
					Check: appOnServer(t, s, name, 654321, key3.fingerprint),
				},
			},
		},
		// Imported as the write-only key left it: no import can read the
		// version of a write-only key, whose plan sends the key again.
		Imports: []check.ImportID{{ID: func(string) string { return name }, Ignore: []string{"private_key_wo_version"}}},
		// app_id changed outside Terraform shows as drift and is reverted.
		OutOfBandChange: check.Change[*secretsclient.Client]{
			Do: func(ctx context.Context, c *secretsclient.Client, _ string) error {
				_, _, err := c.WriteCodehostApp(ctx, name, "777", key3.pem)
				return err
			},
			Step: check.Step{
				Config: appConfig(s, name, appWithWOKey(654321, key3, 2)),
				// The update sends the write-only key, which a plan cannot read.
				PlanChecks: []plancheck.PlanCheck{plancheck.ExpectUnknownValue(appAddr, check.Path("fingerprint"))},
				Check:      appOnServer(t, s, name, 654321, key3.fingerprint),
			},
		},
		// Deleted outside Terraform: created again.
		OutOfBandDelete: check.Change[*secretsclient.Client]{
			Do: func(ctx context.Context, c *secretsclient.Client, _ string) error {
				_, err := c.DeleteCodehostApp(ctx, name)
				return err
			},
			Step: check.Step{
				Config: appConfig(s, name, appWithWOKey(654321, key3, 2)),
				Check:  appOnServer(t, s, name, 654321, key3.fingerprint),
			},
		},
		Replace: check.Step{
			// The name is create-only.
			Config: appConfig(s, name+"-b", appWithWOKey(654321, key3, 2)),
			Check: resource.ComposeTestCheckFunc(
				appGone(t, s, name),
				appOnServer(t, s, name+"-b", 654321, key3.fingerprint),
			),
		},
	}.Run(t)
}

// The service refuses to delete an app that a codehost destination uses.
// The destination is made outside Terraform, so that Terraform's graph
// does not order its removal first.
func TestAccCodehostApp_deleteWhileReferenced(t *testing.T) {
	s := acctest.NewSecrets(t)
	name := tfacctest.RandomWithPrefix("app")
	dest := tfacctest.RandomWithPrefix("apps-dest")
	key := newTestKey(t, false)
	ctx := context.Background()

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             appGone(t, s, name),
		Steps: []resource.TestStep{
			{
				Config: appConfig(s, name, appWithKey(42, key)),
				Check: func(*terraform.State) error {
					_, _, err := s.Client(t).WriteDestination(ctx, dest, secretsclient.CodehostDestination{
						AppName: name, InstallationID: "4242", RepositoryOwner: "octo", RepositoryName: "repo",
					})
					return err
				},
			},
			{
				Config: s.ProviderConfig(),
				ExpectError: check.Wrapped(fmt.Sprintf(`Code-host app still in use.*code-host app %q while codehost destinations.*`+
					`Destroy those stack_secrets_sync_codehost_destination resources, or point them at another app.*Server said:.*409 Conflict.*codehost/%s`, name, dest)),
			},
			{
				// A step that expects an error runs no Check: the refused
				// delete left the app as it was.
				PreConfig: func() {
					if err := appOnServer(t, s, name, 42, key.fingerprint)(nil); err != nil {
						t.Fatal(err)
					}
					if _, err := s.Client(t).DeleteDestination(ctx, secretsclient.TypeCodehost, dest, false); err != nil {
						t.Fatal(err)
					}
				},
				Config: s.ProviderConfig(),
				Check:  appGone(t, s, name),
			},
		},
	})
}

// Create does not take over an app it did not create.
func TestAccCodehostApp_existing(t *testing.T) {
	s := acctest.NewSecrets(t)
	name := tfacctest.RandomWithPrefix("app")
	key := newTestKey(t, false)
	if _, _, err := s.Client(t).WriteCodehostApp(context.Background(), name, "1", key.pem); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = s.Client(t).DeleteCodehostApp(context.Background(), name) })

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      appConfig(s, name, appWithKey(2, key)),
				ExpectError: check.Wrapped(fmt.Sprintf(`Code-host app already exists.*named %q.*terraform import <resource address> %s`, name, name)),
			},
			{
				// The app is untouched.
				PreConfig: func() {
					if err := appOnServer(t, s, name, 1, key.fingerprint)(nil); err != nil {
						t.Fatal(err)
					}
				},
				ResourceName:  appAddr,
				ImportState:   true,
				ImportStateId: "a/b",
				Config:        appConfig(s, name, appWithKey(2, key)),
				ExpectError:   check.Wrapped(regexp.QuoteMeta("The import ID of a code-host app is its name. The name has 1 to 128 characters: letters, digits, `.`, `-` and `_`, starting with a letter or a digit. Got \"a/b\".")),
			},
		},
	})
}

// appPlanErrors are the plan-time errors of an app.
func appPlanErrors(t *testing.T, s *acctest.Secrets) []check.PlanError {
	name := tfacctest.RandomWithPrefix("app")
	key := newTestKey(t, false)
	cert := string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: []byte("not a certificate")}))
	broken := string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: []byte("not DER")}))
	config := func(body string) string { return appConfig(s, name, body) }

	return []check.PlanError{
		{Config: config(`app_id = 1
  private_key = "not a key"`), Want: check.Wrapped(`Invalid private key.*private_key must be a PEM-encoded private key.*no PEM block found`)},
		{Config: config(fmt.Sprintf("app_id = 1\n  private_key = %q", cert)), Want: check.Wrapped(`Invalid private key.*private_key must be.*the PEM block is a "CERTIFICATE", not a private key`)},
		{Config: config(fmt.Sprintf("app_id = 1\n  private_key = %q", broken)), Want: check.Wrapped(`Invalid private key.*private_key must be.*the PRIVATE KEY block does not parse`)},
		{Config: config(`app_id = 1
  private_key_wo = "not a key"
  private_key_wo_version = 1`), Want: check.Wrapped(`Invalid private key.*private_key_wo must be a PEM-encoded private key`)},
		{Config: config(`app_id = 1`), Want: check.Wrapped(`Missing private_key.*private_key or private_key_wo is required`)},
		{Config: config(fmt.Sprintf("app_id = 0\n  private_key = %q", key.pem)), Want: check.Literal(`app_id value must be at least 1, got: 0`)},
		{Config: config(fmt.Sprintf("app_id = 1\n  private_key = %q\n  private_key_wo = %q", key.pem, key.pem)), Want: check.Wrapped(`Invalid Attribute Combination.*private_key_wo`)},
		{Config: config(fmt.Sprintf("app_id = 1\n  private_key = %q\n  private_key_wo_version = 1", key.pem)), Want: check.Wrapped(`Invalid Attribute Combination.*private_key_wo`)},
		{Config: appConfig(s, "a/b", fmt.Sprintf("app_id = 1\n  private_key = %q", key.pem)), Want: check.Wrapped(`Attribute name ` + nameRuleText + `, got: a/b`)},
		{Config: appConfig(s, "my app", fmt.Sprintf("app_id = 1\n  private_key = %q", key.pem)), Want: check.Wrapped(`Attribute name ` + nameRuleText + `, got: my app`)},
		{Config: appConfig(s, "..", fmt.Sprintf("app_id = 1\n  private_key = %q", key.pem)), Want: check.Wrapped(`Attribute name ` + nameRuleText + `, got: \.\.`)},
	}
}

// The plan's fingerprint is the one of the key that the apply sends, so
// that the apply never contradicts it: after the key was replaced outside
// Terraform (the refresh shows the other key's fingerprint), and when the
// write-only key differs from the one last sent under the same version.
func TestAccCodehostApp_fingerprintAfterTheKeyIsSent(t *testing.T) {
	s := acctest.NewSecrets(t)
	name := tfacctest.RandomWithPrefix("app")
	key1, key2, key3 := newTestKey(t, false), newTestKey(t, true), newTestKey(t, false)
	replaceKey := func(key testKey) func() {
		return check.OutOfBand(t, s.Client, func(ctx context.Context, c *secretsclient.Client) error {
			a, _, err := c.ReadCodehostApp(ctx, name)
			if err == nil {
				_, _, err = c.WriteCodehostApp(ctx, name, fmt.Sprint(a.AppID), key.pem)
			}
			return err
		})
	}
	planned := func(action plancheck.ResourceActionType, fingerprint knownvalue.Check) resource.ConfigPlanChecks {
		fingerprintCheck := plancheck.ExpectUnknownValue(appAddr, check.Path("fingerprint"))
		if fingerprint != nil {
			fingerprintCheck = plancheck.ExpectKnownValue(appAddr, check.Path("fingerprint"), fingerprint)
		}
		return resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(appAddr, action), fingerprintCheck}}
	}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             appGone(t, s, name),
		Steps: []resource.TestStep{
			{
				// Known once the key has been sent.
				Config:           appConfig(s, name, appWithKey(1, key1)),
				ConfigPlanChecks: planned(plancheck.ResourceActionCreate, nil),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(appAddr, check.Path("fingerprint"), check.Str(key1.fingerprint)),
				},
				Check: appOnServer(t, s, name, 1, key1.fingerprint),
			},
			{
				// Replaced outside Terraform, then an update of another
				// attribute: the update sends the configured key.
				PreConfig:        replaceKey(key2),
				Config:           appConfig(s, name, appWithKey(2, key1)),
				ConfigPlanChecks: planned(plancheck.ResourceActionUpdate, nil),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(appAddr, check.Path("fingerprint"), check.Str(key1.fingerprint)),
				},
				Check: appOnServer(t, s, name, 2, key1.fingerprint),
			},
			{
				// Replaced outside Terraform alone: the refresh shows the
				// new fingerprint, but the key cannot be read back, so
				// nothing is planned.
				PreConfig: replaceKey(key2),
				Config:    appConfig(s, name, appWithKey(2, key1)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{
					plancheck.ExpectEmptyPlan(),
					plancheck.ExpectKnownValue(appAddr, check.Path("fingerprint"), check.Str(key2.fingerprint)),
				}},
				Check: appOnServer(t, s, name, 2, key2.fingerprint),
			},
			{
				// A write-only key cannot be read in the plan.
				Config:           appConfig(s, name, appWithWOKey(2, key2, 1)),
				ConfigPlanChecks: planned(plancheck.ResourceActionUpdate, nil),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(appAddr, check.Path("fingerprint"), check.Str(key2.fingerprint)),
				},
				Check: appOnServer(t, s, name, 2, key2.fingerprint),
			},
			{
				// Another write-only key under the same version goes with
				// the next update.
				Config:           appConfig(s, name, appWithWOKey(3, key3, 1)),
				ConfigPlanChecks: planned(plancheck.ResourceActionUpdate, nil),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(appAddr, check.Path("fingerprint"), check.Str(key3.fingerprint)),
				},
				Check: appOnServer(t, s, name, 3, key3.fingerprint),
			},
			{
				// Nothing to change: the state's fingerprint stays.
				Config:           appConfig(s, name, appWithWOKey(3, key3, 1)),
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			},
		},
	})
}
