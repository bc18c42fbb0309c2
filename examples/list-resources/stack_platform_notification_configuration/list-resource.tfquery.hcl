# The notification configurations of a workspace, with their state.
list "stack_platform_notification_configuration" "app" {
  provider         = stack
  include_resource = true

  config {
    workspace_id = "ws-6p5RiCe5CRjBmsGt"
  }
}

# Those of a team.
list "stack_platform_notification_configuration" "oncall" {
  provider = stack

  config {
    team_id = "team-6p5RiCe5CRjBmsGt"
  }
}
