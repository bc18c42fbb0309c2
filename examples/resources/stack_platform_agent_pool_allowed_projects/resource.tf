resource "stack_platform_agent_pool" "linux" {
  name                = "linux-runners"
  organization_scoped = false
}

resource "stack_platform_project" "payments" {
  name = "payments"
}

# The projects whose workspaces may use the pool: the whole list, which this
# resource alone manages.
resource "stack_platform_agent_pool_allowed_projects" "linux" {
  agent_pool_id       = stack_platform_agent_pool.linux.id
  allowed_project_ids = [stack_platform_project.payments.id]
}
