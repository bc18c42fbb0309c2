package platform_test

import (
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/knownvalue"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emuplatform "github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// An installation is found by the account's name, by the code host's
// number, or by both, each matched exactly; what matches none is an error
// that says what was given.
func TestAccCodehostAppInstallationDataSource_shape(t *testing.T) {
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
	check.DataSource{
		Service: p, Type: "stack_platform_codehost_app_installation", Config: p.ProviderConfig(),
		ByName: check.Read{Args: check.Args{"name": "acme"}, Want: map[string]knownvalue.Check{
			"id": check.Str(acme), "name": check.Str("acme"), "installation_id": knownvalue.Int64Exact(1001), "installation_type": check.Str("Organization"),
		}},
		Reads: []check.Read{
			{Label: "by_number", Args: check.Args{"installation_id": 2001}, Want: map[string]knownvalue.Check{
				"id": check.Str(ada), "name": check.Str("ada"), "installation_id": knownvalue.Int64Exact(2001), "installation_type": check.Str("User"),
			}},
			{Label: "by_both", Args: check.Args{"name": "acme", "installation_id": 1001}, Want: map[string]knownvalue.Check{"id": check.Str(acme)}},
		},
		NotFound: []check.Refusal{{
			Args: check.Args{"name": "acme", "installation_id": 2001},
			Want: check.Literal(`No code-host app installation matches name "acme" and installation_id 2001 among the`),
		}},
	}.Run(t)
}
