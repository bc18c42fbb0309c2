# The network workspace runs locally, and the app workspace may read its
# state: apart from the workspaces, so that they can name each other.
resource "stack_platform_workspace_settings" "network" {
  workspace_id              = stack_platform_workspace.network.id
  execution_mode            = "local" # left out: the project's, itself the organization's default
  remote_state_consumer_ids = [stack_platform_workspace.app.id]
}

resource "stack_platform_workspace" "network" {
  name = "network-prod"
}

resource "stack_platform_workspace" "app" {
  name = "app-prod"
}
