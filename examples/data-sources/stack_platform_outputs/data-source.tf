# The outputs of the network workspace's last apply, in the provider's
# default organization.
data "stack_platform_outputs" "network" {
  workspace = "network"
}

# A non-sensitive output keeps its type: a set of strings stays a set.
output "zones" {
  value = data.stack_platform_outputs.network.nonsensitive_values.zones
}

# A sensitive one is read from values, which is sensitive as a whole.
output "database_password" {
  value     = data.stack_platform_outputs.network.values.database_password
  sensitive = true
}

# The type the state gives an output, as Terraform writes types in JSON.
output "zones_type" {
  value = jsondecode(data.stack_platform_outputs.network.detailed_type["zones"])
}
