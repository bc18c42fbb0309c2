# A registry module is imported by
# <ORGANIZATION>/<REGISTRY NAME>/<NAMESPACE>/<NAME>/<PROVIDER>/<MODULE ID>, the older
# <ORGANIZATION>/<NAME>/<PROVIDER>/<MODULE ID> of a private module, or its ID, mod- and 16 characters.
terraform import stack_platform_registry_module.network acme/private/acme/network/aws/mod-6p5RiCe5CRjBmsGt
terraform import stack_platform_registry_module.network acme/network/aws/mod-6p5RiCe5CRjBmsGt
terraform import stack_platform_registry_module.network mod-6p5RiCe5CRjBmsGt
