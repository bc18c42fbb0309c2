package platform_test

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	emuplatform "github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

// newSelfHosted is an emulator of the platform's self-hosted edition, the
// one with data retention policies and the admin API's settings, with an
// organization of the test's own; its token is the site administrator's.
func newSelfHosted(t *testing.T) *acctest.Platform {
	t.Helper()
	return acctest.NewPlatformEmulator(t, emulator.Options{Platform: emuplatform.Options{Edition: emuplatform.EditionSelfHosted}})
}

// refusedOnTheHostedEdition plans config, a resource of what the hosted
// edition does not serve, what in the plural, against an emulator of the
// hosted edition: the plan fails with the provider's words, which name
// the edition, and the only request sent is GET /ping, which tells the
// edition.
func refusedOnTheHostedEdition(t *testing.T, object, what string, config func(p *acctest.Platform) string) {
	t.Helper()
	p := acctest.NewPlatformEmulator(t, emulator.Options{})
	before := p.Emulator.Stats()
	resource.ParallelTest(t, resource.TestCase{
		ProtoV6ProviderFactories: acctest.ProviderFactories,
		Steps: []resource.TestStep{{
			Config: config(p), PlanOnly: true,
			ExpectError: check.Wrapped(`Cannot plan the ` + object + `.*` + regexp.QuoteMeta(strings.ToUpper(what[:1])+what[1:]+` are served by the platform's self-hosted edition alone, `+
				`and the platform that platform.address (or STACK_PLATFORM_ADDR) names is the hosted edition: its GET /api/v2/ping answers TFP-AppName "HCP Terraform".`)),
		}},
	})
	for route := range p.RequestsSince(before) {
		if route != "GET /api/v2/ping" {
			t.Errorf("the refused plan sent %s, want GET /api/v2/ping alone", route)
		}
	}
}
