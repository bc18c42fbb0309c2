# A team token is imported by its ID, at- and 16 characters; a team's legacy
# token by the team's ID, team- and 16 characters. The secret cannot be read
# back: an imported token has none in the state.
terraform import stack_platform_team_token.ci at-6p5RiCe5CRjBmsGt
terraform import stack_platform_team_token.legacy team-6p5RiCe5CRjBmsGt
