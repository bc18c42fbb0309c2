package platform

import (
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

// NewOrganizationTokenEphemeralResource is the constructor of the
// ephemeral stack_platform_organization_token.
var NewOrganizationTokenEphemeralResource = fwutil.NewEphemeral(orgTokenEphemeral(organizationTokenKind))
