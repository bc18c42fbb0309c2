# Excludes a workspace from a global policy set.
variable "policy_set_id" {
  type = string
}

resource "stack_platform_workspace" "sandbox" {
  name = "sandbox"
}

resource "stack_platform_workspace_policy_set_exclusion" "sandbox" {
  policy_set_id = var.policy_set_id
  workspace_id  = stack_platform_workspace.sandbox.id
}
