# A team token is imported by its ID, at- and 16 characters; a team's legacy
# token by the team's ID (Terraform 1.5+ import block).
import {
  to = stack_platform_team_token.ci
  id = "at-6p5RiCe5CRjBmsGt"
}
