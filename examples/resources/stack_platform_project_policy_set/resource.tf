# Attaches a policy set to a project, whose workspaces it then checks.
variable "policy_set_id" {
  type = string
}

resource "stack_platform_project" "apps" {
  name = "apps"
}

resource "stack_platform_project_policy_set" "apps" {
  policy_set_id = var.policy_set_id
  project_id    = stack_platform_project.apps.id
}
