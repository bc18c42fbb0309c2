# Every membership of the provider's organization, active or invited, with
# its state.
list "stack_platform_organization_membership" "all" {
  provider         = stack
  include_resource = true
}
