# Every auth method of the scheduler, each read whole.
list "stack_scheduler_acl_auth_method" "all" {
  provider         = stack
  include_resource = true
}

# The JWT methods, by name only.
list "stack_scheduler_acl_auth_method" "jwt" {
  provider = stack

  config {
    type = "JWT"
  }
}
