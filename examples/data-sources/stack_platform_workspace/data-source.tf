# A workspace by its name, in the provider's default organization.
data "stack_platform_workspace" "api" {
  name = "payments-api"
}

# A workspace by its ID.
data "stack_platform_workspace" "network" {
  id = "ws-4pW7hPwDJ1fY3gSC"
}

output "api_project" {
  value = data.stack_platform_workspace.api.project_id
}

output "network_terraform_version" {
  value = data.stack_platform_workspace.network.terraform_version
}
