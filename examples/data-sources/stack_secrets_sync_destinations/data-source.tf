# Every destination of the service, of all types.
data "stack_secrets_sync_destinations" "all" {}

# Only the codehost destinations.
data "stack_secrets_sync_destinations" "codehost" {
  type = "codehost"
}

output "destinations" {
  value = [for d in data.stack_secrets_sync_destinations.all.destinations : "${d.type}/${d.name}"]
}

output "codehost_destination_names" {
  value = data.stack_secrets_sync_destinations.codehost.destinations[*].name
}
