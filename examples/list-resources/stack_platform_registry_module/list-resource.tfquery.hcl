# Every module of the provider's organization's registry, with its state.
list "stack_platform_registry_module" "all" {
  provider         = stack
  include_resource = true
}

# The private registry's modules of the aws provider whose names contain
# "network".
list "stack_platform_registry_module" "network" {
  provider = stack

  config {
    search          = "network"
    registry_name   = "private"
    module_provider = "aws"
  }
}
