package platform

import platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"

// NewAdminSentinelVersionResource is the constructor of
// stack_platform_admin_sentinel_version: see engine_versions.go.
var NewAdminSentinelVersionResource = newEngineVersionResource(engineVersionKind{
	typeName: "platform_admin_sentinel_version", of: "a Sentinel version", engine: "Sentinel", example: "0.22.1",
	calls: func(c *platformclient.Client) *platformclient.EngineVersions { return c.AdminSentinelVersions },
	twins: tfeToolVersion("tfe_sentinel_version"),
})
