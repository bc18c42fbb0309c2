package secrets_test

// Behavior every destination type shares, tested on one or two types.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"reflect"
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
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emusecrets "github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

func TestAccDestination_validation(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{})
	name := tfacctest.RandomWithPrefix("invalid")
	config := func(extra string) string { return cloudOneConfig(s, name, "us-east-1", extra) }
	check.PlanErrors(t, s, []check.PlanError{
		// The service would answer its default for "", which the state
		// could not hold.
		{Config: config(`secret_name_template = ""`), Want: check.Literal(`Attribute secret_name_template string length must be at least 1, got: 0`)},
		{Config: config(`granularity = "secret"`), Want: check.Literal(`Attribute granularity value must be one of: ["secret-path" "secret-key"], got: "secret"`)},
		// The emulator's rule, which the service's path segments impose.
		{Config: cloudOneConfig(s, "a/b", "us-east-1", ""), Want: check.Wrapped(`Attribute name ` + nameRuleText + `, got: a/b`)},
		{Config: cloudOneConfig(s, "a b", "us-east-1", ""), Want: check.Wrapped(`Attribute name ` + nameRuleText + `, got: a b`)},
		{Config: cloudOneConfig(s, strings.Repeat("d", 129), "us-east-1", ""), Want: check.Wrapped(`Attribute name ` + nameRuleText + `, got: d{129}\b`)},
		{Config: cloudOneConfig(s, ".", "us-east-1", ""), Want: check.Wrapped(`Attribute name ` + nameRuleText + `, got: \.`)},
		{Config: cloudOneConfig(s, "-d", "us-east-1", ""), Want: check.Wrapped(`Attribute name ` + nameRuleText + `, got: -d`)},
		{Config: config(`allowed_ipv4_addresses = ["192.0.2.0/24", "2001:db8::/32"]`), Want: check.Literal(`allowed_ipv4_addresses[1] must be an IPv4 CIDR block such as "192.0.2.0/24", got "2001:db8::/32".`)},
		{Config: config(`allowed_ipv4_addresses = ["192.0.2.1"]`), Want: check.Literal(`allowed_ipv4_addresses[0] must be an IPv4 CIDR block such as "192.0.2.0/24", got "192.0.2.1".`)},
		{Config: config(`allowed_ipv6_addresses = ["10.0.0.0/8"]`), Want: check.Literal(`allowed_ipv6_addresses[0] must be an IPv6 CIDR block such as "2001:db8::/32", got "10.0.0.0/8".`)},
		{Config: config(`allowed_ports = [443, 0]`), Want: check.Literal(`Attribute allowed_ports[1] value must be between 1 and 65535, got: 0`)},
		{Config: config(`allowed_ports = [65536]`), Want: check.Literal(`Attribute allowed_ports[0] value must be between 1 and 65535, got: 65536`)},
		{Config: config(`access_key_id_wo = "AKIAOTHER"`), Want: check.Literal(`Attribute "access_key_id_wo" cannot be specified when "access_key_id" is specified`)},
		{Config: config(`secret_access_key_wo_version = 1`), Want: check.Literal(`Attribute "secret_access_key_wo" must be specified when "secret_access_key_wo_version" is specified`)},
	})
}

