# The run triggers that queue runs in a workspace, with their state.
list "stack_platform_run_trigger" "app" {
  provider         = stack
  include_resource = true

  config {
    workspace_id = "ws-6p5RiCe5CRjBmsGt"
  }
}
