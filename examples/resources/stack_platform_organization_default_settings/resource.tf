# Where the runs of the organization's workspaces execute, unless a project or
# a workspace says otherwise: here on the agents of a pool. Declare it once per
# organization; destroying it sets remote execution again.
resource "stack_platform_organization_default_settings" "acme" {
  organization           = "acme" # left out: the provider's platform.organization
  default_execution_mode = "agent"
  default_agent_pool_id  = "apool-6p5RiCe5CRjBmsGt" # your agent pool's ID
}
