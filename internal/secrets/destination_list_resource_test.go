package secrets_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// destinationQuery is the provider's configuration and the lists of the
// query of a destination type's list resource, against an emulator of
// the test's own: a and b are
// destinations of the type, written outside Terraform as "a" and "b",
// beside a destination of another type, which the list leaves out. With
// include_resource, a's state is what an import gives: want, and the
// settings the service does not show at their import's values.
func destinationQuery(t *testing.T, a, b secretsclient.DestinationWrite, want map[string]knownvalue.Check) (string, []check.Listed) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{})
	dsWriteDestination(t, s, "a", a)
	dsWriteDestination(t, s, "b", b)
	other := secretsclient.DestinationWrite(secretsclient.CloudOneSMDestination{Region: "us-east-1"})
	if a.DestinationType() == secretsclient.TypeCloudOneSM {
		other = secretsclient.WebhostProjectDestination{AccessToken: "token", ProjectID: "prj_1", DeploymentEnvironments: []string{"production"}}
	}
	dsWriteDestination(t, s, "other", other)
	resourceWant := map[string]knownvalue.Check{
		"name": check.Str("a"), "purge_on_destroy": knownvalue.Bool(false), "disable_strict_networking": knownvalue.Bool(false),
		"allowed_ipv4_addresses": knownvalue.Null(), "allowed_ports": knownvalue.Null(),
	}
	for k, v := range want {
		resourceWant[k] = v
	}
	named := func(name string) map[string]knownvalue.Check { return check.Identity(map[string]string{"name": name}) }
	return s.ProviderConfig(), []check.Listed{
		{Label: "all", Found: []map[string]knownvalue.Check{named("a"), named("b")}, DisplayName: "a", Resource: resourceWant},
		{Label: "identities", Found: []map[string]knownvalue.Check{named("b"), named("a")}, DisplayName: "b"},
	}
}
