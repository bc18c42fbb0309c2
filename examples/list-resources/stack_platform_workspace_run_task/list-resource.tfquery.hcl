# The run tasks attached to a workspace, with their state.
list "stack_platform_workspace_run_task" "app" {
  provider         = stack
  include_resource = true

  config {
    workspace_id = "ws-6p5RiCe5CRjBmsGt"
  }
}
