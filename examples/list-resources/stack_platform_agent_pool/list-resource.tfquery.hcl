# Every agent pool of the provider's organization, with its state.
list "stack_platform_agent_pool" "all" {
  provider         = stack
  include_resource = true
}

# The agent pools whose names contain "runners".
list "stack_platform_agent_pool" "runners" {
  provider = stack

  config {
    search = "runners"
  }
}
