# Every GPG key of the provider's organization's private registry, with its
# state.
list "stack_platform_registry_gpg_key" "all" {
  provider         = stack
  include_resource = true
}

# The GPG keys of another organization.
list "stack_platform_registry_gpg_key" "security" {
  provider = stack

  config {
    organization = "acme-security"
  }
}
