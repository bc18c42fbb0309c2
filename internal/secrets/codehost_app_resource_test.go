package secrets_test

import (
	"context"
	"crypto"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/rsa"
	"crypto/sha256"
	"crypto/x509"
	"encoding/base64"
	"encoding/pem"
	"fmt"
	"testing"

	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
)

const appAddr = "stack_secrets_sync_codehost_app.test"

// appKey is a generated app private key, PEM-encoded, and its fingerprint
// computed here as the emulator documents it: "SHA256:" and the padded
// standard base64 of the SHA-256 of the public key in PKIX DER.
type appKey struct {
	pem, fingerprint string
}

func appNewKey(t *testing.T, rsaKey bool) appKey {
	t.Helper()
	var (
		key crypto.Signer
		err error
	)
	if rsaKey {
		key, err = rsa.GenerateKey(rand.Reader, 2048)
	} else {
		key, err = ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	}
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		t.Fatal(err)
	}
	pub, err := x509.MarshalPKIXPublicKey(key.Public())
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(pub)
	return appKey{
		pem:         string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: der})),
		fingerprint: "SHA256:" + base64.StdEncoding.EncodeToString(sum[:]),
	}
}

// appConfig is the test app with the given attributes besides its name.
func appConfig(s *acctest.Secrets, name, body string) string {
	return s.ProviderConfig() + fmt.Sprintf(`
resource "stack_secrets_sync_codehost_app" "test" {
  name = %q
  %s
}
`, name, body)
}

// appWithKey is the body of an app with app_id and private_key.
func appWithKey(appID int, key appKey) string {
	return fmt.Sprintf("app_id = %d\n  private_key = %q", appID, key.pem)
}

// appWithWOKey is the body of an app with app_id 654321 and the
// write-only key.
func appWithWOKey(key appKey, version int) string {
	return fmt.Sprintf("app_id = 654321\n  private_key_wo = %q\n  private_key_wo_version = %d", key.pem, version)
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
	return func(*terraform.State) error {
		_, _, err := s.Client(t).ReadCodehostApp(context.Background(), name)
		if err == nil {
			return fmt.Errorf("the code-host app %q still exists", name)
		}
		if !isNotFound(err) {
			return err
		}
		return nil
	}
}

func TestAccCodehostApp_lifecycle(t *testing.T) {
	s := acctest.NewSecrets(t)
	name := tfacctest.RandomWithPrefix("app")
	key1, key2, key3 := appNewKey(t, false), appNewKey(t, false), appNewKey(t, true)

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             appGone(t, s, name),
		Steps: []resource.TestStep{
			{
				Config: appConfig(s, name, appWithKey(123456, key1)),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(appAddr, attr("name"), str(name)),
					statecheck.ExpectKnownValue(appAddr, attr("app_id"), knownvalue.Int64Exact(123456)),
					statecheck.ExpectKnownValue(appAddr, attr("fingerprint"), str(key1.fingerprint)),
					// Obfuscated by the service: state keeps it as configured.
					statecheck.ExpectKnownValue(appAddr, attr("private_key"), str(key1.pem)),
				},
				Check: appOnServer(t, s, name, 123456, key1.fingerprint),
			},
			{
				// The same key: the fingerprint is known at plan time.
				Config: appConfig(s, name, appWithKey(654321, key1)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(appAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(appAddr, attr("fingerprint"), str(key1.fingerprint)),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(appAddr, attr("app_id"), knownvalue.Int64Exact(654321)),
				},
				Check: appOnServer(t, s, name, 654321, key1.fingerprint),
			},
			{
				ResourceName:                         appAddr,
				ImportState:                          true,
				ImportStateId:                        name,
				ImportStateVerify:                    true,
				ImportStateVerifyIdentifierAttribute: "name",
				ImportStateVerifyIgnore:              []string{"private_key"},
			},
			{
				// A new key through the write-only twin: the fingerprint follows.
				Config: appConfig(s, name, appWithWOKey(key2, 1)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(appAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectUnknownValue(appAddr, attr("fingerprint")),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(appAddr, attr("fingerprint"), str(key2.fingerprint)),
					statecheck.ExpectKnownValue(appAddr, attr("private_key"), knownvalue.Null()),
					statecheck.ExpectKnownValue(appAddr, attr("private_key_wo"), knownvalue.Null()),
					statecheck.ExpectKnownValue(appAddr, attr("private_key_wo_version"), knownvalue.Int64Exact(1)),
				},
				Check: appOnServer(t, s, name, 654321, key2.fingerprint),
			},
			{
				// Another key under the same version is not sent: Terraform
				// cannot compare write-only values.
				Config: appConfig(s, name, appWithWOKey(key3, 1)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: appOnServer(t, s, name, 654321, key2.fingerprint),
			},
			{
				// A new version sends it.
				Config: appConfig(s, name, appWithWOKey(key3, 2)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectUnknownValue(appAddr, attr("fingerprint"))},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(appAddr, attr("fingerprint"), str(key3.fingerprint)),
				},
				Check: appOnServer(t, s, name, 654321, key3.fingerprint),
			},
			{
				// app_id changed outside Terraform shows as drift and is reverted.
				PreConfig: func() {
					if _, _, err := s.Client(t).WriteCodehostApp(context.Background(), name, "777", key3.pem); err != nil {
						t.Fatal(err)
					}
				},
				Config: appConfig(s, name, appWithWOKey(key3, 2)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(appAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(appAddr, attr("fingerprint"), str(key3.fingerprint)),
					},
				},
				Check: appOnServer(t, s, name, 654321, key3.fingerprint),
			},
			{
				// Deleted outside Terraform: created again.
				PreConfig: func() {
					if _, err := s.Client(t).DeleteCodehostApp(context.Background(), name); err != nil {
						t.Fatal(err)
					}
				},
				Config: appConfig(s, name, appWithWOKey(key3, 2)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(appAddr, plancheck.ResourceActionCreate)},
				},
				Check: appOnServer(t, s, name, 654321, key3.fingerprint),
			},
			{
				// The name is create-only.
				Config: appConfig(s, name+"-b", appWithWOKey(key3, 2)),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(appAddr, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				Check: resource.ComposeTestCheckFunc(
					appGone(t, s, name),
					appOnServer(t, s, name+"-b", 654321, key3.fingerprint),
				),
			},
		},
	})
}

