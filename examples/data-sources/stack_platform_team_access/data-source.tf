# A team's access to a workspace, by the team and the workspace.
data "stack_platform_team_access" "deployers" {
  team_id      = "team-6p5RiCe5CRjBmsGt"
  workspace_id = "ws-4pW7hPwDJ1fY3gSC"
}

output "deployers_may_apply" {
  value = data.stack_platform_team_access.deployers.permissions.runs == "apply"
}
