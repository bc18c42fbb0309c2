# The third cloud's secret manager, written to with a service account's JSON
# credentials, given as a write-only attribute (Terraform 1.11+): they are sent
# to the service but never stored in the plan or the state. Bump
# credentials_wo_version to send new credentials.
resource "stack_secrets_sync_cloudthree_sm_destination" "analytics" {
  name = "analytics"

  credentials_wo         = var.cloudthree_credentials
  credentials_wo_version = 1

  project_id            = "analytics-prod" # instead of the credentials' project
  replication_locations = ["europe-west1", "europe-west4"]
  locational_kms_keys = {
    "europe-west1" = "projects/analytics-prod/locations/europe-west1/keyRings/sync/cryptoKeys/secrets"
    "europe-west4" = "projects/analytics-prod/locations/europe-west4/keyRings/sync/cryptoKeys/secrets"
  }

  custom_tags = {
    team = "data"
  }
}

# Credentials in a file on the secrets service's host: `@` and the file's path.
# The path is no secret, so it can be written in clear.
resource "stack_secrets_sync_cloudthree_sm_destination" "reporting" {
  name        = "reporting"
  credentials = "@/etc/secrets-sync/cloudthree-reporting.json"
}

variable "cloudthree_credentials" {
  description = "Contents of the service account's JSON credentials file."
  type        = string
  sensitive   = true
  ephemeral   = true # write-only values may come from ephemeral variables
}
