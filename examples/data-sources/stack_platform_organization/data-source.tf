# The provider's default organization (platform.organization).
data "stack_platform_organization" "current" {}

# Another organization the token may see.
data "stack_platform_organization" "labs" {
  name = "acme-labs"
}

output "two_factor_required" {
  value = data.stack_platform_organization.current.collaborator_auth_policy == "two_factor_mandatory"
}

output "labs_default_project" {
  value = data.stack_platform_organization.labs.default_project_id
}
