# Every workspace of the provider's organization, with its state, so that
# `terraform query -generate-config-out=generated.tf` writes its configuration.
list "stack_platform_workspace" "all" {
  provider         = stack
  include_resource = true
}

# The production workspaces of the APIs, by name and tag, in another
# organization.
list "stack_platform_workspace" "api_production" {
  provider = stack

  config {
    organization = "acme"
    search       = "api"
    tags         = ["prod"]
  }
}
