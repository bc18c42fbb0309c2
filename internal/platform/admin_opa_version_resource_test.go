package platform_test

import (
	"testing"

	"github.com/stackworks/terraform-provider-stack/internal/acctest"
	"github.com/stackworks/terraform-provider-stack/internal/acctest/check"
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
)

const adminOPAVersionAddr = "stack_platform_admin_opa_version.test"

// The site's OPA versions, as the site administrator manages them: see
// engine_versions_test.go.
func TestAccAdminOPAVersion_lifecycle(t *testing.T) {
	p := acctest.NewPlatform(t)
	engineVersionCase{
		p: p, typ: "stack_platform_admin_opa_version", object: "OPA version", version: "0.61." + p.Organization, example: "0.59.0",
		calls: func(c *platformclient.Client) *platformclient.EngineVersions { return c.AdminOPAVersions },
	}.run(t, check.Lifecycle[*platformclient.Client]{Address: adminOPAVersionAddr})
}
