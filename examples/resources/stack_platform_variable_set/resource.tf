# A set of the provider's default organization (platform.organization),
# assigned to workspaces and projects with stack_platform_variable_set_assignment.
resource "stack_platform_variable_set" "cloud" {
  name        = "cloud-credentials"
  description = "Credentials of the cloud accounts."
  priority    = true # its variables win over the workspaces' own
}

# A set that applies to every workspace of the organization.
resource "stack_platform_variable_set" "defaults" {
  name   = "org-defaults"
  global = true
}

# A set owned by a project: never global, assigned only to that project or
# its workspaces.
resource "stack_platform_variable_set" "payments" {
  name              = "payments"
  parent_project_id = stack_platform_project.payments.id
}

resource "stack_platform_project" "payments" {
  name = "Payments"
}
