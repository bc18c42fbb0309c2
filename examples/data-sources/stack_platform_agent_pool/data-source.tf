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
