# An organization of the platform. Creating one needs a user token: the
# provider's platform.token must not be an organization or a team token.
resource "stack_platform_organization" "acme" {
  name  = "acme"
  email = "platform-admins@acme.example"

  # Settings left out take the platform's defaults on create, and are left as
  # they are afterwards.
  collaborator_auth_policy      = "two_factor_mandatory"
  session_timeout               = 480 # minutes
  cost_estimation_enabled       = true
  allow_force_delete_workspaces = false
}

output "acme_default_project" {
  description = "The project that holds the workspaces created without one."
  value       = stack_platform_organization.acme.default_project_id
}
