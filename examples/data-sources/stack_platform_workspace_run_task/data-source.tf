data "stack_platform_workspace" "app" {
  name = "app"
}

data "stack_platform_run_task" "scanner" {
  name = "security-scanner"
}

# The scanner's attachment to the workspace.
data "stack_platform_workspace_run_task" "app_scanner" {
  workspace_id = data.stack_platform_workspace.app.id
  task_id      = data.stack_platform_run_task.scanner.id
}

output "scanner_stops_runs" {
  value = data.stack_platform_workspace_run_task.app_scanner.enforcement_level == "mandatory"
}
