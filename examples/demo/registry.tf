# The demo organization's private registry: a module whose versions are
# uploaded through the API, and a provider whose releases are published
# the same way. Terraform finds them as <HOST>/demo-org/network/aws and
# <HOST>/demo-org/certificates once a version is published.

resource "stack_platform_registry_module" "network" {
  organization    = stack_platform_organization.demo.name
  name            = "network"
  module_provider = "aws"
}

resource "stack_platform_registry_provider" "certificates" {
  organization = stack_platform_organization.demo.name
  name         = "certificates"
}
