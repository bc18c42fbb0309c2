resource "stack_platform_oauth_client" "github" {
  name                = "github"
  service_provider    = "github"
  http_url            = "https://github.com"
  api_url             = "https://api.github.com"
  organization_scoped = false
}

resource "stack_platform_project" "networking" {
  name = "networking"
}

# Only the workspaces of the projects the client is attached to may use it.
resource "stack_platform_project_oauth_client" "networking" {
  oauth_client_id = stack_platform_oauth_client.github.id
  project_id      = stack_platform_project.networking.id
}
