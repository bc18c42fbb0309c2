package platform

import (
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// auditTrailTokenKind is an organization's audit trail token: a token of
// its own beside the organization's token, which reads the organization's
// audit trail and nothing else. Its calls are the organization token's,
// with ?token=audit-trails.
var auditTrailTokenKind = orgTokenKind{
	typeName: "platform_audit_trail_token", object: "audit trail token",
	calls: func(c *platformclient.Client) *platformclient.OrganizationTokens { return c.AuditTrailTokens },
	what: "The audit trail token of an organization of the platform, which reads the organization's audit trail and nothing else, " +
		"for a system that collects it. It is a token of its own beside the organization's token: creating, replacing or deleting one leaves the other alone. " +
		"The platform gives it to organizations whose plan includes audit logging, and only the owners team's members or the organization's token may manage it.",
}

// NewAuditTrailTokenResource is the constructor of
// stack_platform_audit_trail_token.
var NewAuditTrailTokenResource = fwutil.NewResource(orgTokenResource(auditTrailTokenKind))
