# A pool every workspace of the organization may use (organization_scoped
# defaults to true), in the provider's default organization.
resource "stack_platform_agent_pool" "linux" {
  name = "linux-runners"
}

# A pool only the workspaces and projects its allowed lists name may use
# (stack_platform_agent_pool_allowed_workspaces and _allowed_projects).
resource "stack_platform_agent_pool" "gpu" {
  name                = "gpu-runners"
  organization_scoped = false
}
