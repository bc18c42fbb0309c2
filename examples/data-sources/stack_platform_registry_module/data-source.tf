# A private module of the provider's default organization, by its name and
# provider.
data "stack_platform_registry_module" "network" {
  name            = "network"
  module_provider = "aws"
}

# The organization's copy of a public module, in another organization.
data "stack_platform_registry_module" "consul" {
  organization    = "acme-labs"
  registry_name   = "public"
  namespace       = "hashicorp"
  name            = "consul"
  module_provider = "aws"
}

# A module by its ID.
data "stack_platform_registry_module" "by_id" {
  id = "mod-6p5RiCe5CRjBmsGt"
}

output "network_publishing" {
  value = data.stack_platform_registry_module.network.publishing_mechanism
}
