# Every policy set of the provider's organization, with its state.
list "stack_platform_policy_set" "all" {
  provider         = stack
  include_resource = true
}

# The Sentinel policy sets whose names contain "baseline".
list "stack_platform_policy_set" "baseline" {
  provider = stack

  config {
    search = "baseline"
    kind   = "sentinel"
  }
}
