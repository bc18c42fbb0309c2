package secrets_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	secretsclient "github.com/stackworks/terraform-provider-stack/internal/client/secrets"
)

// The list finds the destinations of its type alone; with
// include_resource, each is the state an import gives.
func TestAccCloudOneSMDestinationListResource_query(t *testing.T) {
	config, lists := destinationQuery(t,
		secretsclient.CloudOneSMDestination{Region: "eu-west-1", RoleARN: "arn:role", DestinationOptions: secretsclient.DestinationOptions{CustomTags: map[string]string{"team": "apis"}}},
		secretsclient.CloudOneSMDestination{Region: "us-east-1"},
		map[string]knownvalue.Check{"region": check.Str("eu-west-1"), "role_arn": check.Str("arn:role"), "custom_tags": check.StrMap(map[string]string{"team": "apis"})})
	check.Query{Type: "stack_secrets_sync_cloudone_sm_destination", Config: config, Lists: lists}.Run(t)
}
