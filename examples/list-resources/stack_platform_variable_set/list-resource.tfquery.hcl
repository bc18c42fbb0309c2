# Every variable set of the provider's organization, with its state.
list "stack_platform_variable_set" "all" {
  provider         = stack
  include_resource = true
}

# The variable sets whose names contain "credentials", in another
# organization.
list "stack_platform_variable_set" "credentials" {
  provider = stack

  config {
    organization = "acme"
    search       = "credentials"
  }
}
