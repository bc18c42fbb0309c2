# Every project of the provider's default organization, by name.
data "stack_platform_projects" "all" {}

# Some projects of another organization, by exact name, in reverse order.
data "stack_platform_projects" "teams" {
  organization = "acme-labs"
  names        = ["Payments", "Search"]
  sort         = "-name"
}

output "project_ids" {
  value = { for p in data.stack_platform_projects.all.projects : p.name => p.id }
}

output "team_projects" {
  value = data.stack_platform_projects.teams.projects[*].name
}
