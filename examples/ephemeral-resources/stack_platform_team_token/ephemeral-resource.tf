variable "deployers_team_id" {
  type        = string
  description = "ID of the team that the run acts as, such as team-6p5RiCe5CRjBmsGt."
}

# A new token of the team for this run only, deleted at its end.
ephemeral "stack_platform_team_token" "deployers" {
  team_id = var.deployers_team_id
}

# A second provider that acts as the team, with the team's rights only.
# The address and the organization come from STACK_PLATFORM_ADDR and
# STACK_PLATFORM_ORGANIZATION, as for the provider without alias.
provider "stack" {
  alias = "deployers"
  platform {
    token = ephemeral.stack_platform_team_token.deployers.token
  }
}

resource "stack_platform_workspace" "app" {
  provider = stack.deployers
  name     = "app"
}
