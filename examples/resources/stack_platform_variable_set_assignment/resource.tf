resource "stack_platform_variable_set" "cloud" {
  name = "cloud-credentials"
}

# The set applies to one workspace...
resource "stack_platform_variable_set_assignment" "app" {
  variable_set_id = stack_platform_variable_set.cloud.id
  workspace_id    = "ws-6p5RiCe5CRjBmsGt"
}

# ...and to every workspace of a project.
resource "stack_platform_variable_set_assignment" "payments" {
  variable_set_id = stack_platform_variable_set.cloud.id
  project_id      = "prj-6p5RiCe5CRjBmsGt"
}
