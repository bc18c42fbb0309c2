resource "stack_platform_project" "networking" {
  name = "networking"
}

resource "stack_platform_agent_pool" "datacenter" {
  name = "datacenter"
}

# The project's workspaces run on the pool's agents, unless a workspace
# sets its own execution (stack_platform_workspace_settings).
resource "stack_platform_project_settings" "networking" {
  project_id             = stack_platform_project.networking.id
  default_execution_mode = "agent"
  default_agent_pool_id  = stack_platform_agent_pool.datacenter.id
}
