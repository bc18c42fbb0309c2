# A run task of the provider's default organization, by name.
data "stack_platform_run_task" "scanner" {
  name = "security-scanner"
}

# Another organization's, by ID.
data "stack_platform_run_task" "by_id" {
  id = "task-6p5RiCe5CRjBmsGt"
}

output "scanner_url" {
  value = data.stack_platform_run_task.scanner.url
}

# Null unless the organization's plan has global run tasks.
output "scanner_runs_everywhere" {
  value = try(data.stack_platform_run_task.scanner.global_configuration.enabled, false)
}
