package scheduler_test

import (
	"cmp"
	"context"
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"encoding/pem"
	"fmt"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hashicorp/terraform-plugin-testing/compare"
	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"
	"github.com/hashicorp/terraform-plugin-testing/plancheck"
	"github.com/hashicorp/terraform-plugin-testing/statecheck"
	"github.com/hashicorp/terraform-plugin-testing/terraform"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	"github.com/stackworks/terraform-provider-stack/internal/client"
	schedulerclient "github.com/stackworks/terraform-provider-stack/internal/client/scheduler"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emuscheduler "github.com/stackworks/terraform-provider-stack/internal/emulator/scheduler"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

const resourceAddr = "stack_scheduler_acl_auth_method.test"

// oidcConfig is an OIDC method; extra is spliced into its config object.
func oidcConfig(s *acctest.Scheduler, name, locality, ttl, extra string) string {
	return s.ProviderConfig() + fmt.Sprintf(`
resource "stack_scheduler_acl_auth_method" "test" {
  name           = %q
  type           = "OIDC"
  token_locality = %q
  max_token_ttl  = %q
  config = {
    oidc_discovery_url    = "https://idp.example.com"
    oidc_client_id        = "MyClient"
    oidc_client_secret    = "s3cret"
    bound_audiences       = ["MyClient", "Other-Audience"]
    allowed_redirect_uris = ["http://localhost:4649/oidc/callback"]
    %s
  }
}
`, name, locality, ttl, extra)
}

// minimalOIDC is an OIDC method with only its required settings, as the
// resource labeled label; args are spliced among its own arguments, and
// extra into its config object.
func minimalOIDC(label, name, args, extra string) string {
	return fmt.Sprintf(`
resource "stack_scheduler_acl_auth_method" %q {
  name           = %q
  type           = "OIDC"
  token_locality = "global"
  max_token_ttl  = "1h"
  %s
  config = {
    oidc_discovery_url    = "https://idp.example.com"
    oidc_client_id        = "c"
    oidc_client_secret    = "s"
    allowed_redirect_uris = ["http://localhost/cb"]
    %s
  }
}
`, label, name, args, extra)
}

func jwtConfig(s *acctest.Scheduler, name, pubKey, extra string) string {
	return s.ProviderConfig() + jwtMethod(name, pubKey, extra)
}

// jwtMethod is the JWT method of jwtConfig without the provider block.
func jwtMethod(name, pubKey, extra string) string {
	return fmt.Sprintf(`
resource "stack_scheduler_acl_auth_method" "test" {
  name           = %q
  type           = "JWT"
  token_locality = "local"
  max_token_ttl  = "30m"
  config = {
    jwt_validation_pub_keys = [%q]
    allowed_redirect_uris   = ["http://localhost:4649/oidc/callback"]
    %s
  }
}
`, name, pubKey, extra)
}

func publicKeyPEM(t *testing.T) string {
	t.Helper()
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	der, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		t.Fatal(err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: der}))
}

// stored reads a method straight from the server, bypassing the provider,
// once the replica has applied the write at index (0: any answer will do).
func stored(t testing.TB, c *schedulerclient.Client, name string, index uint64) *schedulerclient.AuthMethod {
	t.Helper()
	var q *schedulerclient.QueryOptions
	if index > 0 {
		q = &schedulerclient.QueryOptions{WaitIndex: index - 1, WaitTime: 10 * time.Second}
	}
	m, _, err := c.ReadAuthMethod(context.Background(), name, q)
	if err != nil {
		t.Fatalf("reading %q from the server: %v", name, err)
	}
	return m
}

