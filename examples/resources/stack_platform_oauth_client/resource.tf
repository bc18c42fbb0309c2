variable "github_token" {
  description = "A GitHub personal access token, from which the platform makes the client's OAuth token."
  type        = string
  sensitive   = true
  ephemeral   = true
}

# A connection to GitHub; the token goes through its write-only twin and
# never enters the plan or the state. Change oauth_token_wo_version to send
# a new one: the OAuth token keeps its ID.
resource "stack_platform_oauth_client" "github" {
  name                   = "github"
  service_provider       = "github"
  http_url               = "https://github.com"
  api_url                = "https://api.github.com"
  oauth_token_wo         = var.github_token
  oauth_token_wo_version = 1
}

# A workspace whose configuration comes from a repository of that host.
resource "stack_platform_workspace" "web" {
  name = "web"
  vcs_repo = {
    identifier     = "acme/web"
    oauth_token_id = stack_platform_oauth_client.github.oauth_token_id
  }
}
