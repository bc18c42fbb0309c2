# The private provider "certificates" of the provider's default
# organization.
data "stack_platform_registry_provider" "certificates" {
  name = "certificates"
}

# The copy of a public provider in another organization.
data "stack_platform_registry_provider" "aws" {
  organization  = "acme-labs"
  registry_name = "public"
  namespace     = "hashicorp"
  name          = "aws"
}

output "certificates_created_at" {
  value = data.stack_platform_registry_provider.certificates.created_at
}

output "aws_id" {
  value = data.stack_platform_registry_provider.aws.id
}
