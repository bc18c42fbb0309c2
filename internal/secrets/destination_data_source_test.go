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
	"github.com/stackworks/terraform-provider-stack/internal/client"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emusecrets "github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

// dsObfuscated matches a secret as the service shows it: asterisks.
var dsObfuscated = knownvalue.StringRegexp(regexp.MustCompile(`^\*+$`))

// dsWriteDestination creates a destination out of band and deletes it (with
// its associations) when the test ends.
func dsWriteDestination(t *testing.T, s *acctest.Secrets, name string, d secretsclient.DestinationWrite) *secretsclient.Destination {
	t.Helper()
	c := s.Client(t)
	got, _, err := c.WriteDestination(context.Background(), name, d)
	if err != nil {
		t.Fatalf("creating the %s destination %q: %v", d.DestinationType(), name, err)
	}
	t.Cleanup(func() {
		_, err := c.DeleteDestination(context.Background(), d.DestinationType(), name, true)
		if err != nil && !client.IsNotFound(err) {
			t.Errorf("deleting the %s destination %q: %v", d.DestinationType(), name, err)
		}
	})
	return got
}

func dsDestinationConfig(label, typ, name string) string {
	return fmt.Sprintf(`
data "stack_secrets_sync_destination" %q {
  type = %q
  name = %q
}
`, label, typ, name)
}

// The data source reads a destination of each type by its type and name:
// its secrets obfuscated, the rest in clear. The type and the name are
// checked at plan time, and a name no destination has is an error that
// says so.
func TestAccDestinationDataSource_shape(t *testing.T) {
	s := acctest.NewSecrets(t)
	prefix := tfacctest.RandomWithPrefix("dsdest")
	c1, c3, web := prefix+"-c1", prefix+"-c3", prefix+"-web"

	c1Got := dsWriteDestination(t, s, c1, secretsclient.CloudOneSMDestination{
		DestinationOptions: secretsclient.DestinationOptions{CustomTags: map[string]string{"team": "payments"}},
		AccessKeyID:        "AKIAEXAMPLE",
		SecretAccessKey:    "very-secret-key",
		Region:             "us-east-1",
	})
	dsWriteDestination(t, s, c3, secretsclient.CloudThreeSMDestination{
		DestinationOptions: secretsclient.DestinationOptions{
			Granularity:        secretsclient.GranularitySecretKey,
			SecretNameTemplate: "tpl-{{ .SecretPath }}",
			CustomTags:         map[string]string{"env": "prod", "team": "infra"},
		},
		Credentials:          `{"type":"service_account"}`,
		ProjectID:            "proj-1",
		ReplicationLocations: []string{"us-east1", "europe-west1"},
		LocationalKMSKeys:    map[string]string{"us-east1": "projects/p/locations/us-east1/keyRings/r/cryptoKeys/k"},
	})
	webGot := dsWriteDestination(t, s, web, secretsclient.WebhostProjectDestination{
		AccessToken:            "web-token",
		ProjectID:              "prj_123",
		DeploymentEnvironments: []string{"development", "preview"},
	})

	const (
		c1Addr  = "data.stack_secrets_sync_destination.c1"
		c3Addr  = "data.stack_secrets_sync_destination.c3"
		webAddr = "data.stack_secrets_sync_destination.web"
	)
	missing := tfacctest.RandomWithPrefix("dsmissing")
	check.DataSource{
		Service: s, Type: "stack_secrets_sync_destination", Config: s.ProviderConfig(),
		PlanErrors: []check.Refusal{
			{Args: check.Args{"type": "cloudfour-sm", "name": missing}, Want: regexp.MustCompile(`(?s)Attribute type value must be one of:.*"cloudone-sm".*got:\s+"cloudfour-sm"`)},
			{Args: check.Args{"type": secretsclient.TypeCloudOneSM, "name": "a/b"}, Want: check.Wrapped(nameRuleText)},
		},
		Reads: []check.Read{
			{Label: "c1", Args: check.Args{"type": secretsclient.TypeCloudOneSM, "name": c1}, Checks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(c1Addr, check.Path("type"), check.Str(secretsclient.TypeCloudOneSM)),
				statecheck.ExpectKnownValue(c1Addr, check.Path("name"), check.Str(c1)),
				// Secrets obfuscated, the rest in clear.
				statecheck.ExpectKnownValue(c1Addr, check.Path("connection_details"), knownvalue.MapExact(map[string]knownvalue.Check{
					"access_key_id":     dsObfuscated,
					"secret_access_key": dsObfuscated,
					"role_arn":          check.Str(""),
					"external_id":       check.Str(""),
					"region":            check.Str("us-east-1"),
				})),
				// The type's defaults.
				statecheck.ExpectKnownValue(c1Addr, check.Path("granularity"), check.Str(secretsclient.GranularitySecretPath)),
				statecheck.ExpectKnownValue(c1Addr, check.Path("secret_name_template"), check.Str(c1Got.Options.SecretNameTemplate)),
				statecheck.ExpectKnownValue(c1Addr, check.Path("secret_name_template"), knownvalue.StringRegexp(regexp.MustCompile(`\{\{ \.SecretPath \}\}`))),
				statecheck.ExpectKnownValue(c1Addr, check.Path("custom_tags"), knownvalue.MapExact(map[string]knownvalue.Check{"team": check.Str("payments")})),
				statecheck.ExpectKnownValue(c1Addr, check.Path("purge_initiated_at"), knownvalue.Null()),
			}},
			{Label: "c3", Args: check.Args{"type": secretsclient.TypeCloudThreeSM, "name": c3}, Checks: []statecheck.StateCheck{
				// Lists and maps as JSON text; options as set.
				statecheck.ExpectKnownValue(c3Addr, check.Path("connection_details"), knownvalue.MapExact(map[string]knownvalue.Check{
					"credentials":           dsObfuscated,
					"project_id":            check.Str("proj-1"),
					"replication_locations": check.Str(`["us-east1","europe-west1"]`),
					"locational_kms_keys":   check.Str(`{"us-east1":"projects/p/locations/us-east1/keyRings/r/cryptoKeys/k"}`),
					"global_kms_key":        check.Str(""),
				})),
				statecheck.ExpectKnownValue(c3Addr, check.Path("granularity"), check.Str(secretsclient.GranularitySecretKey)),
				statecheck.ExpectKnownValue(c3Addr, check.Path("secret_name_template"), check.Str("tpl-{{ .SecretPath }}")),
				statecheck.ExpectKnownValue(c3Addr, check.Path("custom_tags"), knownvalue.MapExact(map[string]knownvalue.Check{"env": check.Str("prod"), "team": check.Str("infra")})),
			}},
			{Label: "web", Args: check.Args{"type": secretsclient.TypeWebhostProject, "name": web}, Checks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(webAddr, check.Path("connection_details"), knownvalue.MapExact(map[string]knownvalue.Check{
					"access_token":            dsObfuscated,
					"project_id":              check.Str("prj_123"),
					"team_id":                 check.Str(""),
					"deployment_environments": check.Str(`["development","preview"]`),
				})),
				statecheck.ExpectKnownValue(webAddr, check.Path("granularity"), check.Str(secretsclient.GranularitySecretKey)),
				statecheck.ExpectKnownValue(webAddr, check.Path("secret_name_template"), check.Str(webGot.Options.SecretNameTemplate)),
				// webhost-project takes no tags.
				statecheck.ExpectKnownValue(webAddr, check.Path("custom_tags"), knownvalue.MapExact(map[string]knownvalue.Check{})),
				statecheck.ExpectKnownValue(webAddr, check.Path("purge_initiated_at"), knownvalue.Null()),
			}},
		},
		NotFound: []check.Refusal{{
			Args: check.Args{"type": secretsclient.TypeCloudOneSM, "name": missing},
			Want: regexp.MustCompile(fmt.Sprintf(
				`(?s)Cannot read the cloudone-sm destination "%s".*The service has no cloudone-sm destination named\s+"%s".*GET\s+/v1/sys/sync/destinations/cloudone-sm/%s:\s+404\s+Not\s+Found`,
				missing, missing, missing)),
		}},
	}.Run(t)
}

