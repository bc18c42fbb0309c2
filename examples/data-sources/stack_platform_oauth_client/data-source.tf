# The organization's GitHub client, for the OAuth token a workspace's
# vcs_repo names.
data "stack_platform_oauth_client" "github" {
  service_provider = "github"
}

resource "stack_platform_workspace" "web" {
  name = "web"
  vcs_repo = {
    identifier     = "acme/web"
    oauth_token_id = data.stack_platform_oauth_client.github.oauth_token_id
  }
}
