# One destination, read by type and name.
data "stack_secrets_sync_destination" "prod" {
  type = "cloudone-sm"
  name = "prod"
}

output "prod_region" {
  # connection_details is sensitive as a whole; the region is no secret.
  value = nonsensitive(data.stack_secrets_sync_destination.prod.connection_details["region"])
}

output "prod_secret_name_template" {
  value = data.stack_secrets_sync_destination.prod.secret_name_template
}

# Values other than strings come as JSON text.
data "stack_secrets_sync_destination" "storefront" {
  type = "webhost-project"
  name = "storefront"
}

output "storefront_environments" {
  value = nonsensitive(jsondecode(data.stack_secrets_sync_destination.storefront.connection_details["deployment_environments"]))
}
