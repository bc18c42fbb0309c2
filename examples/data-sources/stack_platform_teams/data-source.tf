variable "project_id" {
  type        = string
  description = "ID of the project that the operations teams may read."
}

# Every team of the provider's default organization that the token may see.
data "stack_platform_teams" "all" {}

# The teams whose names contain "ops", in any case.
data "stack_platform_teams" "ops" {
  search = "ops"
}

# Some teams of another organization, by exact name.
data "stack_platform_teams" "named" {
  organization = "acme-labs"
  names        = ["platform-admins", "developers"]
}

# Read access to the project for each operations team.
resource "stack_platform_team_project_access" "ops" {
  for_each   = data.stack_platform_teams.ops.ids_by_name
  team_id    = each.value
  project_id = var.project_id
  access     = "read"
}

output "team_managers" {
  value = [for t in data.stack_platform_teams.all.teams : t.name if t.organization_access.manage_teams]
}

output "named_team_ids" {
  value = data.stack_platform_teams.named.ids
}
