package secrets_test

import (
	"testing"

	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// A code-host destination's secrets_location is one of a closed list, and
// changing it replaces the destination: a slip is refused at plan, before
// any request, and the live destination stays as it is.
func TestAccCodehostDestination_secretsLocationSlipIsRefusedBeforeTheReplacement(t *testing.T) {
	s := acctest.NewSecretsEmulator(t, emulator.Options{})
	name := tfacctest.RandomWithPrefix("ch")
	config := func(location string) string {
		return codehostConfig(s, name, `
  access_token     = "token-1"
  secrets_location = "`+location+`"
  repository_owner = "acme"
  repository_name  = "web"`)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: check.SlipRefused(t, s, config, "repository", "repositroy",
			check.Literal(`Attribute secrets_location value must be one of: ["repository" "organization"], got: "repositroy"`)),
	})
}
