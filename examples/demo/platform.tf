# The platform part of the demo: an organization with two projects, their
# workspaces, a team with custom access to one project, and a variable set
# with variables assigned to that project. The provider reads
# STACK_PLATFORM_ADDR and STACK_PLATFORM_TOKEN, which the script sets.

resource "stack_platform_organization" "demo" {
  name  = "demo-org"
  email = "platform-admins@demo.example"
}

resource "stack_platform_project" "payments" {
  organization = stack_platform_organization.demo.name
  name         = "Payments"
  description  = "Workspaces of the payments team."
  tag_bindings = { team = "payments" }
}

resource "stack_platform_project" "network" {
  organization = stack_platform_organization.demo.name
  name         = "Network"
}

resource "stack_platform_workspace" "payments_api" {
  organization = stack_platform_organization.demo.name
  name         = "payments-api"
  project_id   = stack_platform_project.payments.id
  auto_apply   = true
  tag_names    = ["payments", "api"]
}

resource "stack_platform_workspace" "network_prod" {
  organization      = stack_platform_organization.demo.name
  name              = "network-prod"
  project_id        = stack_platform_project.network.id
  working_directory = "envs/prod"
}

resource "stack_platform_team" "deployers" {
  organization = stack_platform_organization.demo.name
  name         = "deployers"
}

# Custom access: deployers may apply runs in the payments workspaces.
resource "stack_platform_team_project_access" "deployers" {
  team_id    = stack_platform_team.deployers.id
  project_id = stack_platform_project.payments.id
  access     = "custom"

  project_access = {
    settings = "read"
  }

  workspace_access = {
    runs      = "apply"
    variables = "read"
  }
}

resource "stack_platform_variable_set" "payments" {
  organization = stack_platform_organization.demo.name
  name         = "payments-settings"
  description  = "Settings every payments workspace reads."
}

resource "stack_platform_variable_set_assignment" "payments" {
  variable_set_id = stack_platform_variable_set.payments.id
  project_id      = stack_platform_project.payments.id
}

resource "stack_platform_variable" "region" {
  variable_set_id = stack_platform_variable_set.payments.id
  key             = "region"
  value           = "eu-west-1"
  category        = "terraform"
}

resource "stack_platform_variable" "api_key" {
  variable_set_id = stack_platform_variable_set.payments.id
  key             = "PAYMENTS_API_KEY"
  value           = "demo-api-key"
  category        = "env"
  sensitive       = true
}

resource "stack_platform_variable" "log_level" {
  workspace_id = stack_platform_workspace.payments_api.id
  key          = "LOG_LEVEL"
  value        = "info"
  category     = "env"
}
