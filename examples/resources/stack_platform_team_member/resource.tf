resource "stack_platform_team" "devs" {
  name = "devs"
}

resource "stack_platform_organization_membership" "ada" {
  email = "ada@example.com"
}

# One member of the team. An invited membership is taken: the person is in
# the team once they accept.
resource "stack_platform_team_member" "ada" {
  team_id                    = stack_platform_team.devs.id
  organization_membership_id = stack_platform_organization_membership.ada.id
}

# A whole team: one member per membership, with for_each. Members added
# elsewhere, and the service accounts of the team's tokens, are left alone.
variable "developers" {
  type    = set(string)
  default = ["grace@example.com", "alan@example.com"]
}

resource "stack_platform_organization_membership" "developers" {
  for_each = var.developers
  email    = each.value
}

resource "stack_platform_team_member" "developers" {
  for_each                   = stack_platform_organization_membership.developers
  team_id                    = stack_platform_team.devs.id
  organization_membership_id = each.value.id
}
