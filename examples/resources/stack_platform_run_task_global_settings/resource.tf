resource "stack_platform_run_task" "scanner" {
  name = "security-scanner"
  url  = "https://scanner.example.com/run-task"
}

# The scanner runs after every plan of every workspace of the
# organization, and its failure stops the run. The organization's plan
# must entitle it to global run tasks.
resource "stack_platform_run_task_global_settings" "scanner" {
  task_id           = stack_platform_run_task.scanner.id
  stages            = ["post_plan"]
  enforcement_level = "mandatory"
}
