# A fixed level: its permissions are those it implies, shown in the state.
resource "stack_platform_team_project_access" "readers" {
  team_id    = stack_platform_team.readers.id
  project_id = stack_platform_project.payments.id
  access     = "read"
}

# Custom access: the permissions left out keep the platform's defaults
# (on create) or what the access had (on update).
resource "stack_platform_team_project_access" "deployers" {
  team_id    = stack_platform_team.deployers.id
  project_id = stack_platform_project.payments.id
  access     = "custom"

  project_access = {
    settings      = "read"
    variable_sets = "read"
  }

  workspace_access = {
    runs           = "apply"
    state_versions = "read-outputs"
    variables      = "read"
    locking        = true
  }
}

resource "stack_platform_team" "readers" {
  name = "readers"
}

resource "stack_platform_team" "deployers" {
  name = "deployers"
}

resource "stack_platform_project" "payments" {
  name = "Payments"
}
