# Every team's access to a workspace, with its state.
list "stack_platform_team_access" "app" {
  provider         = stack
  include_resource = true

  config {
    workspace_id = "ws-6p5RiCe5CRjBmsGt"
  }
}

# One team's access to it.
list "stack_platform_team_access" "app_admins" {
  provider = stack

  config {
    workspace_id = "ws-6p5RiCe5CRjBmsGt"
    team_id      = "team-6p5RiCe5CRjBmsGt"
  }
}
