# A private provider of the provider's default organization, in its
# namespace: Terraform finds it as <HOST>/acme/certificates once a version
# is published (registry_name defaults to private, namespace to the
# organization's name).
resource "stack_platform_registry_provider" "certificates" {
  name = "certificates"
}

# The organization's copy of a provider of the public registry.
resource "stack_platform_registry_provider" "aws" {
  registry_name = "public"
  namespace     = "hashicorp"
  name          = "aws"
}
