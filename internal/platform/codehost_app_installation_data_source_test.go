package platform_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"
	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emuplatform "github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// An installation is found by the account's name, by the code host's
// number, or by both, each matched exactly; what matches none is an error
// that says what was given.
func TestAccCodehostAppInstallationDataSource_byNameAndNumber(t *testing.T) {
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	register := func(name string, number int, kind string) string {
		id, err := p.Emulator.Platform().RegisterCodehostAppInstallation(emuplatform.CodehostAppInstallation{Name: name, InstallationID: number, InstallationType: kind})
		if err != nil {
			t.Fatal(err)
		}
		return id
	}
	acme := register("acme", 1001, "Organization")
	register("acme-labs", 1002, "Organization")
	ada := register("ada", 2001, "User")
	const addr = "data.stack_platform_codehost_app_installation."
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{
			{
				Config: p.ProviderConfig() + `
data "stack_platform_codehost_app_installation" "none" {}
`,
				ExpectError: check.Literal(`At least one attribute out of [name,installation_id] must be specified`),
			},
			{
				Config: p.ProviderConfig() + `
data "stack_platform_codehost_app_installation" "by_name" {
  name = "acme"
}

data "stack_platform_codehost_app_installation" "by_number" {
  installation_id = 2001
}

data "stack_platform_codehost_app_installation" "by_both" {
  name            = "acme"
  installation_id = 1001
}
`,
				ConfigStateChecks: append(append(
					stateIs(addr+"by_name", map[string]knownvalue.Check{
						"id": check.Str(acme), "name": check.Str("acme"), "installation_id": knownvalue.Int64Exact(1001),
						"installation_type": check.Str("Organization"),
					}),
					stateIs(addr+"by_number", map[string]knownvalue.Check{
						"id": check.Str(ada), "name": check.Str("ada"), "installation_id": knownvalue.Int64Exact(2001), "installation_type": check.Str("User"),
					})...),
					stateIs(addr+"by_both", map[string]knownvalue.Check{"id": check.Str(acme)})...),
			},
			{
				Config: p.ProviderConfig() + `
data "stack_platform_codehost_app_installation" "mismatch" {
  name            = "acme"
  installation_id = 2001
}
`,
				ExpectError: check.Literal(`No code-host app installation matches name "acme" and installation_id 2001 among the`),
			},
		},
	})
}
