# A pool by its name, in the provider's default organization.
data "stack_platform_agent_pool" "linux" {
  name = "linux-runners"
}

# A workspace that runs on it.
resource "stack_platform_workspace_settings" "web" {
  workspace_id   = "ws-4pW7hPwDJ1fY3gSC"
  execution_mode = "agent"
  agent_pool_id  = data.stack_platform_agent_pool.linux.id
}

# Who may use the pool: the workspaces and projects it allows, and the
# workspaces it excludes, which their own resources manage.
output "linux_pool_users" {
  value = {
    allowed_workspaces  = data.stack_platform_agent_pool.linux.allowed_workspace_ids
    allowed_projects    = data.stack_platform_agent_pool.linux.allowed_project_ids
    excluded_workspaces = data.stack_platform_agent_pool.linux.excluded_workspace_ids
  }
}
