# The configuration `make demo` applies against a local emulator
# (scripts/demo.sh): scheduler auth methods here, secrets sync in secrets.tf,
# the platform's objects in platform.tf, its policies in policies.tf and
# its private registry in registry.tf. The provider reads each service's
# address and token from STACK_<SERVICE>_ADDR and STACK_<SERVICE>_TOKEN,
# which the script sets.

terraform {
  required_version = ">= 1.11"

  required_providers {
    stack = {
      source = "stackworks/stack"
    }
  }
}

provider "stack" {}

# Logins through an OpenID Connect identity provider; the default method.
resource "stack_scheduler_acl_auth_method" "sso" {
  name           = "demo-sso"
  type           = "OIDC"
  token_locality = "global"
  max_token_ttl  = "8h"
  default        = true

  config = {
    oidc_discovery_url = "https://sso.example.com/realms/demo"
    # Mixed case on purpose: the scheduler's create response lower-cases the
    # client ID and audiences, and the next plan must still be empty.
    oidc_client_id     = "Scheduler-Demo"
    oidc_client_secret = "demo-client-secret"
    oidc_scopes        = ["openid", "profile", "groups"]
    bound_audiences    = ["Scheduler-Demo"]
    allowed_redirect_uris = [
      "http://localhost:4649/oidc/callback",
      "https://scheduler.example.com/ui/settings/tokens",
    ]
    claim_mappings = {
      email = "email"
    }
    list_claim_mappings = {
      groups = "roles"
    }
  }
}

# Tokens signed by a CI system's key (an ECDSA P-256 public key), checked
# locally by the scheduler.
resource "stack_scheduler_acl_auth_method" "ci" {
  name              = "demo-ci"
  type              = "JWT"
  token_locality    = "local"
  max_token_ttl     = "15m"
  token_name_format = "ci-$${value.project}"

  config = {
    jwt_validation_pub_keys = [
      <<-EOT
      -----BEGIN PUBLIC KEY-----
      MFkwEwYHKoZIzj0CAQYIKoZIzj0DAQcDQgAE1JJDCLfZAXLNVk9BCtvmTU36BHKH
      RMvld9JrIqJfp/f4VawKrONyXogwsVHiNXLKtpDfUxvoHxF0TDu0UvyXTA==
      -----END PUBLIC KEY-----
      EOT
    ]
    signing_algs          = ["ES256"]
    bound_audiences       = ["scheduler"]
    allowed_redirect_uris = ["https://scheduler.example.com/ui/settings/tokens"]
    expiration_leeway     = "30s"
    claim_mappings = {
      project = "project"
    }
  }
}

# Every auth method the scheduler knows, read after both are created.
data "stack_scheduler_acl_auth_methods" "all" {
  depends_on = [
    stack_scheduler_acl_auth_method.sso,
    stack_scheduler_acl_auth_method.ci,
  ]
}

output "auth_methods" {
  description = "Name, type and default flag of every auth method on the scheduler."
  value = {
    for m in data.stack_scheduler_acl_auth_methods.all.auth_methods : m.name => {
      type    = m.type
      default = m.default
    }
  }
}

output "sso_create_index" {
  value = stack_scheduler_acl_auth_method.sso.create_index
}
