# The actions secrets of one repository, written with an access token given as
# a write-only attribute (Terraform 1.11+): it is sent to the service but never
# stored in the plan or the state. Bump access_token_wo_version to send a new
# token.
resource "stack_secrets_sync_codehost_destination" "web" {
  name             = "acme-web"
  repository_owner = "acme" # changing it replaces the destination
  repository_name  = "web"  # changing it replaces the destination

  access_token_wo         = var.codehost_token
  access_token_wo_version = 1
}

# The secrets of one environment of a repository, written as a custom code-host
# app instead of with a token. Referring to the app's name makes Terraform
# create the app first and destroy it last: the service refuses to delete an
# app that destinations use.
resource "stack_secrets_sync_codehost_destination" "api_production" {
  name             = "acme-api-production"
  repository_owner = "acme"
  repository_name  = "api"
  environment_name = "production"

  app_name        = stack_secrets_sync_codehost_app.sync.name
  installation_id = "45678901"
}

resource "stack_secrets_sync_codehost_app" "sync" {
  name                   = "acme-secrets-sync"
  app_id                 = 123456
  private_key_wo         = var.codehost_app_private_key
  private_key_wo_version = 1
}

# (Beta) Organization secrets, visible to the repositories listed.
resource "stack_secrets_sync_codehost_destination" "org" {
  name                      = "acme-org"
  secrets_location          = "organization" # changing it replaces the destination
  organization_name         = "acme"
  organization_visibility   = "selected" # changing it replaces the destination
  selected_repository_names = ["web", "api"]

  app_name        = stack_secrets_sync_codehost_app.sync.name
  installation_id = "45678901"
}

variable "codehost_token" {
  type      = string
  sensitive = true
  ephemeral = true # write-only values may come from ephemeral variables
}

variable "codehost_app_private_key" {
  description = "The app's private key, PEM-encoded."
  type        = string
  sensitive   = true
  ephemeral   = true
}
