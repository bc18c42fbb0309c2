package secrets_test

import (
	"regexp"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emusecrets "github.com/stackworks/terraform-provider-stack/internal/emulator/secrets"
)

// The list finds every association, each named by its destination and
// its secret, the secret's mount by its name (which the service lists a
// destination's associations without); or those of one destination, or
// of one secret. With include_resource, each is the state an import
// gives, its mount's accessor found as the import finds it. An emulator
// of the test's own, with a mount whose name holds a slash.
func TestAccAssociationListResource_query(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{Secrets: emusecrets.Options{KVMounts: map[string]int{"secret": 2, "team/kv": 2}}})
	dsWriteDestination(t, s, "prod", secretsclient.CloudOneSMDestination{Region: "us-east-1"})
	dsWriteDestination(t, s, "web", secretsclient.WebhostProjectDestination{AccessToken: "token", ProjectID: "prj_1", DeploymentEnvironments: []string{"production"}})
	db := dsAssociate(t, s, secretsclient.TypeCloudOneSM, "prod", "team/kv", "app/db")
	dsAssociate(t, s, secretsclient.TypeCloudOneSM, "prod", "secret", "api-key")
	dsAssociate(t, s, secretsclient.TypeWebhostProject, "web", "secret", "api-key")
	id := func(typ, dest, mount, secret string) map[string]knownvalue.Check {
		return check.Identity(map[string]string{"destination_type": typ, "destination_name": dest, "mount": mount, "secret_name": secret})
	}
	prodDB := id(secretsclient.TypeCloudOneSM, "prod", "team/kv", "app/db")
	prodKey := id(secretsclient.TypeCloudOneSM, "prod", "secret", "api-key")
	webKey := id(secretsclient.TypeWebhostProject, "web", "secret", "api-key")
	check.Query{
		Type: "stack_secrets_sync_association", Config: s.ProviderConfig(),
		Lists: []check.Listed{
			{
				Label: "all", Found: []map[string]knownvalue.Check{prodDB, prodKey, webKey}, DisplayName: "cloudone-sm/prod/team/kv/app/db",
				Resource: map[string]knownvalue.Check{
					"destination_type": check.Str(secretsclient.TypeCloudOneSM), "destination_name": check.Str("prod"),
					"mount": check.Str("team/kv"), "secret_name": check.Str("app/db"), "accessor": check.Str(db.Accessor),
					"sync_status": check.Str(secretsclient.StatusSynced), "updated_at": knownvalue.NotNull(),
				},
			},
			{
				Label: "destination", Args: check.Args{"destination_type": secretsclient.TypeCloudOneSM, "destination_name": "prod"},
				Found: []map[string]knownvalue.Check{prodKey, prodDB}, DisplayName: "cloudone-sm/prod/secret/api-key",
			},
			{
				Label: "secret", Args: check.Args{"mount": "secret", "secret_name": "api-key"},
				Found: []map[string]knownvalue.Check{webKey, prodKey}, DisplayName: "webhost-project/web/secret/api-key",
			},
		},
		Errors: []check.Refusal{
			{
				Args: check.Args{"destination_type": secretsclient.TypeCloudOneSM, "secret_name": "y"},
				Want: regexp.MustCompile(`(?s)These attributes must be configured together:\s+\[destination_type,destination_name\].*These attributes must be configured together:\s+\[mount,secret_name\]`),
			},
			{
				Args: check.Args{"destination_type": secretsclient.TypeCloudOneSM, "destination_name": "prod", "mount": "secret", "secret_name": "api-key"},
				Want: regexp.MustCompile(`(?s)These attributes cannot be configured together:\s+\[destination_name,secret_name\]`),
			},
		},
	}.Run(t)
}
