package platform_test

import (
	"fmt"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
)

// A team imports by its name in any case, as the platform keeps team
// names unique in any case; a name that is only a part of a team's is
// none.
func TestAccTeam_importNameInAnyCase(t *testing.T) {
	p := acctest.NewPlatform(t)
	config := teamConfig(p, "Platform Admins", "")
	imported := func(name string) resource.TestStep {
		return resource.TestStep{Config: config, ResourceName: teamAddr, ImportState: true, ImportStateId: p.Organization + "/" + name, ImportStateVerify: true}
	}
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: config},
			imported("platform admins"),
			imported("PLATFORM ADMINS"),
			{
				Config: config, ResourceName: teamAddr, ImportState: true, ImportStateId: p.Organization + "/platform",
				ExpectError: check.Literal(fmt.Sprintf(`The platform has no team %q, or the provider's token may not see it. `+
					`The organization %q has no team named "platform", in any case, that the token may see.`, p.Organization+"/platform", p.Organization)),
			},
		},
	})
}

// An import block's identity that names no team fails as the import ID of
// its form does, in the same words.
func TestAccTeam_importByIdentityOfNoTeam(t *testing.T) {
	acctest.NeedsIdentity(t)
	p := acctest.NewPlatform(t)
	imported := func(by string) string {
		return teamConfig(p, "platform", "") + fmt.Sprintf(`
import {
  to = %s
  %s
}
`, teamAddr, by)
	}
	want := check.Literal(fmt.Sprintf(`The platform has no team %q, or the provider's token may not see it. `+
		`The organization %q has no team named "platform", in any case, that the token may see.`, p.Organization+"/platform", p.Organization))
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{Config: imported(fmt.Sprintf(`id = "%s/platform"`, p.Organization)), PlanOnly: true, ExpectError: want},
			{Config: imported(fmt.Sprintf(`identity = {
    organization = %q
    name         = "platform"
  }`, p.Organization)), PlanOnly: true, ExpectError: want},
		},
	})
}
