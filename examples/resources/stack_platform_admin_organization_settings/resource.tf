# The self-hosted edition only, with a site administrator's token. What the
# configuration leaves out is its default; destroying the resource gives every
# setting its default back, and leaves the organization.
resource "stack_platform_admin_organization_settings" "acme" {
  organization      = "acme" # left out: the provider's platform.organization
  workspace_limit   = 200
  access_beta_tools = true
  plan_timeout      = "1h"
  apply_timeout     = "4h"

  # The other organizations that may use acme's private modules.
  module_consumers = ["acme-staging", "acme-labs"]
}
