# Every provider of the provider's default organization's registry.
data "stack_platform_registry_providers" "all" {}

# The organization's private providers whose names contain "cert", in any
# case.
data "stack_platform_registry_providers" "certs" {
  registry_name = "private"
  search        = "cert"
}

output "provider_sources" {
  value = [for p in data.stack_platform_registry_providers.all.providers : "${p.namespace}/${p.name}"]
}

output "cert_provider_ids" {
  value = data.stack_platform_registry_providers.certs.ids
}
