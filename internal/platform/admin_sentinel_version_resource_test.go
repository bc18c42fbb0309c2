package platform_test

import (
	"strings"
	"testing"

	"github.com/hashicorp/terraform-plugin-testing/helper/resource"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/emulator"
	"github.com/stackworks/terraform-provider-stack/internal/emulator/platform"
)

const adminSentinelVersionAddr = "stack_platform_admin_sentinel_version.test"

// The site's Sentinel versions, as the site administrator manages them: see
// engine_versions_test.go.
func TestAccAdminSentinelVersion_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	engineVersionCase{
		p: p, typ: "stack_platform_admin_sentinel_version", object: "Sentinel version", version: "0.31." + p.Organization, example: "0.22.1",
		calls: func(c *platformclient.Client) *platformclient.EngineVersions { return c.AdminSentinelVersions },
	}.run(t, check.Lifecycle[*platformclient.Client]{Address: adminSentinelVersionAddr})
}

// Only the site administrator manages the site's versions, on either
// edition: any other token's create fails with the platform's words, and
// sends nothing more.
func TestAccAdminSentinelVersion_onlyTheSiteAdministrator(t *testing.T) {
	for _, edition := range []string{platform.EditionHosted, platform.EditionSelfHosted} {
		t.Run(edition, func(t *testing.T) {
			p := acctest.NewPlatformEmulator(t, emulator.Options{Platform: platform.Options{Edition: edition}})
			config := strings.Replace(engineVersionCase{p: p, typ: "stack_platform_admin_sentinel_version"}.config("0.40.0", "", "amd64"),
				p.ProviderConfig(), p.ProviderConfigWith(p.MintUserToken(t), p.Organization), 1)
			resource.ParallelTest(t, resource.TestCase{
				ProtoV6ProviderFactories: acctest.ProviderFactories,
				Steps: []resource.TestStep{{
					Config:      config,
					ExpectError: check.Wrapped(`Cannot create the Sentinel version.*POST http://\S+/api/v2/admin/sentinel-versions: 404.*the admin API is the site administrator's`),
				}},
			})
		})
	}
}