// waitReplicaGone waits until the replica no longer shows a method, so that
// an out-of-band delete is visible to the next refresh.
func waitReplicaGone(t *testing.T, c *schedulerclient.Client, name string) {
	t.Helper()
	deadline := time.Now().Add(30 * time.Second)
	for {
		_, _, err := c.ReadAuthMethod(context.Background(), name, nil)
		if client.IsNotFound(err) {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("the replica still shows %q: %v", name, err)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// checkServer checks the method that the resource at addr manages, as the
// server holds it once the replica has the state's last write.
func checkServer(t *testing.T, s *acctest.Scheduler, addr string, check func(m *schedulerclient.AuthMethod) error) resource.TestCheckFunc {
	return func(st *terraform.State) error {
		rs, ok := st.RootModule().Resources[addr]
		if !ok {
			return fmt.Errorf("%s is not in state", addr)
		}
		index, err := strconv.ParseUint(rs.Primary.Attributes["modify_index"], 10, 64)
		if err != nil {
			return fmt.Errorf("%s has no modify_index: %w", addr, err)
		}
		return check(stored(t, s.Client(t), rs.Primary.Attributes["name"], index))
	}
}

// checkGone checks that the scheduler no longer has the methods, once its
// replica has caught up with the destroy, whose index the test's own
// client does not know: a destroy does not wait for the replica itself.
func checkGone(t *testing.T, s *acctest.Scheduler, names ...string) resource.TestCheckFunc {
	return func(*terraform.State) error {
		for _, name := range names {
			if err := s.Client(t).WaitAuthMethodGone(context.Background(), name, 0); err != nil {
				return fmt.Errorf("auth method %q still exists after destroy: %w", name, err)
			}
		}
		return nil
	}
}

// serverSecretIs checks the client secret a server answered. The emulator
// returns secrets, so against it the check is strict; a real server may
// redact or omit them (DESIGN.md lists both), and then shows nothing to
// compare.
func serverSecretIs(s *acctest.Scheduler, got, want string) error {
	if got == want || (s.Emulator == nil && (got == fwutil.Redacted || fwutil.Obfuscated(got))) {
		return nil
	}
	return fmt.Errorf("server holds client secret %q, want %q", got, want)
}

// secretAsServed checks a client secret that state shows as the server
// answered it, as data sources do: exactly want from the emulator; from a
// real server, want or, when it redacts or omits secrets, null.
func secretAsServed(s *acctest.Scheduler, want string) knownvalue.Check {
	if s.Emulator != nil {
		return check.Str(want)
	}
	return nullOr{check.Str(want)}
}

type nullOr struct{ knownvalue.Check }

func (c nullOr) CheckValue(v any) error {
	if v == nil {
		return nil
	}
	return c.Check.CheckValue(v)
}

func (c nullOr) String() string { return "null or " + c.Check.String() }

// The common shape: plan-time errors, create, update in place, import,
// out-of-band change and deletion, and a change that replaces.
func TestAccACLAuthMethod_lifecycle(t *testing.T) {
	s := acctest.NewScheduler(t)
	name := tfacctest.RandomWithPrefix("oidc")
	key := publicKeyPEM(t)
	modifyIndex := statecheck.CompareValue(compare.ValuesDiffer())
	updated := oidcConfig(s, name, "local", "2h", `oidc_scopes = ["groups", "email"]`)
	respelled := oidcConfig(s, name, "local", "120m", `oidc_scopes = ["groups", "email"]`)

	check.Lifecycle[*schedulerclient.Client]{
		Service: s, Client: s.Client, Address: resourceAddr,
		// A method's name is its ID; create_index tells one object from
		// the next of the same name.
		IDAttribute: "create_index", FreshID: true, ImportIdentifier: "name",
		CheckDestroy: checkGone(t, s, name),
		PlanErrors:   planErrors(s),
		Create: check.Step{
			Config: oidcConfig(s, name, "global", "1h", `claim_mappings = { first_name = "name" }`),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(resourceAddr, check.Path("name"), check.Str(name)),
				statecheck.ExpectKnownValue(resourceAddr, check.Path("type"), check.Str("OIDC")),
				statecheck.ExpectKnownValue(resourceAddr, check.Path("token_locality"), check.Str("global")),
				statecheck.ExpectKnownValue(resourceAddr, check.Path("token_name_format"), check.Str("${auth_method_type}-${auth_method_name}")),
				statecheck.ExpectKnownValue(resourceAddr, check.Path("default"), knownvalue.Bool(false)),
				statecheck.ExpectKnownValue(resourceAddr, check.Path("max_token_ttl"), check.Str("1h")),
				// The create response lower-cases these; state keeps them as written.
				statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "oidc_client_id"), check.Str("MyClient")),
				statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "bound_audiences"), check.StrList("MyClient", "Other-Audience")),
				statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "oidc_client_secret"), check.Str("s3cret")),
				statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "signing_algs"), knownvalue.Null()),
				statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "claim_mappings"), knownvalue.MapExact(map[string]knownvalue.Check{"first_name": check.Str("name")})),
				statecheck.ExpectKnownValue(resourceAddr, check.Path("create_time"), knownvalue.StringRegexp(regexp.MustCompile(`^\d{4}-\d\d-\d\dT.*Z$`))),
				modifyIndex.AddStateValue(resourceAddr, check.Path("modify_index")),
			},
			Check: checkServer(t, s, resourceAddr, func(m *schedulerclient.AuthMethod) error {
				if m.Config.OIDCClientID != "MyClient" || m.TokenLocality != "global" {
					return fmt.Errorf("server holds client ID %q, locality %q", m.Config.OIDCClientID, m.TokenLocality)
				}
				return serverSecretIs(s, m.Config.OIDCClientSecret, "s3cret")
			}),
		},
		Update: check.Step{
			Config: updated,
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(resourceAddr, check.Path("token_locality"), check.Str("local")),
				statecheck.ExpectKnownValue(resourceAddr, check.Path("max_token_ttl"), check.Str("2h")),
				statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "oidc_scopes"), check.StrList("groups", "email")),
				statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "claim_mappings"), knownvalue.Null()),
				modifyIndex.AddStateValue(resourceAddr, check.Path("modify_index")),
			},
			Check: checkServer(t, s, resourceAddr, func(m *schedulerclient.AuthMethod) error {
				if m.TokenLocality != "local" || strings.Join(m.Config.OIDCScopes, ",") != "groups,email" || len(m.Config.ClaimMappings) != 0 {
					return fmt.Errorf("server holds locality %q, scopes %v, claim mappings %v", m.TokenLocality, m.Config.OIDCScopes, m.Config.ClaimMappings)
				}
				// Updates send the whole object: the secret must survive.
				if err := serverSecretIs(s, m.Config.OIDCClientSecret, "s3cret"); err != nil {
					return fmt.Errorf("after the update: %w", err)
				}
				return nil
			}),
			// The same duration spelled another way is not a change.
			Then: []resource.TestStep{{
				Config:           respelled,
				ConfigPlanChecks: resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
			}},
		},
		Imports: []check.ImportID{{
			ID: func(string) string { return name },
			// max_token_ttl: not returned by the scheduler the spec
			// describes, so an import cannot know it. The secret is
			// checked against what the server returns.
			Ignore: []string{"max_token_ttl", "config.oidc_client_secret"},
			Check:  importedSecretAsServed(t, s, name, "s3cret"),
		}},
		OutOfBandChange: check.Change[*schedulerclient.Client]{
			Do: func(ctx context.Context, c *schedulerclient.Client, _ string) error {
				m := stored(t, c, name, 0)
				m.MaxTokenTTL = "1h"
				m.Config.OIDCScopes = []string{"admin"}
				m.Config.OIDCClientSecret = "changed-elsewhere"
				m.TokenLocality = "global"
				changed, err := c.UpdateAuthMethod(ctx, m)
				if err == nil {
					// Let the replica show the change before Terraform refreshes.
					stored(t, c, name, changed.ModifyIndex)
				}
				return err
			},
			Step: check.Step{
				Config:     respelled,
				PlanChecks: []plancheck.PlanCheck{plancheck.ExpectKnownValue(resourceAddr, check.Path("token_locality"), check.Str("local"))},
				Check: checkServer(t, s, resourceAddr, func(m *schedulerclient.AuthMethod) error {
					if m.TokenLocality != "local" || strings.Join(m.Config.OIDCScopes, ",") != "groups,email" {
						return fmt.Errorf("drift not reverted: locality %q, scopes %v", m.TokenLocality, m.Config.OIDCScopes)
					}
					if err := serverSecretIs(s, m.Config.OIDCClientSecret, "s3cret"); err != nil {
						return fmt.Errorf("drift not reverted: %w", err)
					}
					return nil
				}),
			},
		},
		OutOfBandDelete: check.Change[*schedulerclient.Client]{
			Do: func(ctx context.Context, c *schedulerclient.Client, _ string) error {
				_, err := c.DeleteAuthMethod(ctx, name)
				if err == nil {
					waitReplicaGone(t, c, name)
				}
				return err
			},
			Step: check.Step{Config: respelled},
		},
		// Create-only fields replace an OIDC method too, which the
		// scheduler would otherwise update.
		Replace: check.Step{
			Config: oidcConfig(s, name, "local", "120m", fmt.Sprintf(`oidc_scopes = ["groups", "email"]
    expiration_leeway       = "5s"
    jwks_url                = "https://idp.example.com/keys"
    jwt_validation_pub_keys = [%q]`, key)),
			StateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "expiration_leeway"), check.Str("5s")),
				statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "jwks_url"), check.Str("https://idp.example.com/keys")),
				statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "jwt_validation_pub_keys"), check.StrList(key)),
			},
			Check: checkServer(t, s, resourceAddr, func(m *schedulerclient.AuthMethod) error {
				if m.Config.JWKSURL != "https://idp.example.com/keys" || !fwutil.DurationsEqual(m.Config.ExpirationLeeway, "5s") ||
					!slices.Equal(m.Config.JWTValidationPubKeys, []string{key}) {
					return fmt.Errorf("server holds JWKS URL %q, expiration leeway %q, keys %q", m.Config.JWKSURL, m.Config.ExpirationLeeway, m.Config.JWTValidationPubKeys)
				}
				return nil
			}),
		},
	}.Run(t)
}

func TestAccACLAuthMethod_jwtChangeReplaces(t *testing.T) {
	s := acctest.NewScheduler(t)
	name := tfacctest.RandomWithPrefix("jwt")
	key := publicKeyPEM(t)
	createIndex := statecheck.CompareValue(compare.ValuesDiffer())

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             checkGone(t, s, name),
		Steps: []resource.TestStep{
			{
				Config: jwtConfig(s, name, key, `expiration_leeway = "5m"`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(resourceAddr, check.Path("type"), check.Str("JWT")),
					statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "jwt_validation_pub_keys"), check.StrList(key)),
					// The server answers "5m0s"; state keeps the spelling of the configuration.
					statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "expiration_leeway"), check.Str("5m")),
					statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "not_before_leeway"), knownvalue.Null()),
					statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "oidc_client_secret"), knownvalue.Null()),
					createIndex.AddStateValue(resourceAddr, check.Path("create_index")),
				},
			},
			{
				Config: jwtConfig(s, name, key, `expiration_leeway = "300s"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
			},
			{
				// bound_audiences could be updated in place on an OIDC method;
				// on a JWT method the API refuses updates, so it replaces.
				Config: jwtConfig(s, name, key, `
    expiration_leeway = "5m"
    bound_audiences   = ["api"]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(resourceAddr, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "bound_audiences"), check.StrList("api")),
					createIndex.AddStateValue(resourceAddr, check.Path("create_index")),
				},
				Check: checkServer(t, s, resourceAddr, func(m *schedulerclient.AuthMethod) error {
					if strings.Join(m.Config.BoundAudiences, ",") != "api" {
						return fmt.Errorf("server holds bound audiences %v", m.Config.BoundAudiences)
					}
					return nil
				}),
			},
		},
	})
}

