package secrets_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
)

// The list finds the destinations of its type alone; with
// include_resource, each is the state an import gives.
func TestAccCloudThreeSMDestinationListResource_query(t *testing.T) {
	config, lists := destinationQuery(t,
		secretsclient.CloudThreeSMDestination{Credentials: "@/etc/sync/credentials.json", ProjectID: "project-a"},
		secretsclient.CloudThreeSMDestination{Credentials: "@/etc/sync/credentials.json", ProjectID: "project-b"},
		map[string]knownvalue.Check{"project_id": check.Str("project-a")})
	check.Query{Type: "stack_secrets_sync_cloudthree_sm_destination", Config: config, Lists: lists}.Run(t)
}
