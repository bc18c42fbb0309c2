variable "slack_webhook_url" {
  description = "The Slack incoming webhook's URL, which carries its secret."
  type        = string
  sensitive   = true
  ephemeral   = true
}

variable "hmac_key" {
  description = "The key with which the generic destination signs its deliveries."
  type        = string
  sensitive   = true
  ephemeral   = true
}

resource "stack_platform_workspace" "app" {
  name = "app"
}

resource "stack_platform_team" "ops" {
  name = "ops"
}

# A workspace's failed runs, posted to Slack; the URL through its
# write-only twin never enters the plan or the state. Change
# url_wo_version to send a new URL.
resource "stack_platform_notification_configuration" "slack" {
  workspace_id     = stack_platform_workspace.app.id
  name             = "failed runs"
  destination_type = "slack"
  enabled          = true
  triggers         = ["run:errored", "assessment:drifted"]
  url_wo           = var.slack_webhook_url
  url_wo_version   = 1
}

# A generic webhook that signs its deliveries with a key.
resource "stack_platform_notification_configuration" "webhook" {
  workspace_id     = stack_platform_workspace.app.id
  name             = "run events"
  destination_type = "generic"
  enabled          = true
  triggers         = ["run:completed", "run:needs_attention"]
  url              = "https://hooks.example.com/platform"
  token_wo         = var.hmac_key
  token_wo_version = 1
}

# A team's change requests, by email to every member and one address.
resource "stack_platform_notification_configuration" "team" {
  team_id           = stack_platform_team.ops.id
  name              = "change requests"
  destination_type  = "email"
  enabled           = true
  triggers          = ["team:change_request"]
  email_addresses   = ["ops@example.com"]
  email_all_members = true
}
