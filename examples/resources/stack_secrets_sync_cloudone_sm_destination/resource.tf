# A destination that authenticates with an access key. The keys are given as
# write-only attributes (Terraform 1.11+): they are sent to the service but
# never stored in the plan or the state. Bump the *_wo_version numbers to send
# new keys.
resource "stack_secrets_sync_cloudone_sm_destination" "prod" {
  name   = "prod"
  region = "us-east-1" # changing it replaces the destination

  access_key_id_wo             = var.cloudone_access_key_id
  access_key_id_wo_version     = 1
  secret_access_key_wo         = var.cloudone_secret_access_key
  secret_access_key_wo_version = 1

  granularity = "secret-key" # one secret at the destination per key of a secret
  custom_tags = {
    team = "payments"
  }

  # Restrict the service's sync client to the secrets manager's endpoints.
  allowed_ipv4_addresses = ["203.0.113.0/24"]
  allowed_ports          = [443]

  # On destroy, let the service unsync and remove the associations that remain,
  # and wait up to 20 minutes for it to finish.
  purge_on_destroy = true
  timeouts {
    delete = "20m"
  }
}

# A destination in another account: the service assumes a role there, starting
# from the credentials of its own environment (no keys given here).
resource "stack_secrets_sync_cloudone_sm_destination" "shared" {
  name        = "shared-services"
  region      = "eu-west-1"
  role_arn    = "arn:cloudone:iam::123456789012:role/secrets-sync"
  external_id = "0b7c1e52-5d0f-4c38-9a55-3f1e0e6f2a41" # must match the role's trust policy
}

variable "cloudone_access_key_id" {
  type      = string
  sensitive = true
  ephemeral = true # write-only values may come from ephemeral variables
}

variable "cloudone_secret_access_key" {
  type      = string
  sensitive = true
  ephemeral = true
}
