# An OPA policy set of its own policies, in the provider's default
# organization. What it applies to are attachments of their own
# (stack_platform_project_policy_set, stack_platform_workspace_policy_set).
resource "stack_platform_policy_set" "baseline" {
  name        = "baseline"
  description = "What every run meets."
  kind        = "opa"
  overridable = true
  policy_ids  = [stack_platform_policy.no_public_buckets.id]
}

resource "stack_platform_policy" "no_public_buckets" {
  name              = "no-public-buckets"
  kind              = "opa"
  query             = "data.terraform.deny"
  enforcement_level = "mandatory"
  policy            = <<-EOT
    package terraform

    deny[msg] { false; msg := "never" }
  EOT
}

# A Sentinel policy set whose policies come from a repository, evaluated in
# the agent at a version of the site's, applied to every workspace.
variable "oauth_token_id" {
  type = string
}

resource "stack_platform_policy_set" "from_repository" {
  name                = "compliance"
  global              = true
  agent_enabled       = true
  policy_tool_version = "latest"
  policies_path       = "sentinel/compliance"
  vcs_repo = {
    identifier     = "acme/policies"
    branch         = "main"
    oauth_token_id = var.oauth_token_id
  }
}
