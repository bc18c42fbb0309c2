# Every project of the provider's organization, its default project among
# them, with its state.
list "stack_platform_project" "all" {
  provider         = stack
  include_resource = true
}

# The projects of these names in another organization.
list "stack_platform_project" "networking" {
  provider = stack

  config {
    organization = "acme"
    names        = ["networking", "shared-services"]
  }
}
