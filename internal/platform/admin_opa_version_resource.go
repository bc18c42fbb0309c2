package platform

import platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"

// NewAdminOPAVersionResource is the constructor of
// stack_platform_admin_opa_version: see engine_versions.go.
var NewAdminOPAVersionResource = newEngineVersionResource(engineVersionKind{
	typeName: "platform_admin_opa_version", of: "an OPA version", engine: "OPA", example: "0.59.0",
	calls: func(c *platformclient.Client) *platformclient.EngineVersions { return c.AdminOPAVersions },
	twins: tfeToolVersion("tfe_opa_version"),
})