// providerWithJWTUpdates is the provider block for s with jwt_updates set
// to mode ("" leaves it out: the default).
func providerWithJWTUpdates(s *acctest.Scheduler, mode string) string {
	if mode == "" {
		return s.ProviderConfig()
	}
	return fmt.Sprintf(`
provider "stack" {
  max_retries = 6
  scheduler {
    address     = %q
    token       = %q
    jwt_updates = %q
  }
}
`, s.URL, s.Token, mode)
}

// The plan of a change to a JWT method warns that it replaces the method,
// naming the attributes that changed; with jwt_updates = "in_place" it
// plans an update, without a warning. The test harness drops warnings, so
// this runs Terraform itself and reads its machine-readable plan output.
func TestAccACLAuthMethod_jwtReplacementWarning(t *testing.T) {
	for _, tc := range []struct {
		mode, action string
		scheduler    func(t *testing.T) *acctest.Scheduler
	}{
		{"", "replace", acctest.NewScheduler},
		{"in_place", "update", withJWTUpdates},
	} {
		t.Run(cmp.Or(tc.mode, "default"), func(t *testing.T) {
			t.Parallel()
			s := tc.scheduler(t)
			name := tfacctest.RandomWithPrefix("jwt-warn")
			key := publicKeyPEM(t)
			cli := acctest.NewCLI(t, nil)
			cli.WriteConfig(t, providerWithJWTUpdates(s, tc.mode)+jwtMethod(name, key, `expiration_leeway = "5m"`))
			cli.MustRun(t, "apply", "-auto-approve")
			t.Cleanup(func() { cli.MustRun(t, "destroy", "-auto-approve") })

			cli.WriteConfig(t, providerWithJWTUpdates(s, tc.mode)+jwtMethod(name, key, `
    expiration_leeway = "300s"
    signing_algs      = ["ES256"]
    bound_audiences   = ["api"]`))
			diags, actions := cli.PlanJSON(t)
			var warnings []string
			for _, d := range acctest.Warnings(t, diags) {
				warnings = append(warnings, d.Summary+": "+d.Detail)
			}
			// The leeway, rewritten with the same value, is not a change.
			var want []string
			if tc.mode == "" {
				want = []string{"JWT auth method will be replaced: " + fmt.Sprintf("The scheduler can update only OIDC auth methods, so changing config.bound_audiences, config.signing_algs of the JWT auth method %q deletes it and creates it again, "+
					"and with it what the scheduler ties to the method, such as its binding rules. "+
					`If your scheduler updates JWT methods, set jwt_updates = "in_place" in the provider's scheduler block to update them in place.`, name)}
			}
			if !slices.Equal(warnings, want) {
				t.Errorf("warnings %q, want exactly %q", warnings, want)
			}
			if action := actions[resourceAddr]; action != tc.action {
				t.Errorf("planned action %q, want %s", action, tc.action)
			}
		})
	}
}

// withJWTUpdates is an emulator that updates JWT methods in place, as some
// real schedulers do although the API's documentation says they cannot be
// updated.
func withJWTUpdates(t *testing.T) *acctest.Scheduler {
	return acctest.NewSchedulerEmulator(t, emulator.Options{Scheduler: emuscheduler.Options{UpdateJWT: true, ReplicaLag: acctest.DefaultReplicaLag}})
}

// Against a server that updates JWT methods, jwt_updates decides: by
// default, and with "replace", a change of an updatable field replaces the
// method as the API's documentation requires; with "in_place" it updates
// the method, which keeps its create index. A change of a create-only
// field replaces it whatever the setting.
func TestAccACLAuthMethod_jwtUpdates(t *testing.T) {
	for _, tc := range []struct {
		mode             string
		action           plancheck.ResourceActionType
		createIndexes    compare.ValueComparer
		creates, updates int64
	}{
		{"", plancheck.ResourceActionDestroyBeforeCreate, compare.ValuesDiffer(), 2, 0},
		{"replace", plancheck.ResourceActionDestroyBeforeCreate, compare.ValuesDiffer(), 2, 0},
		{"in_place", plancheck.ResourceActionUpdate, compare.ValuesSame(), 1, 1},
	} {
		t.Run(cmp.Or(tc.mode, "default"), func(t *testing.T) {
			s := withJWTUpdates(t)
			name := tfacctest.RandomWithPrefix("jwt-upd")
			key := publicKeyPEM(t)
			config := func(extra string) string {
				return providerWithJWTUpdates(s, tc.mode) + jwtMethod(name, key, extra)
			}
			createIndex := statecheck.CompareValue(tc.createIndexes)
			requests := func(*terraform.State) error {
				st := s.Emulator.Stats().Requests
				if creates, updates := st["POST /v1/acl/auth-method"], st["POST /v1/acl/auth-method/{name}"]; creates != tc.creates || updates != tc.updates {
					return fmt.Errorf("the server saw %d creates and %d updates, want %d and %d", creates, updates, tc.creates, tc.updates)
				}
				return nil
			}

			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: acctest.ProviderFactories,
				CheckDestroy:             checkGone(t, s, name),
				Steps: []resource.TestStep{
					{
						Config:            config(`expiration_leeway = "5m"`),
						ConfigStateChecks: []statecheck.StateCheck{createIndex.AddStateValue(resourceAddr, check.Path("create_index"))},
					},
					{
						Config: config(`
    expiration_leeway = "5m"
    signing_algs      = ["ES256"]
    bound_audiences   = ["api"]
    claim_mappings    = { sub = "user" }`),
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(resourceAddr, tc.action)},
						},
						ConfigStateChecks: []statecheck.StateCheck{
							createIndex.AddStateValue(resourceAddr, check.Path("create_index")),
							statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "bound_audiences"), check.StrList("api")),
							statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "expiration_leeway"), check.Str("5m")),
						},
						Check: resource.ComposeTestCheckFunc(requests, checkServer(t, s, resourceAddr, func(m *schedulerclient.AuthMethod) error {
							if strings.Join(m.Config.BoundAudiences, ",") != "api" || strings.Join(m.Config.SigningAlgs, ",") != "ES256" ||
								m.Config.ClaimMappings["sub"] != "user" || !slices.Equal(m.Config.JWTValidationPubKeys, []string{key}) ||
								!fwutil.DurationsEqual(m.Config.ExpirationLeeway, "5m") {
								return fmt.Errorf("server holds bound audiences %v, signing algs %v, claim mappings %v, leeway %q",
									m.Config.BoundAudiences, m.Config.SigningAlgs, m.Config.ClaimMappings, m.Config.ExpirationLeeway)
							}
							return nil
						})),
					},
					{
						Config: config(`
    expiration_leeway = "10m"
    signing_algs      = ["ES256"]
    bound_audiences   = ["api"]
    claim_mappings    = { sub = "user" }`),
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(resourceAddr, plancheck.ResourceActionDestroyBeforeCreate)},
						},
						ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "expiration_leeway"), check.Str("10m"))},
					},
				},
			})
		})
	}
}

