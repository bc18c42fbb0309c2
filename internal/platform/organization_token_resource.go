package platform

import (
	platformclient "github.com/stackworks/terraform-provider-stack/internal/client/platform"
	"github.com/stackworks/terraform-provider-stack/internal/fwutil"
)

var organizationTokenKind = orgTokenKind{
	typeName: "platform_organization_token", object: "organization token",
	calls: func(c *platformclient.Client) *platformclient.OrganizationTokens { return c.OrganizationTokens },
	what:  "The token of an organization of the platform, which acts for the organization (it cannot run plans or applies).",
}

// NewOrganizationTokenResource is the constructor of
// stack_platform_organization_token.
var NewOrganizationTokenResource = fwutil.NewResource(orgTokenResource(organizationTokenKind))
