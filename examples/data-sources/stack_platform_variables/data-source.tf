variable "workspace_id" {
  type        = string
  description = "ID of the workspace whose variables are listed."
}

variable "variable_set_id" {
  type        = string
  description = "ID of the variable set whose variables are listed."
}

data "stack_platform_variables" "workspace" {
  workspace_id = var.workspace_id
}

data "stack_platform_variables" "shared" {
  variable_set_id = var.variable_set_id
}

# Keys are not marked sensitive; readable_value gives the values of the
# variables that are not sensitive without the mark.
output "workspace_keys" {
  value = data.stack_platform_variables.workspace.variables[*].key
}

output "shared_settings" {
  value = {
    for v in data.stack_platform_variables.shared.variables : v.key => v.readable_value
    if !v.sensitive
  }
}