// The network options round-trip: the service holds what the
// configuration says, and what is removed from it is cleared.
func TestAccDestination_networkOptions(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{})
	name := tfacctest.RandomWithPrefix("net")
	typ := secretsclient.TypeCloudOneSM

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             destinationGone(t, s, typ, name),
		Steps: []resource.TestStep{
			{
				Config: cloudOneConfig(s, name, "us-east-1", `
  disable_strict_networking = true
  allowed_ipv4_addresses    = ["192.0.2.0/24", "198.51.100.7/32"]
  allowed_ipv6_addresses    = ["2001:db8::/32"]
  allowed_ports             = [443, 8443]`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(cloudOneAddr, check.Path("disable_strict_networking"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(cloudOneAddr, check.Path("allowed_ipv4_addresses"), check.StrList("192.0.2.0/24", "198.51.100.7/32")),
					statecheck.ExpectKnownValue(cloudOneAddr, check.Path("allowed_ipv6_addresses"), check.StrList("2001:db8::/32")),
					statecheck.ExpectKnownValue(cloudOneAddr, check.Path("allowed_ports"), knownvalue.ListExact([]knownvalue.Check{knownvalue.Int64Exact(443), knownvalue.Int64Exact(8443)})),
				},
				Check: networkOnServer(s, typ, name, networkOptions{
					DisableStrictNetworking: true,
					AllowedIPv4Addresses:    []string{"192.0.2.0/24", "198.51.100.7/32"},
					AllowedIPv6Addresses:    []string{"2001:db8::/32"},
					AllowedPorts:            []int{443, 8443},
				}),
			},
			{
				Config: cloudOneConfig(s, name, "us-east-1", `allowed_ports = [443]`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(cloudOneAddr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(cloudOneAddr, check.Path("disable_strict_networking"), knownvalue.Bool(false)),
					statecheck.ExpectKnownValue(cloudOneAddr, check.Path("allowed_ipv4_addresses"), knownvalue.Null()),
					statecheck.ExpectKnownValue(cloudOneAddr, check.Path("allowed_ipv6_addresses"), knownvalue.Null()),
				},
				Check: networkOnServer(s, typ, name, networkOptions{AllowedIPv4Addresses: []string{}, AllowedIPv6Addresses: []string{}, AllowedPorts: []int{443}}),
			},
		},
	})
}

// networkOptions are the network options of a destination's read form,
// which the emulator shows although the spec does not list them, and which
// the client therefore does not decode.
type networkOptions struct {
	DisableStrictNetworking bool     `json:"disable_strict_networking"`
	AllowedIPv4Addresses    []string `json:"allowed_ipv4_addresses"`
	AllowedIPv6Addresses    []string `json:"allowed_ipv6_addresses"`
	AllowedPorts            []int    `json:"allowed_ports"`
}

// networkOnServer checks the network options the emulator holds.
func networkOnServer(s *acctest.Secrets, typ, name string, want networkOptions) resource.TestCheckFunc {
	return func(*terraform.State) error {
		req, err := http.NewRequestWithContext(context.Background(), http.MethodGet, s.URL+"/v1/sys/sync/destinations/"+typ+"/"+name, nil)
		if err != nil {
			return err
		}
		req.Header.Set(secretsclient.TokenHeader, s.Token)
		resp, err := http.DefaultClient.Do(req)
		if err != nil {
			return err
		}
		defer resp.Body.Close()
		var env struct {
			Data struct {
				Options networkOptions `json:"options"`
			} `json:"data"`
		}
		if err := json.NewDecoder(resp.Body).Decode(&env); err != nil {
			return fmt.Errorf("reading %s/%s: %s: %w", typ, name, resp.Status, err)
		}
		if got := env.Data.Options; !reflect.DeepEqual(got, want) {
			return fmt.Errorf("the service holds the network options %+v, want %+v", got, want)
		}
		return nil
	}
}

// Removing granularity from the configuration returns to the type's
// default, which differs between types.
func TestAccDestination_granularityDefault(t *testing.T) {
	s := acctest.NewSecrets(t)
	name := tfacctest.RandomWithPrefix("gran")
	const webAddr = "stack_secrets_sync_webhost_project_destination.test"
	config := func(cloudOne, web string) string {
		return s.ProviderConfig() + fmt.Sprintf(`
resource "stack_secrets_sync_cloudone_sm_destination" "test" {
  name   = %q
  region = "us-east-1"
  %s
}

resource "stack_secrets_sync_webhost_project_destination" "test" {
  name                    = %q
  project_id              = "prj"
  access_token            = "token"
  deployment_environments = ["production"]
  %s
}
`, name, cloudOne, name, web)
	}
	granularities := func(cloudOne, web string) resource.TestCheckFunc {
		return resource.ComposeAggregateTestCheckFunc(
			checkDestination(t, s, secretsclient.TypeCloudOneSM, name, func(d *secretsclient.Destination) error { return destDetailsAre(d, nil, cloudOne) }),
			checkDestination(t, s, secretsclient.TypeWebhostProject, name, func(d *secretsclient.Destination) error { return destDetailsAre(d, nil, web) }),
		)
	}

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: config(`granularity = "secret-key"`, `granularity = "secret-path"`),
				Check:  granularities("secret-key", "secret-path"),
			},
			{
				Config: config("", ""),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{
						plancheck.ExpectResourceAction(cloudOneAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(cloudOneAddr, check.Path("granularity"), check.Str("secret-path")),
						plancheck.ExpectResourceAction(webAddr, plancheck.ResourceActionUpdate),
						plancheck.ExpectKnownValue(webAddr, check.Path("granularity"), check.Str("secret-key")),
					},
				},
				Check: granularities("secret-path", "secret-key"),
			},
		},
	})
}

