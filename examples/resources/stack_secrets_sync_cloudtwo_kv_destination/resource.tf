# A key vault, written to as an app registration. The client secret is given as
# a write-only attribute (Terraform 1.11+): it is sent to the service but never
# stored in the plan or the state. Bump client_secret_wo_version to send a new
# secret.
resource "stack_secrets_sync_cloudtwo_kv_destination" "payments" {
  name          = "payments-kv"
  key_vault_uri = "https://payments-kv.vault.cloudtwo.example.com" # changing it replaces the destination
  tenant_id     = "00000000-0000-0000-0000-000000000000"           # changing it replaces the destination
  client_id     = "11111111-1111-1111-1111-111111111111"

  client_secret_wo         = var.cloudtwo_client_secret
  client_secret_wo_version = 1

  custom_tags = {
    team = "payments"
  }
}

variable "cloudtwo_client_secret" {
  type      = string
  sensitive = true
  ephemeral = true # write-only values may come from ephemeral variables
}