// An import shows what the server returns, and a verify ignores what it
// cannot return: a client secret that the server redacts or omits, which
// the import still must not invent.
func TestAccACLAuthMethod_import(t *testing.T) {
	for _, tc := range []struct {
		name      string
		scheduler func(t *testing.T) *acctest.Scheduler
	}{
		{"served", acctest.NewScheduler},
		{"redacted", func(t *testing.T) *acctest.Scheduler {
			return acctest.NewSchedulerEmulator(t, emulator.Options{Scheduler: emuscheduler.Options{RedactSecrets: true, ReplicaLag: acctest.DefaultReplicaLag}})
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := tc.scheduler(t)
			oidc := tfacctest.RandomWithPrefix("imp-oidc")
			jwt := tfacctest.RandomWithPrefix("imp-jwt")
			key := publicKeyPEM(t)

			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: acctest.ProviderFactories,
				CheckDestroy:             checkGone(t, s, oidc, jwt),
				Steps: []resource.TestStep{
					{
						Config: oidcConfig(s, oidc, "global", "1h", `
    oidc_scopes     = ["groups"]
    discovery_ca_pem = []`),
					},
					{
						ResourceName:                         resourceAddr,
						ImportState:                          true,
						ImportStateId:                        oidc,
						ImportStateVerify:                    true,
						ImportStateVerifyIdentifierAttribute: "name",
						// max_token_ttl: not returned by the scheduler the
						// spec describes, so an import cannot know it. The
						// secret is checked below, against what the server
						// returns.
						ImportStateVerifyIgnore: []string{"max_token_ttl", "config.discovery_ca_pem", "config.oidc_client_secret"},
						ImportStateCheck:        importedSecretAsServed(t, s, oidc, "s3cret"),
					},
					{
						Config: jwtConfig(s, jwt, key, `clock_skew_leeway = "1m"`),
					},
					{
						ResourceName:                         resourceAddr,
						ImportState:                          true,
						ImportStateId:                        jwt,
						ImportStateVerify:                    true,
						ImportStateVerifyIdentifierAttribute: "name",
						// Without a configuration to follow, an import shows durations
						// as the server spells them ("1m0s"); a plan then finds no diff.
						ImportStateVerifyIgnore: []string{"max_token_ttl", "config.clock_skew_leeway"},
					},
				},
			})
		})
	}
}

// importedSecretAsServed checks the client secret of an imported method:
// want when the server returns it, none when the server redacts or omits
// it, since an import has nothing else to go by.
func importedSecretAsServed(t *testing.T, s *acctest.Scheduler, name, want string) resource.ImportStateCheckFunc {
	return func(states []*terraform.InstanceState) error {
		if len(states) != 1 {
			return fmt.Errorf("%d imported states, want 1", len(states))
		}
		served := stored(t, s.Client(t), name, 0).Config.OIDCClientSecret
		if served == "" || served == fwutil.Redacted || fwutil.Obfuscated(served) {
			want = ""
		}
		if got := states[0].Attributes["config.oidc_client_secret"]; got != want {
			return fmt.Errorf("imported client secret %q, want %q: the server answers %q", got, want, served)
		}
		return nil
	}
}

// createJWTElsewhere creates, outside Terraform, the JWT method that
// jwtConfig(s, name, key, "") describes, and waits until the replica shows
// it, ready to be imported.
func createJWTElsewhere(t *testing.T, s *acctest.Scheduler, name, key string) *schedulerclient.AuthMethod {
	t.Helper()
	c := s.Client(t)
	created, err := c.CreateAuthMethod(context.Background(), &schedulerclient.AuthMethod{
		Name: name, Type: "JWT", TokenLocality: "local", MaxTokenTTL: "30m",
		Config: &schedulerclient.AuthMethodConfig{
			JWTValidationPubKeys: []string{key},
			AllowedRedirectURIs:  []string{"http://localhost:4649/oidc/callback"},
		},
	})
	if err != nil {
		t.Fatal(err)
	}
	stored(t, c, name, created.ModifyIndex)
	return created
}

// importJWT is the step that imports the JWT method name that
// createJWTElsewhere made, with jwtConfig's configuration, into the state,
// and checks that its one imported state has max_token_ttl ttl: "" where
// the server does not return it.
func importJWT(s *acctest.Scheduler, name, key, ttl string) resource.TestStep {
	return resource.TestStep{
		Config:             jwtConfig(s, name, key, ""),
		ResourceName:       resourceAddr,
		ImportState:        true,
		ImportStateId:      name,
		ImportStatePersist: true,
		ImportStateCheck: func(states []*terraform.InstanceState) error {
			if len(states) != 1 {
				return fmt.Errorf("%d imported states, want 1", len(states))
			}
			if got := states[0].Attributes["max_token_ttl"]; got != ttl {
				return fmt.Errorf("imported max_token_ttl %q, want %q", got, ttl)
			}
			return nil
		},
	}
}

