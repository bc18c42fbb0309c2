# Every team of the provider's organization, its owners among them, with
# its state.
list "stack_platform_team" "all" {
  provider         = stack
  include_resource = true
}

# The teams whose names contain "platform".
list "stack_platform_team" "platform" {
  provider = stack

  config {
    search = "platform"
  }
}
