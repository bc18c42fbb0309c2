resource "stack_platform_workspace" "app" {
  name = "app"
}

resource "stack_platform_run_task" "scanner" {
  name = "security-scanner"
  url  = "https://scanner.example.com/run-task"
}

# The scanner runs before and after every plan of the workspace, and its
# failure stops the run.
resource "stack_platform_workspace_run_task" "app_scanner" {
  workspace_id      = stack_platform_workspace.app.id
  task_id           = stack_platform_run_task.scanner.id
  enforcement_level = "mandatory"
  stages            = ["pre_plan", "post_plan"]
}