// An imported JWT method learns its max_token_ttl from the configuration
// without being replaced, although any other change would replace it. This
// is the scheduler of the API's documentation, which does not return
// max_token_ttl, always an emulator: a real server may return it (see
// TestAccACLAuthMethod_maxTokenTTLReturnedImportsWithoutChange).
func TestAccACLAuthMethod_jwtImportRecordsTTLWithoutReplacement(t *testing.T) {
	s := acctest.NewSchedulerEmulator(t, emulator.Options{Scheduler: emuscheduler.Options{ReplicaLag: acctest.DefaultReplicaLag}})
	name := tfacctest.RandomWithPrefix("imp-jwt")
	key := publicKeyPEM(t)
	createJWTElsewhere(t, s, name, key)
	createIndex := statecheck.CompareValue(compare.ValuesSame())

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             checkGone(t, s, name),
		Steps: []resource.TestStep{
			importJWT(s, name, key, ""),
			{
				Config: jwtConfig(s, name, key, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(resourceAddr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(resourceAddr, check.Path("max_token_ttl"), check.Str("30m")),
					createIndex.AddStateValue(resourceAddr, check.Path("create_index")),
				},
			},
			{
				Config: jwtConfig(s, name, key, `signing_algs = ["ES256"]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(resourceAddr, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "signing_algs"), check.StrList("ES256")),
				},
			},
		},
	})
}

// withMaxTokenTTL is an emulator that keeps MaxTokenTTL and returns it, as
// some real schedulers do although the API's documentation says it is not
// kept.
func withMaxTokenTTL(t *testing.T) *acctest.Scheduler {
	return acctest.NewSchedulerEmulator(t, emulator.Options{Scheduler: emuscheduler.Options{ReturnMaxTokenTTL: true, ReplicaLag: acctest.DefaultReplicaLag}})
}

// Where the server returns max_token_ttl, state follows it, by its value:
// the server's "1h0m0s" is the configured "1h", and a change made outside
// Terraform shows in the plan and is reverted.
func TestAccACLAuthMethod_maxTokenTTLReturnedShowsDrift(t *testing.T) {
	s := withMaxTokenTTL(t)
	name := tfacctest.RandomWithPrefix("ttl")
	serverTTL := func(want string) resource.TestCheckFunc {
		return checkServer(t, s, resourceAddr, func(m *schedulerclient.AuthMethod) error {
			if m.MaxTokenTTL != want {
				return fmt.Errorf("the server answered MaxTokenTTL %q, want %q", m.MaxTokenTTL, want)
			}
			return nil
		})
	}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             checkGone(t, s, name),
		Steps: []resource.TestStep{
			{
				Config:            oidcConfig(s, name, "global", "1h", ""),
				ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue(resourceAddr, check.Path("max_token_ttl"), check.Str("1h"))},
				Check:             serverTTL("1h0m0s"),
			},
			{
				PreConfig: func() {
					c := s.Client(t)
					m := stored(t, c, name, 0)
					m.MaxTokenTTL = "2h"
					updated, err := c.UpdateAuthMethod(context.Background(), m)
					if err != nil {
						t.Fatal(err)
					}
					stored(t, c, name, updated.ModifyIndex)
				},
				Config: oidcConfig(s, name, "global", "1h", ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(resourceAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(resourceAddr, check.Path("max_token_ttl"), check.Str("1h")),
					},
				},
				ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue(resourceAddr, check.Path("max_token_ttl"), check.Str("1h"))},
				Check:             serverTTL("1h0m0s"),
			},
		},
	})
}

// Where the server returns max_token_ttl, an imported method has it, and
// the configuration that describes the method plans no change; the data
// source shows it too.
func TestAccACLAuthMethod_maxTokenTTLReturnedImportsWithoutChange(t *testing.T) {
	s := withMaxTokenTTL(t)
	name := tfacctest.RandomWithPrefix("ttl-imp")
	key := publicKeyPEM(t)
	created := createJWTElsewhere(t, s, name, key)
	const ds = `
data "stack_scheduler_acl_auth_method" "test" {
  name = stack_scheduler_acl_auth_method.test.name
}
`

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             checkGone(t, s, name),
		Steps: []resource.TestStep{
			importJWT(s, name, key, "30m0s"),
			{
				Config: jwtConfig(s, name, key, "") + ds,
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(resourceAddr, plancheck.ResourceActionNoop)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(resourceAddr, check.Path("max_token_ttl"), check.Str("30m0s")),
					statecheck.ExpectKnownValue(resourceAddr, check.Path("modify_index"), knownvalue.Int64Exact(int64(created.ModifyIndex))),
					statecheck.ExpectKnownValue("data.stack_scheduler_acl_auth_method.test", check.Path("max_token_ttl"), check.Str("30m0s")),
				},
			},
		},
	})
}

// The server answers unset fields alike (null lists, empty strings, "0s"
// leeways), so an imported method's state cannot know which spelling of
// unset the configuration uses. None of them is a change that replaces the
// method, even a JWT one, and going from one to another, either way,
// updates the state alone, without a request.
func TestAccACLAuthMethod_unsetSpellingsChangeNothing(t *testing.T) {
	s := acctest.NewScheduler(t)
	name := tfacctest.RandomWithPrefix("unset")
	key := publicKeyPEM(t)
	created := createJWTElsewhere(t, s, name, key)
	const unsetSpelled = `
    not_before_leeway   = "0s"
    clock_skew_leeway   = "0m"
    jwks_ca_cert        = ""
    oidc_scopes         = []
    list_claim_mappings = {}`
	index := int64(created.ModifyIndex)
	unchangedOnServer := []statecheck.StateCheck{
		statecheck.ExpectKnownValue(resourceAddr, check.Path("create_index"), knownvalue.Int64Exact(index)),
		statecheck.ExpectKnownValue(resourceAddr, check.Path("modify_index"), knownvalue.Int64Exact(index)),
	}
	noWrites := func(*terraform.State) error {
		if s.Emulator == nil {
			return nil
		}
		st := s.Emulator.Stats().Requests
		if creates, updates := st["POST /v1/acl/auth-method"], st["POST /v1/acl/auth-method/{name}"]; creates != 1 || updates != 0 {
			return fmt.Errorf("the server saw %d creates and %d updates, want only the test's own create", creates, updates)
		}
		return nil
	}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             checkGone(t, s, name),
		Steps: []resource.TestStep{
			{
				Config:             jwtConfig(s, name, key, unsetSpelled),
				ResourceName:       resourceAddr,
				ImportState:        true,
				ImportStateId:      name,
				ImportStatePersist: true,
			},
			{
				Config: jwtConfig(s, name, key, unsetSpelled),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(resourceAddr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: append([]statecheck.StateCheck{
					statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "not_before_leeway"), check.Str("0s")),
					statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "clock_skew_leeway"), check.Str("0m")),
					statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "jwks_ca_cert"), check.Str("")),
					statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "oidc_scopes"), knownvalue.ListSizeExact(0)),
					statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "list_claim_mappings"), knownvalue.MapSizeExact(0)),
				}, unchangedOnServer...),
				Check: noWrites,
			},
			{
				Config: jwtConfig(s, name, key, ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(resourceAddr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: append([]statecheck.StateCheck{
					statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "not_before_leeway"), knownvalue.Null()),
					statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "jwks_ca_cert"), knownvalue.Null()),
					statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "oidc_scopes"), knownvalue.Null()),
				}, unchangedOnServer...),
				Check: noWrites,
			},
			{
				// A real change of a create-only field still replaces.
				Config: jwtConfig(s, name, key, `not_before_leeway = "5s"`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(resourceAddr, plancheck.ResourceActionDestroyBeforeCreate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "not_before_leeway"), check.Str("5s")),
				},
			},
		},
	})
}

// A server that answers a zero duration as "" rather than "0s" means the
// zero the configuration wrote: the create keeps it, and nothing changes.
func TestAccACLAuthMethod_zeroDurationAnsweredEmpty(t *testing.T) {
	s := acctest.NewSchedulerEmulator(t, emulator.Options{Scheduler: emuscheduler.Options{EmptyZeroDurations: true, ReplicaLag: acctest.DefaultReplicaLag}})
	name := tfacctest.RandomWithPrefix("zero")
	key := publicKeyPEM(t)
	config := jwtConfig(s, name, key, `
    not_before_leeway = "0s"
    clock_skew_leeway = "0m"
    expiration_leeway = "5s"`)
	leeways := []statecheck.StateCheck{
		statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "not_before_leeway"), check.Str("0s")),
		statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "clock_skew_leeway"), check.Str("0m")),
		statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "expiration_leeway"), check.Str("5s")),
	}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             checkGone(t, s, name),
		Steps: []resource.TestStep{
			{
				Config:            config,
				ConfigStateChecks: leeways,
				Check: checkServer(t, s, resourceAddr, func(m *schedulerclient.AuthMethod) error {
					if m.Config.NotBeforeLeeway != "" || m.Config.ClockSkewLeeway != "" {
						return fmt.Errorf("the server answered the zero leeways %q and %q, want the variant's \"\"", m.Config.NotBeforeLeeway, m.Config.ClockSkewLeeway)
					}
					return nil
				}),
			},
			{
				Config:            config,
				ConfigPlanChecks:  resource.ConfigPlanChecks{PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()}},
				ConfigStateChecks: leeways,
			},
		},
	})
}

func TestAccACLAuthMethod_writeOnlySecret(t *testing.T) {
	s := acctest.NewScheduler(t)
	name := tfacctest.RandomWithPrefix("wo")
	cfg := func(secret string, version int) string {
		return s.ProviderConfig() + fmt.Sprintf(`
resource "stack_scheduler_acl_auth_method" "test" {
  name           = %q
  type           = "OIDC"
  token_locality = "global"
  max_token_ttl  = "1h"
  config = {
    oidc_discovery_url            = "https://idp.example.com"
    oidc_client_id                = "client"
    oidc_client_secret_wo         = %q
    oidc_client_secret_wo_version = %d
    allowed_redirect_uris         = ["http://localhost:4649/oidc/callback"]
  }
}
`, name, secret, version)
	}
	secretIs := func(want string) resource.TestCheckFunc {
		return checkServer(t, s, resourceAddr, func(m *schedulerclient.AuthMethod) error {
			return serverSecretIs(s, m.Config.OIDCClientSecret, want)
		})
	}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             checkGone(t, s, name),
		Steps: []resource.TestStep{
			{
				Config: cfg("wo-secret-1", 1),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "oidc_client_secret"), knownvalue.Null()),
					statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "oidc_client_secret_wo"), knownvalue.Null()),
					statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "oidc_client_secret_wo_version"), knownvalue.Int64Exact(1)),
				},
				Check: resource.ComposeTestCheckFunc(secretIs("wo-secret-1"), noSecretInState("wo-secret-1")),
			},
			{
				// A new value alone is invisible to Terraform: no change.
				Config: cfg("wo-secret-2", 1),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: secretIs("wo-secret-1"),
			},
			{
				Config: cfg("wo-secret-2", 2),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(resourceAddr, plancheck.ResourceActionUpdate)},
				},
				Check: resource.ComposeTestCheckFunc(secretIs("wo-secret-2"), noSecretInState("wo-secret-2")),
			},
		},
	})
}

func noSecretInState(secret string) resource.TestCheckFunc {
	return func(st *terraform.State) error {
		for _, mod := range st.Modules {
			for addr, rs := range mod.Resources {
				for k, v := range rs.Primary.Attributes {
					if strings.Contains(v, secret) {
						return fmt.Errorf("the write-only secret is in state at %s.%s", addr, k)
					}
				}
			}
		}
		return nil
	}
}

// planErrors are the plan-time errors of the resource's rules, each with
// the attribute's path.
func planErrors(s *acctest.Scheduler) []check.PlanError {
	method := func(name, typ, locality, ttl, config string) string {
		return s.ProviderConfig() + fmt.Sprintf(`
resource "stack_scheduler_acl_auth_method" "test" {
  name           = %q
  type           = %q
  token_locality = %q
  max_token_ttl  = %q
  config = {
    %s
  }
}
`, name, typ, locality, ttl, config)
	}
	const redirect = `allowed_redirect_uris = ["http://localhost/cb"]`
	const oidcOK = `
    oidc_discovery_url = "https://idp.example.com"
    oidc_client_id     = "c"
    oidc_client_secret = "s"
    ` + redirect
	cases := []struct {
		config string
		err    string
	}{
		{method("bad name", "OIDC", "global", "1h", oidcOK), `Attribute name must contain only letters, digits and dashes`},
		{method(strings.Repeat("a", 129), "OIDC", "global", "1h", oidcOK), `Attribute name string length must be between 1 and 128`},
		{method("m", "SAML", "global", "1h", oidcOK), `Attribute type value must be one of: \["OIDC" "JWT"\]`},
		{method("m", "OIDC", "regional", "1h", oidcOK), `Attribute token_locality value must be one of: \["local" "global"\]`},
		{strings.Replace(method("m", "OIDC", "global", "1h", oidcOK), "max_token_ttl", "token_name_format = \"\"\n  max_token_ttl", 1),
			`Attribute token_name_format string length must be at least 1, got: 0`},
		{method("m", "OIDC", "global", "forever", oidcOK), `max_token_ttl must be a duration greater than zero, such as "30s", "5m" or "1h30m", got "forever".`},
		{method("m", "OIDC", "global", "-5m", oidcOK), `max_token_ttl must be a duration greater than zero, such as "30s", "5m" or "1h30m", got "-5m".`},
		{method("m", "OIDC", "global", "0s", oidcOK), `max_token_ttl must be a duration greater than zero, such as "30s", "5m" or "1h30m", got "0s".`},
		{method("m", "OIDC", "global", "1h", `
    oidc_discovery_url = "https://idp.example.com"
    oidc_client_id     = "c"
    oidc_client_secret = "s"
    allowed_redirect_uris = []`), `Attribute config.allowed_redirect_uris list must contain at least 1 elements`},
		{method("m", "OIDC", "global", "1h", `
    oidc_client_id     = "c"
    oidc_client_secret = "s"
    `+redirect), `config.oidc_discovery_url is required when type is "OIDC".`},
		{method("m", "OIDC", "global", "1h", `
    oidc_discovery_url = "https://idp.example.com"
    oidc_client_secret = "s"
    `+redirect), `config.oidc_client_id is required when type is "OIDC"`},
		{method("m", "OIDC", "global", "1h", `
    oidc_discovery_url = "https://idp.example.com"
    oidc_client_id     = "c"
    `+redirect), `config.oidc_client_secret or config.oidc_client_secret_wo is required when type is "OIDC"`},
		{method("m", "OIDC", "global", "1h", `
    oidc_discovery_url = "https://idp.example.com/.well-known/openid-configuration"
    oidc_client_id     = "c"
    oidc_client_secret = "s"
    `+redirect), `config.oidc_discovery_url must not contain a ".well-known" part`},
		{method("m", "OIDC", "global", "1h", oidcOK+`
    oidc_client_secret_wo = "t"`), `Attribute "config.oidc_client_secret_wo" cannot be specified when\s+"config.oidc_client_secret" is specified`},
		{method("m", "OIDC", "global", "1h", oidcOK+`
    oidc_client_secret_wo_version = 1`), `Attribute "config.oidc_client_secret_wo" must be specified when\s+"config.oidc_client_secret_wo_version" is specified`},
		{method("m", "OIDC", "global", "1h", `
    oidc_discovery_url    = "https://idp.example.com"
    oidc_client_id        = "c"
    oidc_client_secret_wo = "t"
    `+redirect), `Attribute "config.oidc_client_secret_wo_version" must be specified when\s+"config.oidc_client_secret_wo" is specified`},
		{method("m", "JWT", "global", "1h", redirect), `One of config.oidc_discovery_url, config.jwks_url or config.jwt_validation_pub_keys\s+is required when type is "JWT"`},
		{method("m", "JWT", "global", "1h", `jwks_url = "https://idp.example.com/keys"
    expiration_leeway = "a while"
    `+redirect), `config.expiration_leeway must be a duration of zero or more, such as "0s", "30s" or "5m", got "a while".`},
		{method("m", "JWT", "global", "1h", `jwks_url = "https://idp.example.com/keys"
    expiration_leeway = "-1s"
    `+redirect), `config.expiration_leeway must be a duration of zero or more, such as "0s", "30s" or "5m", got "-1s".`},
		{method("m", "JWT", "global", "1h", `jwks_url = "https://idp.example.com/keys"
    not_before_leeway = "-30s"
    `+redirect), `config.not_before_leeway must be a duration of zero or more, such as "0s", "30s" or "5m", got "-30s".`},
		{method("m", "JWT", "global", "1h", `jwks_url = "https://idp.example.com/keys"
    clock_skew_leeway = "-1m"
    `+redirect), `config.clock_skew_leeway must be a duration of zero or more, such as "0s", "30s" or "5m", got "-1m".`},
	}
	planErrors := make([]check.PlanError, len(cases))
	for i, c := range cases {
		planErrors[i] = check.PlanError{Config: c.config, Want: check.Wrapped(c.err)}
	}
	return planErrors
}

func TestAccACLAuthMethod_weakTokenGets403(t *testing.T) {
	s := acctest.NewSchedulerEmulator(t, emulator.Options{Scheduler: emuscheduler.Options{ReplicaLag: acctest.DefaultReplicaLag}})
	weak := s.Emulator.MintSchedulerToken(false)
	config := strings.Replace(oidcConfig(s, "weak", "global", "1h", ""), s.ProviderConfig(), s.ProviderConfigWithToken(weak), 1)

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      config,
			ExpectError: regexp.MustCompile(`(?s)GET\s+http://\S+/v1/acl/auth-method/weak:\s+403\s+Forbidden:\s+Permission\s+denied.*The scheduler refused the\s+provider's\s+token.*Check\s+scheduler.token\s+\(or\s+STACK_SCHEDULER_TOKEN\)\.`),
		}},
	})
	if n := s.Emulator.Stats().Requests["POST /v1/acl/auth-method"]; n != 0 {
		t.Errorf("%d creates were sent with a weak token", n)
	}
}

