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
	e := engineVersionCase{
		p: p, typ: "stack_platform_admin_opa_version", object: "OPA version", version: "0.61." + p.Organization,
		calls: func(c *platformclient.Client) engineVersionCalls { return c.AdminOPAVersions },
	}
	check.Lifecycle[*platformclient.Client]{
		Service: p, Client: p.Client, Address: adminOPAVersionAddr, FreshID: true,
		PlanErrors: e.planErrors(),
		ImportErrors: []check.ImportError{{ID: "a/b", Want: check.Literal(
			`The import ID of an OPA version is its ID, tool- and 16 characters of the base58 alphabet, or its version, such as 0.59.0; got "a/b".`)}},
		Create:          e.create(t),
		Update:          e.update(t),
		Imports:         e.imports(),
		OutOfBandChange: e.outOfBandChange(t),
		OutOfBandDelete: e.outOfBandDelete(t),
	}.Run(t)
}
