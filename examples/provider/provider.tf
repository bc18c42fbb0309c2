terraform {
  required_providers {
    stack = {
      source = "stackworks/stack"
    }
  }
}

# Every block and setting is optional: configure only the services you use.
# Each setting can come from the environment variable named beside it; a
# value written here wins over the environment.
provider "stack" {
  # The scheduler: ACL auth methods (stack_scheduler_* resources).
  scheduler {
    address = "https://scheduler.example.com:4646" # STACK_SCHEDULER_ADDR
    token   = var.scheduler_token                  # STACK_SCHEDULER_TOKEN (a management token)
    region  = "eu-west"                            # STACK_SCHEDULER_REGION (empty: the server's own region)

    # STACK_SCHEDULER_JWT_UPDATES: "replace" (the default) or, for servers that
    # update JWT auth methods, "in_place", which keeps what the server ties to them.
    jwt_updates = "replace"
  }

  # The secrets service: secrets sync (stack_secrets_sync_* resources). The
  # sync configuration (stack_secrets_sync_config) is accepted only in the root
  # namespace and in `admin`; destinations, associations and code-host apps
  # belong to the namespace set here.
  secrets {
    address   = "https://secrets.example.com:8200" # STACK_SECRETS_ADDR
    token     = var.secrets_token                  # STACK_SECRETS_TOKEN
    namespace = "team-a"                           # STACK_SECRETS_NAMESPACE (empty: the root namespace)
  }

  # The platform: organizations, workspaces, teams... (stack_platform_* resources).
  platform {
    address      = "https://platform.example.com" # STACK_PLATFORM_ADDR
    token        = var.platform_token             # STACK_PLATFORM_TOKEN
    organization = "example-org"                  # STACK_PLATFORM_ORGANIZATION
  }

  # Shared by every service.
  ca_cert_file         = "/etc/ssl/private-ca.pem" # STACK_CA_CERT_FILE: extra trusted CA certificates (PEM)
  insecure_skip_verify = false                     # STACK_INSECURE_SKIP_VERIFY: for tests only
  max_retries          = 4                         # STACK_MAX_RETRIES: retries on 429/503 and, when safe, 502/504/connection errors
  request_timeout      = "30s"                     # STACK_REQUEST_TIMEOUT: limit of one request attempt
}

variable "scheduler_token" {
  type      = string
  sensitive = true
}

variable "secrets_token" {
  type      = string
  sensitive = true
}

variable "platform_token" {
  type      = string
  sensitive = true
}