// purge_on_destroy and timeouts are the provider's own: changing them
// changes the state alone, and sends nothing to the service.
func TestAccDestination_localChangesSendNothing(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{})
	name := tfacctest.RandomWithPrefix("local")
	typ := secretsclient.TypeCloudOneSM

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: cloudOneConfig(s, name, "us-east-1", ""),
				Check:  destWrites(s, typ, 1),
			},
			{
				Config: cloudOneConfig(s, name, "us-east-1", `
  purge_on_destroy = true
  timeouts {
    delete = "2m"
  }`),
				ConfigPlanChecks: resource.ConfigPlanChecks{
					PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(cloudOneAddr, plancheck.ResourceActionUpdate)},
				},
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(cloudOneAddr, check.Path("purge_on_destroy"), knownvalue.Bool(true)),
					statecheck.ExpectKnownValue(cloudOneAddr, check.Path("timeouts", "delete"), check.Str("2m")),
				},
				Check: destWrites(s, typ, 1),
			},
			{
				// Any other change is sent, with the local ones.
				Config: cloudOneConfig(s, name, "us-east-1", `
  purge_on_destroy = true
  role_arn         = "arn:cloud:iam::123:role/sync"`),
				ConfigStateChecks: []statecheck.StateCheck{
					statecheck.ExpectKnownValue(cloudOneAddr, check.Path("role_arn"), check.Str("arn:cloud:iam::123:role/sync")),
					statecheck.ExpectKnownValue(cloudOneAddr, check.Path("timeouts"), knownvalue.Null()),
				},
				Check: destWrites(s, typ, 2),
			},
		},
	})
}

// A purge that takes longer than timeouts.delete fails the destroy with a
// message that says what to do; once the service has finished, the next
// run finds the destination gone.
func TestAccDestination_purgeTimeout(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{Secrets: emusecrets.Options{PurgeDelay: 1500 * time.Millisecond}})
	name := tfacctest.RandomWithPrefix("slow-purge")
	typ := secretsclient.TypeCloudOneSM

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             destinationGone(t, s, typ, name),
		Steps: []resource.TestStep{
			{
				Config: cloudOneConfig(s, name, "us-east-1", `
  purge_on_destroy = true
  timeouts {
    delete = "300ms"
  }`),
				Check: func(*terraform.State) error {
					_, _, err := s.Client(t).SetAssociation(context.Background(), typ, name, "secret", "app/key")
					return err
				},
			},
			{
				Config: s.ProviderConfig(),
				ExpectError: check.Wrapped(`The purge of the destination did not finish.*` + regexp.QuoteMeta(fmt.Sprintf(
					`The service accepted the deletion of the cloudone-sm destination %q with purge and is removing its associations in the background, `+
						`but it had not finished within timeouts.delete (300ms): context deadline exceeded. Run the destroy again later, or raise timeouts.delete.`, name))),
			},
			{
				PreConfig: func() {
					deadline := time.Now().Add(30 * time.Second)
					for destinationGone(t, s, typ, name)(nil) != nil {
						if time.Now().After(deadline) {
							t.Fatal("the purge did not finish")
						}
						time.Sleep(100 * time.Millisecond)
					}
				},
				Config: s.ProviderConfig(),
			},
		},
	})
}

