package scheduler_test

import (
	"strings"
	"testing"

	tfacctest "github.com/hashicorp/terraform-plugin-testing/helper/acctest"
	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
)

// Any change of a JWT method replaces it, and its token_locality is one of
// a closed list: a slip is refused at plan, before any request, and the
// live method stays as it is.
func TestAccACLAuthMethod_jwtTokenLocalitySlipIsRefusedBeforeTheReplacement(t *testing.T) {
	s := acctest.NewSchedulerEmulator(t, emulator.Options{})
	name := tfacctest.RandomWithPrefix("jwt")
	key := publicKeyPEM(t)
	config := func(locality string) string {
		return strings.Replace(jwtConfig(s, name, key, ""), `token_locality = "local"`, `token_locality = "`+locality+`"`, 1)
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		CheckDestroy:             checkGone(t, s, name),
		Steps: check.SlipRefused(t, s, config, "local", "lcoal",
			check.Literal(`Attribute token_locality value must be one of: ["local" "global"], got: "lcoal"`)),
	})
}
