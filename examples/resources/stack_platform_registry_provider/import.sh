# A registry provider is imported by <ORGANIZATION>/<REGISTRY NAME>/<NAMESPACE>/<NAME>,
# or by its ID, prov- and 16 characters.
terraform import stack_platform_registry_provider.certificates acme/private/acme/certificates
terraform import stack_platform_registry_provider.aws prov-6p5RiCe5CRjBmsGt