// currentDefault returns the name of the server's default method, "" when
// it has none.
func currentDefault(t *testing.T, s *acctest.Scheduler) string {
	t.Helper()
	list, _, err := s.Client(t).ListAuthMethods(context.Background(), &schedulerclient.QueryOptions{})
	if err != nil {
		t.Fatalf("listing the server's methods: %v", err)
	}
	for _, m := range list {
		if m.Default {
			return m.Name
		}
	}
	return ""
}

// A second default is refused, with the error naming the current one. On a
// server that has a default already (a real one may), that default plays
// the part of the first method, which then is not the default.
func TestAccACLAuthMethod_onlyOneDefault(t *testing.T) {
	s := acctest.NewScheduler(t)
	first := tfacctest.RandomWithPrefix("default-a")
	second := tfacctest.RandomWithPrefix("default-b")
	theDefault := currentDefault(t, s)
	firstDefault := theDefault == ""
	if firstDefault {
		theDefault = first
	}
	config := func(secondDefault bool) string {
		return s.ProviderConfig() + minimalOIDC("first", first, fmt.Sprintf("default = %t", firstDefault), "") +
			minimalOIDC("second", second, fmt.Sprintf("default = %t\n  depends_on = [stack_scheduler_acl_auth_method.first]", secondDefault), "")
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             checkGone(t, s, first, second),
		Steps: []resource.TestStep{
			{
				Config: config(false),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue("stack_scheduler_acl_auth_method.first", check.Path("default"), knownvalue.Bool(firstDefault)),
					statecheck.ExpectKnownValue("stack_scheduler_acl_auth_method.second", check.Path("default"), knownvalue.Bool(false)),
				},
			},
			{
				Config:      config(true),
				ExpectError: regexp.MustCompile(`(?s)400 Bad Request:.*` + regexp.QuoteMeta(theDefault)),
			},
			{
				// The failed update changed nothing: state still matches the server.
				Config: config(false),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectEmptyPlan()},
				},
				Check: checkServer(t, s, "stack_scheduler_acl_auth_method.second", func(m *schedulerclient.AuthMethod) error {
					if m.Default {
						return fmt.Errorf("%q became the default", second)
					}
					return nil
				}),
			},
		},
	})
}

