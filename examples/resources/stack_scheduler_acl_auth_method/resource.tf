# An OIDC method: logins through an OpenID Connect identity provider.
resource "stack_scheduler_acl_auth_method" "okta" {
  name              = "okta"
  type              = "OIDC"
  token_locality    = "global"
  max_token_ttl     = "8h"
  default           = true
  token_name_format = "$${auth_method_type}-$${value.user}" # `$${` writes a literal `${`

  config = {
    oidc_discovery_url = "https://example.okta.com"
    oidc_client_id     = "0oa1b2c3d4e5f6g7h8i9"
    oidc_client_secret = var.okta_client_secret
    oidc_scopes        = ["openid", "profile", "groups"]
    bound_audiences    = ["0oa1b2c3d4e5f6g7h8i9"]
    allowed_redirect_uris = [
      "https://scheduler.example.com/ui/settings/tokens",
      "http://localhost:4649/oidc/callback",
    ]
    claim_mappings = {
      email = "email"
      name  = "name"
    }
    list_claim_mappings = {
      groups = "roles"
    }
  }
}

# A JWT method: tokens signed by a JWT issuer, checked against its key set.
# The scheduler cannot update JWT methods: any change replaces the method.
resource "stack_scheduler_acl_auth_method" "ci" {
  name           = "ci-jobs"
  type           = "JWT"
  token_locality = "local"
  max_token_ttl  = "15m"

  config = {
    jwks_url              = "https://ci.example.com/.well-known/jwks"
    signing_algs          = ["RS256", "ES256"]
    bound_audiences       = ["https://scheduler.example.com"]
    allowed_redirect_uris = ["https://scheduler.example.com/ui/settings/tokens"]
    expiration_leeway     = "30s"
    not_before_leeway     = "30s"
    clock_skew_leeway     = "10s"
    claim_mappings = {
      project_path = "project"
      ref          = "branch"
    }
  }
}

# The client secret as a write-only attribute (Terraform 1.11+): it is sent to
# the scheduler but never stored in the plan or the state. Bump
# oidc_client_secret_wo_version to send a new value.
resource "stack_scheduler_acl_auth_method" "azure" {
  name           = "azure-ad"
  type           = "OIDC"
  token_locality = "global"
  max_token_ttl  = "1h"

  config = {
    oidc_discovery_url            = "https://login.microsoftonline.com/00000000-0000-0000-0000-000000000000/v2.0"
    oidc_client_id                = "11111111-1111-1111-1111-111111111111"
    oidc_client_secret_wo         = var.azure_client_secret
    oidc_client_secret_wo_version = 1
    allowed_redirect_uris         = ["https://scheduler.example.com/ui/settings/tokens"]
  }
}

variable "okta_client_secret" {
  type      = string
  sensitive = true
}

variable "azure_client_secret" {
  type      = string
  sensitive = true
  ephemeral = true # write-only values may come from ephemeral variables
}