// A purge under way shows in purge_initiated_at. The purge takes a minute
// in this emulator, so the destination is still there to read.
func TestAccDestinationDataSource_purging(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{Secrets: emusecrets.Options{PurgeDelay: time.Minute}})
	name := tfacctest.RandomWithPrefix("dsdest")
	// The purge starts once the test runs: a parallel test may wait for
	// longer than the purge takes before it does.
	var purgeInitiatedAt string
	startPurge := func() {
		dsWriteDestination(t, s, name, secretsclient.CloudOneSMDestination{Region: "us-east-1"})
		c := s.Client(t)
		ctx := context.Background()
		if _, _, err := c.SetAssociation(ctx, secretsclient.TypeCloudOneSM, name, "secret", "app/db"); err != nil {
			t.Fatal(err)
		}
		before := time.Now().UTC()
		if _, err := c.DeleteDestination(ctx, secretsclient.TypeCloudOneSM, name, true); err != nil {
			t.Fatal(err)
		}
		got, _, err := c.ReadDestination(ctx, secretsclient.TypeCloudOneSM, name)
		if err != nil {
			t.Fatal(err)
		}
		if got.PurgeInitiatedAt.Before(before.Add(-time.Second)) {
			t.Fatalf("the service shows purge_initiated_at %v, before the delete at %v", got.PurgeInitiatedAt, before)
		}
		purgeInitiatedAt = got.PurgeInitiatedAt.UTC().Format(time.RFC3339Nano)
	}

	const addr = "data.stack_secrets_sync_destination.test"
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			PreConfig: startPurge,
			Config:    s.ProviderConfig() + dsDestinationConfig("test", secretsclient.TypeCloudOneSM, name),
			ConfigStateChecks: []statecheck.StateCheck{
				statecheck.ExpectKnownValue(addr, check.Path("purge_initiated_at"), knownvalue.StringFunc(func(v string) error {
					if v != purgeInitiatedAt {
						return fmt.Errorf("purge_initiated_at %q, want the service's %q", v, purgeInitiatedAt)
					}
					return nil
				})),
				statecheck.ExpectKnownValue(addr, check.Path("connection_details"), knownvalue.MapPartial(map[string]knownvalue.Check{
					"region":        check.Str("us-east-1"),
					"access_key_id": check.Str(""),
				})),
			},
		}},
	})
}