// The service refuses to delete an app that a codehost destination uses.
// The destination is made outside Terraform, so that Terraform's graph
// does not order its removal first.
func TestAccCodehostApp_deleteWhileReferenced(t *testing.T) {
	s := acctest.NewSecrets(t)
	name := tfacctest.RandomWithPrefix("app")
	dest := tfacctest.RandomWithPrefix("apps-dest")
	key := appNewKey(t, false)
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
				ExpectError: assocError(fmt.Sprintf(`Code-host app still in use.*code-host app %q while codehost destinations.*`+
					`Destroy those stack_secrets_sync_codehost_destination resources, or point them at another app.*Server said:.*409 Conflict.*codehost/%s`, name, dest)),
				Check: appOnServer(t, s, name, 42, key.fingerprint),
			},
			{
				PreConfig: func() {
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
	key := appNewKey(t, false)
	if _, _, err := s.Client(t).WriteCodehostApp(context.Background(), name, "1", key.pem); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _, _ = s.Client(t).DeleteCodehostApp(context.Background(), name) })

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config:      appConfig(s, name, appWithKey(2, key)),
				ExpectError: assocError(fmt.Sprintf(`Code-host app already exists.*named %q.*terraform import <resource address> %s`, name, name)),
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
				ExpectError:   assocError(`The import ID of a code-host app is its name, which has no slash; got "a/b"`),
			},
		},
	})
}

func TestAccCodehostApp_validation(t *testing.T) {
	s := acctest.NewSecrets(t)
	name := tfacctest.RandomWithPrefix("app")
	key := appNewKey(t, false)
	cert := string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: []byte("not a certificate")}))
	broken := string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: []byte("not DER")}))
	step := func(body, pattern string) resource.TestStep {
		return resource.TestStep{Config: appConfig(s, name, body), PlanOnly: true, ExpectError: assocError(pattern)}
	}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			step(`app_id = 1
  private_key = "not a key"`, `Invalid private key.*private_key must be a PEM-encoded private key.*no PEM block found`),
			step(fmt.Sprintf("app_id = 1\n  private_key = %q", cert), `Invalid private key.*private_key must be.*the PEM block is a "CERTIFICATE", not a private key`),
			step(fmt.Sprintf("app_id = 1\n  private_key = %q", broken), `Invalid private key.*private_key must be.*the PRIVATE KEY block does not parse`),
			step(`app_id = 1
  private_key_wo = "not a key"
  private_key_wo_version = 1`, `Invalid private key.*private_key_wo must be a PEM-encoded private key`),
			step(`app_id = 1`, `Missing private_key.*private_key or private_key_wo is required`),
			step(fmt.Sprintf("app_id = 0\n  private_key = %q", key.pem), `app_id value must be at least 1, got: 0`),
			step(fmt.Sprintf("app_id = 1\n  private_key = %q\n  private_key_wo = %q", key.pem, key.pem), `Invalid Attribute Combination.*private_key_wo`),
			step(fmt.Sprintf("app_id = 1\n  private_key = %q\n  private_key_wo_version = 1", key.pem), `Invalid Attribute Combination.*private_key_wo`),
			{
				Config:      appConfig(s, "a/b", fmt.Sprintf("app_id = 1\n  private_key = %q", key.pem)),
				PlanOnly:    true,
				ExpectError: assocError(`name must not contain a slash`),
			},
		},
	})
}
