# A fixed level: its permissions are those it implies, shown in the plan.
resource "stack_platform_team_access" "readers" {
  team_id      = stack_platform_team.readers.id
  workspace_id = stack_platform_workspace.payments.id
  access       = "read"
}

# Custom access: the permissions left out keep the platform's defaults
# (on create) or what the access had (on update).
resource "stack_platform_team_access" "deployers" {
  team_id      = stack_platform_team.deployers.id
  workspace_id = stack_platform_workspace.payments.id
  access       = "custom"

  permissions = {
    runs              = "apply"
    variables         = "read"
    state_versions    = "read-outputs"
    workspace_locking = true
  }
}

resource "stack_platform_team" "readers" {
  name = "readers"
}

resource "stack_platform_team" "deployers" {
  name = "deployers"
}

resource "stack_platform_workspace" "payments" {
  name = "payments"
}
