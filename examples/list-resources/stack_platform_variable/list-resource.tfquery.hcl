# The variables of a workspace, with their state. A sensitive variable's
# value is not in it: the platform never returns it.
list "stack_platform_variable" "app" {
  provider         = stack
  include_resource = true

  config {
    workspace_id = "ws-6p5RiCe5CRjBmsGt"
  }
}

# The variables of a variable set.
list "stack_platform_variable" "shared" {
  provider = stack

  config {
    variable_set_id = "varset-6p5RiCe5CRjBmsGt"
  }
}
