# A member of the provider's default organization, by email (in any case),
# by username, or by the membership's ID.
data "stack_platform_organization_membership" "ada" {
  email = "ada@example.com"
}

data "stack_platform_team" "devs" {
  name = "devs"
}

# The membership's ID is what a team member takes.
resource "stack_platform_team_member" "ada" {
  team_id                    = data.stack_platform_team.devs.id
  organization_membership_id = data.stack_platform_organization_membership.ada.id
}
