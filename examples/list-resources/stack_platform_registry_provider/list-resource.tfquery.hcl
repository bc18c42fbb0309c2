# Every provider of the provider's organization's registry, with its state.
list "stack_platform_registry_provider" "all" {
  provider         = stack
  include_resource = true
}

# The organization's own providers whose names contain "cert".
list "stack_platform_registry_provider" "certificates" {
  provider = stack

  config {
    search        = "cert"
    registry_name = "private"
  }
}
