# A policy set by its name, in the provider's default organization.
data "stack_platform_policy_set" "baseline" {
  name = "baseline"
}

# What it holds and what it applies to.
output "baseline" {
  value = {
    policies            = data.stack_platform_policy_set.baseline.policy_ids
    workspaces          = data.stack_platform_policy_set.baseline.workspace_ids
    projects            = data.stack_platform_policy_set.baseline.project_ids
    excluded_workspaces = data.stack_platform_policy_set.baseline.excluded_workspace_ids
  }
}
