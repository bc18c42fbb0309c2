# Secrets of the `secret` mount (a key-value version 2 mount) pushed to a
# destination. Referring to the destination's name makes Terraform create the
# destination first and, on destroy, remove the associations before it.
resource "stack_secrets_sync_association" "payments" {
  for_each = toset(["payments/db-password", "payments/api-key"])

  destination_type = "cloudone-sm"
  destination_name = stack_secrets_sync_cloudone_sm_destination.prod.name
  mount            = "secret"
  secret_name      = each.key
}

resource "stack_secrets_sync_cloudone_sm_destination" "prod" {
  name   = "prod"
  region = "us-east-1"
}

output "sync_status" {
  description = "SYNCED once pushed; PENDING while sync is disabled."
  value       = { for k, a in stack_secrets_sync_association.payments : k => a.sync_status }
}
