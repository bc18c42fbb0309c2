# Every policy of the provider's organization, with its state and its text.
list "stack_platform_policy" "all" {
  provider         = stack
  include_resource = true
}

# The OPA policies whose names contain "deny".
list "stack_platform_policy" "deny" {
  provider = stack

  config {
    search = "deny"
    kind   = "opa"
  }
}
