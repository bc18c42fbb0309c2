resource "stack_platform_workspace" "network" {
  name = "network"
}

resource "stack_platform_workspace" "app" {
  name = "app"
}

# Each apply of the network workspace queues a run in the app workspace.
resource "stack_platform_run_trigger" "app_after_network" {
  workspace_id  = stack_platform_workspace.app.id
  sourceable_id = stack_platform_workspace.network.id
}
