# One of the team's several tokens, with a description. The secret is kept
# in the state: when it is only needed during the run, use the ephemeral
# resource stack_platform_team_token instead.
resource "stack_platform_team_token" "ci" {
  team_id     = stack_platform_team.deployers.id
  description = "CI pipeline"
  expired_at  = "2030-01-31T18:00:00Z"
}

# The team's legacy token, without a description. Changing force_regenerate
# (not its being true) replaces it with a new one.
resource "stack_platform_team_token" "legacy" {
  team_id          = stack_platform_team.deployers.id
  force_regenerate = true
}

resource "stack_platform_team" "deployers" {
  name = "deployers"
}
