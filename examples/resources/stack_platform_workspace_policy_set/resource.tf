# Attaches a policy set to a workspace.
variable "policy_set_id" {
  type = string
}

resource "stack_platform_workspace" "web" {
  name = "web"
}

resource "stack_platform_workspace_policy_set" "web" {
  policy_set_id = var.policy_set_id
  workspace_id  = stack_platform_workspace.web.id
}
