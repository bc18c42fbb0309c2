variable "project_id" {
  type        = string
  description = "ID of the project whose production workspaces are listed."
}

# Every workspace of the provider's default organization.
data "stack_platform_workspaces" "all" {}

# The project's workspaces tagged prod, but not those also tagged legacy,
# whose names contain "api".
data "stack_platform_workspaces" "prod_apis" {
  project_id   = var.project_id
  search       = "api"
  tags         = ["prod"]
  exclude_tags = ["legacy"]
}

output "workspace_count" {
  value = length(data.stack_platform_workspaces.all.ids)
}

output "prod_api_versions" {
  value = { for ws in data.stack_platform_workspaces.prod_apis.workspaces : ws.name => ws.terraform_version }
}
