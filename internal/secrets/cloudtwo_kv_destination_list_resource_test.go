package secrets_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
)

// The list finds the destinations of its type alone; with
// include_resource, each is the state an import gives.
func TestAccCloudTwoKVDestinationListResource_query(t *testing.T) {
	config, lists := destinationQuery(t,
		secretsclient.CloudTwoKVDestination{KeyVaultURI: "https://kv.example", ClientID: "client", ClientSecret: "secret", TenantID: "tenant"},
		secretsclient.CloudTwoKVDestination{KeyVaultURI: "https://kv2.example", ClientID: "client", ClientSecret: "secret", TenantID: "tenant"},
		map[string]knownvalue.Check{"key_vault_uri": check.Str("https://kv.example"), "client_id": check.Str("client"), "tenant_id": check.Str("tenant")})
	check.Query{Type: "stack_secrets_sync_cloudtwo_kv_destination", Config: config, Lists: lists}.Run(t)
}
