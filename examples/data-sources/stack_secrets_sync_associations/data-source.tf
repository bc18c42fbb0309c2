# The secrets associated with one destination.
data "stack_secrets_sync_associations" "prod" {
  destination_type = "cloudone-sm"
  destination_name = "prod"
}

# The destinations one secret is associated with.
data "stack_secrets_sync_associations" "db_password" {
  mount       = "secret"
  secret_name = "payments/db-password"
}

output "prod_not_synced" {
  description = "Secrets of the prod destination whose last sync is not SYNCED (PENDING while sync is disabled)."
  value       = [for a in data.stack_secrets_sync_associations.prod.associations : a.secret_name if a.sync_status != "SYNCED"]
}

output "db_password_destinations" {
  value = [for a in data.stack_secrets_sync_associations.db_password.associations : "${a.destination_type}/${a.destination_name}"]
}