// Under injected 429 and 503 answers the provider retries, and neither a
// lost write nor a duplicate results.
func TestAccACLAuthMethod_retriesUnderInjectedFaults(t *testing.T) {
	s := acctest.NewSchedulerEmulator(t, emulator.Options{Scheduler: emuscheduler.Options{ReplicaLag: acctest.DefaultReplicaLag}, Seed: 7})
	config := func(scope string) string {
		out := s.ProviderConfig()
		for i := range 4 {
			out += minimalOIDC(fmt.Sprintf("m%d", i), fmt.Sprintf("faulty-%d", i), "", fmt.Sprintf("oidc_scopes = [%q]", scope))
		}
		return out
	}
	names := []string{"faulty-0", "faulty-1", "faulty-2", "faulty-3"}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             checkGone(t, s, names...),
		Steps: []resource.TestStep{
			{
				// Three creates are refused for sure: retried, they make
				// no duplicate and lose nothing.
				PreConfig: func() { s.Emulator.FailNext("POST /v1/acl/auth-method", 3) },
				Config:    config("groups"),
				Check: func(*terraform.State) error {
					if n := s.Emulator.Stats().Requests["POST /v1/acl/auth-method"]; n != int64(len(names)+3) {
						return fmt.Errorf("%d creates reached the server, want %d: one per method and one per injected fault", n, len(names)+3)
					}
					s.Emulator.SetFailRate(0.3)
					return nil
				},
			},
			{
				Config: config("email"),
				Check: resource.ComposeTestCheckFunc(
					scopesAre(t, s, "stack_scheduler_acl_auth_method.m0", "email"),
					scopesAre(t, s, "stack_scheduler_acl_auth_method.m1", "email"),
					scopesAre(t, s, "stack_scheduler_acl_auth_method.m2", "email"),
					scopesAre(t, s, "stack_scheduler_acl_auth_method.m3", "email"),
					func(*terraform.State) error {
						s.Emulator.SetFailRate(0)
						if f := s.Emulator.Stats().Faults; f == 0 {
							return fmt.Errorf("no fault was injected; the test proves nothing")
						}
						list, _, err := s.Client(t).ListAuthMethods(context.Background(), &schedulerclient.QueryOptions{})
						if err != nil {
							return err
						}
						if len(list) != len(names) {
							return fmt.Errorf("the server holds %d methods, want %d", len(list), len(names))
						}
						return nil
					}),
			},
		},
	})
}

// A server that upserts on create would silently take over a method of the
// same name; the provider refuses and says how to import it. With replica
// lag the check before the create cannot see a method created a moment ago,
// so the upsert happens: the create's answer gives it away, and the
// provider still refuses to adopt the method.
func TestAccACLAuthMethod_existingMethodNotAdopted(t *testing.T) {
	for _, tc := range []struct {
		upsert bool
		// lag outlasts the test's Terraform run, so that the replica
		// never shows the method to the provider.
		lag time.Duration
	}{{false, 0}, {true, 0}, {true, time.Minute}} {
		t.Run(fmt.Sprintf("upsert=%t,lag=%s", tc.upsert, tc.lag), func(t *testing.T) {
			s := acctest.NewSchedulerEmulator(t, emulator.Options{Scheduler: emuscheduler.Options{UpsertOnCreate: tc.upsert, ReplicaLag: tc.lag}})
			c := s.Client(t)
			// Created once the test runs, not before: a parallel test may
			// wait longer than the lag to start.
			createTheirs := func() {
				if _, err := c.CreateAuthMethod(context.Background(), &schedulerclient.AuthMethod{
					Name: "taken", Type: "OIDC", TokenLocality: "local", MaxTokenTTL: "1h",
					Config: &schedulerclient.AuthMethodConfig{
						OIDCDiscoveryURL: "https://other.example.com", OIDCClientID: "theirs", OIDCClientSecret: "theirs",
						AllowedRedirectURIs: []string{"http://localhost/cb"},
					},
				}); err != nil {
					t.Fatal(err)
				}
			}
			want := `(?s)An auth method named "taken" already exists.*terraform import <resource address> taken`
			if tc.lag > 0 {
				want += `.*the create was answered with CreateIndex 2 and ModifyIndex 3: the server overwrote the existing method`
			}
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: acctest.ProviderFactories,
				Steps: []resource.TestStep{
					{
						PreConfig:   createTheirs,
						Config:      oidcConfig(s, "taken", "global", "1h", ""),
						ExpectError: regexp.MustCompile(strings.ReplaceAll(want, " ", `\s+`)),
					},
					{
						// Not in state: the method is still to be created.
						Config:             oidcConfig(s, "taken", "global", "1h", ""),
						PlanOnly:           true,
						ExpectNonEmptyPlan: true,
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PostApplyPostRefresh: []plancheck.PlanCheck{plancheck.ExpectResourceAction(resourceAddr, plancheck.ResourceActionCreate)},
						},
					},
				},
			})
			if tc.lag > 0 {
				// The replica would show the overwrite only after the lag.
				return
			}
			if m := stored(t, c, "taken", 0); m.Config.OIDCClientID != "theirs" || m.TokenLocality != "local" {
				t.Errorf("the existing method was overwritten: %+v", m)
			}
		})
	}
}

// A server that redacts or omits secrets must not make the configured one
// a diff, at create or at update, which sends it again.
func TestAccACLAuthMethod_hiddenSecretKeptFromConfig(t *testing.T) {
	for _, tc := range []struct {
		name   string
		opts   emulator.Options
		served string // the secret as the server answers it
	}{
		{"redacted", emulator.Options{Scheduler: emuscheduler.Options{RedactSecrets: true}}, "redacted"},
		{"omitted", emulator.Options{Scheduler: emuscheduler.Options{OmitSecrets: true}}, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			tc.opts.Scheduler.ReplicaLag = acctest.DefaultReplicaLag
			s := acctest.NewSchedulerEmulator(t, tc.opts)
			secretKept := statecheck.ExpectKnownValue(resourceAddr, check.Path("config", "oidc_client_secret"), check.Str("s3cret"))
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: acctest.ProviderFactories,
				Steps: []resource.TestStep{
					{
						Config:            oidcConfig(s, tc.name, "global", "1h", ""),
						ConfigStateChecks: []statecheck.StateCheck{secretKept},
						Check: checkServer(t, s, resourceAddr, func(m *schedulerclient.AuthMethod) error {
							if m.Config.OIDCClientSecret != tc.served {
								return fmt.Errorf("the server answered the secret as %q, want the variant's %q", m.Config.OIDCClientSecret, tc.served)
							}
							return nil
						}),
					},
					{
						Config: oidcConfig(s, tc.name, "local", "1h", ""),
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(resourceAddr, plancheck.ResourceActionUpdate)},
						},
						ConfigStateChecks: []statecheck.StateCheck{
							secretKept,
							statecheck.ExpectKnownValue(resourceAddr, check.Path("token_locality"), check.Str("local")),
						},
					},
				},
			})
		})
	}
}

