resource "stack_platform_agent_pool" "linux" {
  name                = "linux-runners"
  organization_scoped = true
}

resource "stack_platform_workspace" "sandbox" {
  name = "sandbox"
}

# The workspaces that may not use the pool: the whole list, which this
# resource alone manages.
resource "stack_platform_agent_pool_excluded_workspaces" "linux" {
  agent_pool_id          = stack_platform_agent_pool.linux.id
  excluded_workspace_ids = [stack_platform_workspace.sandbox.id]
}
