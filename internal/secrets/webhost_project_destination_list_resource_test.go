package secrets_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
)

// The list finds the destinations of its type alone; with
// include_resource, each is the state an import gives.
func TestAccWebhostProjectDestinationListResource_query(t *testing.T) {
	config, lists := destinationQuery(t,
		secretsclient.WebhostProjectDestination{AccessToken: "token", ProjectID: "prj_1", DeploymentEnvironments: []string{"production"}},
		secretsclient.WebhostProjectDestination{AccessToken: "token", ProjectID: "prj_2", DeploymentEnvironments: []string{"preview"}},
		map[string]knownvalue.Check{"project_id": check.Str("prj_1"), "deployment_environments": check.StrSet("production")})
	check.Query{Type: "stack_secrets_sync_webhost_project_destination", Config: config, Lists: lists}.Run(t)
}