// Create-only attributes of the types replace the destination.
func TestAccDestination_createOnlyAttributesReplace(t *testing.T) {
	cases := []struct {
		name, typ, key, before, after string
		config                        func(s *acctest.Secrets, name, value string) string
	}{
		{
			name: "cloudtwo-kv tenant_id", typ: secretsclient.TypeCloudTwoKV, key: "tenant_id", before: "tenant-1", after: "tenant-2",
			config: func(s *acctest.Secrets, name, tenant string) string {
				return s.ProviderConfig() + fmt.Sprintf(`
resource "stack_secrets_sync_cloudtwo_kv_destination" "test" {
  name          = %q
  key_vault_uri = "https://vault.vault.example"
  tenant_id     = %q
  client_id     = "client"
  client_secret = "secret"
}
`, name, tenant)
			},
		},
		{
			name: "codehost repository_owner", typ: secretsclient.TypeCodehost, key: "repository_owner", before: "acme", after: "acme-labs",
			config: func(s *acctest.Secrets, name, owner string) string {
				return codehostConfig(s, name, fmt.Sprintf(`
  access_token     = "token"
  repository_owner = %q
  repository_name  = "web"`, owner))
			},
		},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s := acctest.NewSecrets(t)
			name := tfacctest.RandomWithPrefix("replace")
			addr := "stack_secrets_sync_" + map[string]string{
				secretsclient.TypeCloudTwoKV: "cloudtwo_kv",
				secretsclient.TypeCodehost:   "codehost",
			}[c.typ] + "_destination.test"
			holds := func(v string) resource.TestCheckFunc {
				return checkDestination(t, s, c.typ, name, func(d *secretsclient.Destination) error {
					return destDetailsAre(d, map[string]any{c.key: v}, "")
				})
			}
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: acctest.ProviderFactories,
				CheckDestroy:             destinationGone(t, s, c.typ, name),
				Steps: []resource.TestStep{
					{Config: c.config(s, name, c.before), Check: holds(c.before)},
					{
						Config: c.config(s, name, c.after),
						ConfigPlanChecks: resource.ConfigPlanChecks{
							PreApply: []plancheck.PlanCheck{plancheck.ExpectResourceAction(addr, plancheck.ResourceActionDestroyBeforeCreate)},
						},
						ConfigStateChecks: []statecheck.StateCheck{statecheck.ExpectKnownValue(addr, check.Path(c.key), check.Str(c.after))},
						Check:             holds(c.after),
					},
				},
			})
		})
	}
}

// A destination being purged reads as it was until the purge deletes it:
// the plan warns of what is coming rather than show nothing.
func TestAccDestination_purgeUnderWayWarns(t *testing.T) {
	t.Parallel()
	s := acctest.NewSecretsEmulator(t, emulator.Options{Secrets: emusecrets.Options{PurgeDelay: time.Hour}})
	name := tfacctest.RandomWithPrefix("purging")
	cli := acctest.NewCLI(t, nil)
	cli.WriteConfig(t, cloudOneConfig(s, name, "us-east-1", ""))
	cli.MustRun(t, "apply", "-auto-approve")
	// A destination without associations is deleted at once, purge or not.
	check.OutOfBand(t, s.Client, func(ctx context.Context, c *secretsclient.Client) error {
		if _, _, err := c.SetAssociation(ctx, secretsclient.TypeCloudOneSM, name, "secret", "app/db"); err != nil {
			return err
		}
		_, err := c.DeleteDestination(ctx, secretsclient.TypeCloudOneSM, name, true)
		return err
	})()

	diags, actions := cli.PlanJSON(t)
	var warned []acctest.Diagnostic
	for _, d := range diags {
		if d.Summary == "Destination is being purged" {
			warned = append(warned, d)
		}
	}
	want := regexp.MustCompile(fmt.Sprintf(`^The cloudone-sm destination %q has been purging since \d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ \(.+\)\. The service will delete it`, name))
	if len(warned) != 1 || warned[0].Severity != "warning" || !want.MatchString(warned[0].Detail) {
		t.Errorf("diagnostics %+v, want one warning matching %s", diags, want)
	}
	if len(actions) != 0 {
		t.Errorf("planned %v, want no change while the destination still reads as it was", actions)
	}
}

