# Every run task of the provider's organization, with its state: give the
# generated configuration the HMAC key of each task that has one.
list "stack_platform_run_task" "all" {
  provider         = stack
  include_resource = true
}

# The run tasks of another organization.
list "stack_platform_run_task" "security" {
  provider = stack

  config {
    organization = "acme-security"
  }
}
