# Excludes a project's workspaces from a global policy set.
variable "policy_set_id" {
  type = string
}

resource "stack_platform_project" "labs" {
  name = "labs"
}

resource "stack_platform_project_policy_set_exclusion" "labs" {
  policy_set_id = var.policy_set_id
  project_id    = stack_platform_project.labs.id
}
