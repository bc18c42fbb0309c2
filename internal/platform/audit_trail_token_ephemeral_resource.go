package platform

import "github.com/stackworks/terraform-provider-stack/internal/fwutil"

// NewAuditTrailTokenEphemeralResource is the constructor of the ephemeral
// stack_platform_audit_trail_token.
var NewAuditTrailTokenEphemeralResource = fwutil.NewEphemeral(orgTokenEphemeral(auditTrailTokenKind))
