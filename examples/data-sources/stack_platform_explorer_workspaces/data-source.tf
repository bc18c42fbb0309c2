# The provider's default organization's workspaces, as the explorer shows
# them: what each manages, and the organization's total.
data "stack_platform_explorer_workspaces" "all" {}

output "resources_under_management" {
  value = data.stack_platform_explorer_workspaces.all.current_rum_count
}

# The workspaces that manage the most resources first.
output "largest_workspaces" {
  value = [
    for w in reverse(sort([
      for w in data.stack_platform_explorer_workspaces.all.workspaces : format("%09d %s", w.current_rum_count, w.name)
    ])) : split(" ", w)[1]
  ]
}

# The workspaces whose names have "network" in them, in any case.
data "stack_platform_explorer_workspaces" "network" {
  search = "network"
}
