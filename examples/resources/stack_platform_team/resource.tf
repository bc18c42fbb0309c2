# A team in the provider's default organization (platform.organization).
resource "stack_platform_team" "platform_admins" {
  name        = "platform-admins"
  visibility  = "organization"
  sso_team_id = "f8c1a2e4-platform-admins"

  # A flag left out is false, unless a flag that brings it is true:
  # manage_projects brings manage_workspaces and read_projects, which bring
  # read_workspaces.
  organization_access = {
    manage_projects   = true
    manage_membership = true
  }
}
