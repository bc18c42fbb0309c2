package secrets_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
)

// The list finds the destinations of its type alone; with
// include_resource, each is the state an import gives.
func TestAccCodehostDestinationListResource_query(t *testing.T) {
	config, lists := destinationQuery(t,
		secretsclient.CodehostDestination{AccessToken: "token", RepositoryOwner: "octo", RepositoryName: "api"},
		secretsclient.CodehostDestination{AccessToken: "token", RepositoryOwner: "octo", RepositoryName: "web"},
		map[string]knownvalue.Check{"repository_owner": check.Str("octo"), "repository_name": check.Str("api")})
	check.Query{Type: "stack_secrets_sync_codehost_destination", Config: config, Lists: lists}.Run(t)
}
