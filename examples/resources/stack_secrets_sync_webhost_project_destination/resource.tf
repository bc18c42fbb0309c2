# The environment variables of a web-hosting project, for its preview and
# production deployments. The token is given as a write-only attribute
# (Terraform 1.11+): it is sent to the service but never stored in the plan or
# the state. Bump access_token_wo_version to send a new token.
resource "stack_secrets_sync_webhost_project_destination" "storefront" {
  name                    = "storefront"
  project_id              = "prj_4kz9QmW2xY7tB1" # changing it replaces the destination
  team_id                 = "team_8Hd2LpQ6"
  deployment_environments = ["preview", "production"]

  access_token_wo         = var.webhost_token
  access_token_wo_version = 1
}

variable "webhost_token" {
  type      = string
  sensitive = true
  ephemeral = true # write-only values may come from ephemeral variables
}
