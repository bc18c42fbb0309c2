# Every OAuth client of the provider's organization, with its state: all
# but its secrets, which the platform never returns.
list "stack_platform_oauth_client" "all" {
  provider         = stack
  include_resource = true
}

# The OAuth clients of another organization.
list "stack_platform_oauth_client" "acme" {
  provider = stack

  config {
    organization = "acme"
  }
}