// A server restarted without its data answers with an index below the one
// in state, and never reaches it: the refresh must take its 404s for the
// truth, without waiting for that index, and plan the methods' re-creation.
func TestAccACLAuthMethod_serverRestartedWithoutDataRecreates(t *testing.T) {
	s := acctest.NewSchedulerEmulator(t, emulator.Options{Scheduler: emuscheduler.Options{ReplicaLag: acctest.DefaultReplicaLag}})
	names := []string{"restart-0", "restart-1", "restart-2"}
	config := s.ProviderConfig()
	for i, name := range names {
		config += minimalOIDC(fmt.Sprintf("m%d", i), name, "", "")
	}
	var recreated []plancheck.PlanCheck
	indexes := make([]statecheck.StateCheck, len(names))
	for i := range names {
		addr := fmt.Sprintf("stack_scheduler_acl_auth_method.m%d", i)
		recreated = append(recreated, plancheck.ExpectResourceAction(addr, plancheck.ResourceActionCreate))
		// The first index of the restarted server is 1, so its three
		// creates take 2, 3 and 4 again, in some order.
		indexes[i] = statecheck.ExpectKnownValue(addr, check.Path("create_index"), knownvalue.Int64Func(func(v int64) error {
			if v < 2 || v > 4 {
				return fmt.Errorf("create_index %d, want one of the restarted server's first three", v)
			}
			return nil
		}))
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             checkGone(t, s, names...),
		Steps: []resource.TestStep{
			{Config: config},
			{
				PreConfig:         func() { s.Restart(t) },
				Config:            config,
				ConfigPlanChecks:  resource.ConfigPlanChecks{PreApply: recreated},
				ConfigStateChecks: indexes,
			},
		},
	})
}

// A refresh-only apply of methods that nothing changed writes no new state.
// Terraform writes a resource's sensitive paths in no fixed order, so a
// resource with two of them (the secret and its write-only twin, before
// the twin stopped being marked sensitive, which the write-only value
// never needs) made each such apply write the state again, the same but
// for that order: with 20 methods, an unchanged order is one chance in a
// million.
func TestAccACLAuthMethod_refreshOfNoChangeWritesNoState(t *testing.T) {
	t.Parallel()
	s := acctest.NewSchedulerEmulator(t, emulator.Options{})
	config := s.ProviderConfig()
	for i := range 20 {
		config += minimalOIDC(fmt.Sprintf("m%02d", i), fmt.Sprintf("refreshed-%02d", i), "", "")
	}
	cli := acctest.NewCLI(t, nil)
	cli.WriteConfig(t, config)
	cli.MustRun(t, "apply", "-auto-approve")
	serial := func() int {
		var st struct{ Serial int }
		cli.DecodeState(t, &st)
		return st.Serial
	}
	applied := serial()
	for range 2 {
		cli.MustRun(t, "apply", "-refresh-only", "-auto-approve")
	}
	if got := serial(); got != applied {
		t.Errorf("two refresh-only applies of unchanged methods took the state from serial %d to %d, want no new state", applied, got)
	}
}

// A destroy sends the delete alone, as the incumbent's does: it waits for
// no replica. A method created again under the name in the same process
// (a replacement) waits instead, in its look before the create, which
// reads once the replica has applied the delete (the lifecycle's Replace
// phase runs against a lagging replica).
func TestAccACLAuthMethod_destroySendsTheDeleteAlone(t *testing.T) {
	t.Parallel()
	s := acctest.NewSchedulerEmulator(t, emulator.Options{Scheduler: emuscheduler.Options{ReplicaLag: acctest.DefaultReplicaLag}})
	cli := acctest.NewCLI(t, nil)
	cli.WriteConfig(t, oidcConfig(s, "destroyed", "global", "1h", ""))
	cli.MustRun(t, "apply", "-auto-approve")
	// The replica has the method before the destroy starts, as after any
	// refresh.
	stored(t, s.Client(t), "destroyed", 2)

	before := s.Emulator.Stats()
	cli.MustRun(t, "destroy", "-auto-approve", "-refresh=false")
	got := s.RequestsSince(before)
	// The provider's first contact checks that the address is the
	// scheduler's, once.
	want := map[string]int64{"GET /v1/status/leader": 1, "DELETE /v1/acl/auth-method/{name}": 1}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the destroy sent %v, want %v", got, want)
	}
	if err := checkGone(t, s, "destroyed")(nil); err != nil {
		t.Error(err)
	}
}

// A method deleted elsewhere while the replica still shows it is destroyed
// without error, even by a server that answers that delete with a 500.
func TestAccACLAuthMethod_destroyOfMethodDeletedElsewhere(t *testing.T) {
	s := acctest.NewSchedulerEmulator(t, emulator.Options{Scheduler: emuscheduler.Options{ReplicaLag: 8 * time.Second, DeleteMissing500: true}})
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             checkGone(t, s, "gone"),
		Steps: []resource.TestStep{
			{Config: oidcConfig(s, "gone", "global", "1h", "")},
			{
				PreConfig: func() {
					if _, err := s.Client(t).DeleteAuthMethod(context.Background(), "gone"); err != nil {
						t.Fatal(err)
					}
				},
				Config: s.ProviderConfig(),
				Check: func(*terraform.State) error {
					if n := s.Emulator.Stats().Requests["DELETE /v1/acl/auth-method/{name}"]; n != 2 {
						return fmt.Errorf("%d deletes reached the server, want 2 (out of band, then Terraform's)", n)
					}
					return nil
				},
			},
		},
	})
}

func TestAccACLAuthMethod_schedulerNotConfigured(t *testing.T) {
	t.Setenv("STACK_SCHEDULER_ADDR", "")
	t.Setenv("STACK_SCHEDULER_TOKEN", "")
	resource.Test(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      "provider \"stack\" {}\n" + minimalOIDC("test", "m", "", ""),
			PlanOnly:    true,
			ExpectError: regexp.MustCompile(`(?s)Set scheduler.address \(or STACK_SCHEDULER_ADDR\) and\s+scheduler.token \(or STACK_SCHEDULER_TOKEN\)`),
		}},
	})
}

func scopesAre(t *testing.T, s *acctest.Scheduler, addr string, scopes ...string) resource.TestCheckFunc {
	return checkServer(t, s, addr, func(m *schedulerclient.AuthMethod) error {
		if strings.Join(m.Config.OIDCScopes, ",") != strings.Join(scopes, ",") {
			return fmt.Errorf("%s has scopes %v on the server, want %v", m.Name, m.Config.OIDCScopes, scopes)
		}
		return nil
	})
}

// Two blocks of one configuration with one name: the second create finds
// the method the first made a moment ago, and the error says so before it
// suggests an import, which would give the method two owners.
func TestAccACLAuthMethod_twoBlocksOfOneName(t *testing.T) {
	s := acctest.NewScheduler(t)
	config := s.ProviderConfig() + minimalOIDC("first", "twice", "", "") + minimalOIDC("second", "twice", "", "")
	want := `(?s)Auth method already exists.*An auth method named "twice" already exists, and Terraform will not take over an object it did not create. ` +
		`If another resource of this configuration has the same name, it may be the one that created it: give one of them another name. ` +
		`Otherwise, to manage it with Terraform, import it`
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config:      config,
			ExpectError: regexp.MustCompile(strings.ReplaceAll(want, " ", `\s+`)),
		}},
	})
}

// A first Ctrl-C during an apply lets the creates in flight finish, so
// that every method the scheduler made is in the state.
func TestAccACLAuthMethod_interruptedApplyLosesNothing(t *testing.T) {
	s := acctest.NewSchedulerEmulator(t, emulator.Options{Latency: 200 * time.Millisecond})
	const n = 20
	config := s.ProviderConfig()
	for i := range n {
		config += minimalOIDC(fmt.Sprintf("m%02d", i), fmt.Sprintf("interrupted-%02d", i), "", "")
	}
	acctest.InterruptedApplyLosesNothing(t, config, n,
		func() int64 { return s.Emulator.Stats().Requests["POST /v1/acl/auth-method"] },
		func() int {
			methods, _, err := s.Client(t).ListAuthMethods(context.Background(), nil)
			if err != nil {
				t.Fatal(err)
			}
			return len(methods)
		})
}
