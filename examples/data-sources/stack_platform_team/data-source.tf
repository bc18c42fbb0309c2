# A team by its name, in the provider's default organization.
data "stack_platform_team" "admins" {
  name = "platform-admins"
}

# A team by its ID.
data "stack_platform_team" "by_id" {
  id = "team-6p5RiCe5CRjBmsGt"
}

output "admins_manage_projects" {
  value = data.stack_platform_team.admins.organization_access.manage_projects
}

output "by_id_visibility" {
  value = data.stack_platform_team.by_id.visibility
}