// A destination lives in the provider's namespace, out of sight of the
// root namespace.
func TestAccDestination_inNamespace(t *testing.T) {
	root := acctest.NewSecretsEmulator(t, emulator.Options{})
	team := *root
	team.Namespace = "team-a"
	name := tfacctest.RandomWithPrefix("ns")
	typ := secretsclient.TypeCloudOneSM

	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             destinationGone(t, &team, typ, name),
		Steps: []resource.TestStep{{
			Config: cloudOneConfig(&team, name, "us-east-1", ""),
			Check: resource.ComposeAggregateTestCheckFunc(
				checkDestination(t, &team, typ, name, func(d *secretsclient.Destination) error {
					return destDetailsAre(d, map[string]any{"region": "us-east-1"}, "")
				}),
				destinationGone(t, root, typ, name),
			),
		}},
	})
}

// A replacement of a destination that still has associations would fail
// at apply, since the service refuses to delete it: the plan says so, and
// how to go about it. Without associations the plan says nothing.
func TestAccDestination_replacementWithAssociationsWarns(t *testing.T) {
	t.Parallel()
	s := acctest.NewSecretsEmulator(t, emulator.Options{})
	name := tfacctest.RandomWithPrefix("replaced")
	cli := acctest.NewCLI(t, nil)
	cli.WriteConfig(t, cloudOneConfig(s, name, "us-east-1", ""))
	cli.MustRun(t, "apply", "-auto-approve")

	warnings := func() []acctest.Diagnostic {
		t.Helper()
		diags, actions := cli.PlanJSON(t)
		if got := actions["stack_secrets_sync_cloudone_sm_destination.test"]; got != "replace" {
			t.Fatalf("planned %v, want the destination replaced", actions)
		}
		var warned []acctest.Diagnostic
		for _, d := range diags {
			if d.Summary == "Destination with associations will be replaced" {
				warned = append(warned, d)
			}
		}
		return warned
	}
	cli.WriteConfig(t, cloudOneConfig(s, name, "eu-west-1", ""))
	if w := warnings(); len(w) != 0 {
		t.Errorf("warned %+v for a destination without associations", w)
	}

	check.OutOfBand(t, s.Client, func(ctx context.Context, c *secretsclient.Client) error {
		_, _, err := c.SetAssociation(ctx, secretsclient.TypeCloudOneSM, name, "secret", "app/db")
		return err
	})()
	want := regexp.MustCompile(fmt.Sprintf(`^Replacing the cloudone-sm destination %q deletes it first, and the service refuses to delete a destination that has associations \(it has 1\)\. `+
		`Either give its stack_secrets_sync_association resources .lifecycle \{ replace_triggered_by = \[<this destination>\] \}.`, name))
	if w := warnings(); len(w) != 1 || w[0].Severity != "warning" || !want.MatchString(w[0].Detail) {
		t.Errorf("warnings %+v, want one matching %s", w, want)
	}
}

// A first Ctrl-C during an apply lets the creates in flight finish, so
// that every destination the service made is in the state.
func TestAccDestination_interruptedApplyLosesNothing(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{Latency: 200 * time.Millisecond})
	const n = 20
	config := s.ProviderConfig()
	for i := range n {
		config += fmt.Sprintf(`
resource "stack_secrets_sync_cloudone_sm_destination" "d%02d" {
  name              = "interrupted-%02d"
  access_key_id     = "AKIAEXAMPLE"
  secret_access_key = "very-secret-key"
  region            = "us-east-1"
}
`, i, i)
	}
	acctest.InterruptedApplyLosesNothing(t, config, n,
		func() int64 {
			return s.Emulator.Stats().Requests["POST /v1/sys/sync/destinations/"+secretsclient.TypeCloudOneSM+"/{name}"]
		},
		func() int {
			got, _, err := s.Client(t).ListDestinationsByType(context.Background(), secretsclient.TypeCloudOneSM)
			if err != nil {
				t.Fatal(err)
			}
			return len(got.Keys)
		})
}
