# A custom code-host app, for codehost destinations to authenticate with
# instead of an access token. The private key is given as a write-only
# attribute (Terraform 1.11+): it is sent to the service but never stored in
# the plan or the state. Bump private_key_wo_version to send a new key.
resource "stack_secrets_sync_codehost_app" "sync" {
  name                   = "acme-secrets-sync" # best the app's name at the code host
  app_id                 = 123456
  private_key_wo         = var.codehost_app_private_key
  private_key_wo_version = 1
}

# A destination that authenticates as the app. Its reference to the app's name
# makes Terraform create the app first and destroy it last: the service
# refuses to delete an app that destinations use.
resource "stack_secrets_sync_codehost_destination" "web" {
  name             = "acme-web"
  repository_owner = "acme"
  repository_name  = "web"
  app_name         = stack_secrets_sync_codehost_app.sync.name
  installation_id  = "45678901"
}

output "app_key_fingerprint" {
  description = "Compare with the fingerprint the code host shows for the app's key."
  value       = stack_secrets_sync_codehost_app.sync.fingerprint
}

variable "codehost_app_private_key" {
  description = "The app's private key, PEM-encoded, as the code host issued it."
  type        = string
  sensitive   = true
  ephemeral   = true # write-only values may come from ephemeral variables
}
