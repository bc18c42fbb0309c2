resource "stack_platform_agent_pool" "linux" {
  name                = "linux-runners"
  organization_scoped = false
}

resource "stack_platform_workspace" "web" {
  name = "web"
}

# The workspaces that may use the pool: the whole list, which this
# resource alone manages.
resource "stack_platform_agent_pool_allowed_workspaces" "linux" {
  agent_pool_id         = stack_platform_agent_pool.linux.id
  allowed_workspace_ids = [stack_platform_workspace.web.id]
}
