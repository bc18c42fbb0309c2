# The platform part of the demo: an organization with two projects, their
# workspaces, a run trigger between them and a notification of failed runs,
# a run task that scans the payments API's plans,
# an agent pool that runs one of them, a team with an invited
# member, custom access to one project and write access to the other's
# workspace, and a variable set with variables assigned to that project. The provider reads
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

# Each apply of the network workspace queues a run of the payments API's.
resource "stack_platform_run_trigger" "payments_after_network" {
  workspace_id  = stack_platform_workspace.payments_api.id
  sourceable_id = stack_platform_workspace.network_prod.id
}

# The payments API's failed runs, to the deployers by email. The emulator
# sends nothing: it records what it would deliver.
resource "stack_platform_notification_configuration" "payments_failures" {
  workspace_id     = stack_platform_workspace.payments_api.id
  name             = "failed runs"
  destination_type = "email"
  enabled          = true
  triggers         = ["run:errored"]
  email_addresses  = ["deployers@demo.example"]
}

# A run task that the platform calls after each plan of the payments API,
# its requests signed with a key; the platform verifies its URL on create
# and update, which the emulator records instead of sending.
resource "stack_platform_run_task" "plan_scanner" {
  organization = stack_platform_organization.demo.name
  name         = "plan-scanner"
  url          = "https://scanner.demo.example/run-task"
  description  = "Refuses plans that open a database to the internet."
  hmac_key     = "demo-run-task-key"
}

resource "stack_platform_workspace_run_task" "payments_scanner" {
  workspace_id      = stack_platform_workspace.payments_api.id
  task_id           = stack_platform_run_task.plan_scanner.id
  enforcement_level = "mandatory"
}

# The network workspace runs on the organization's own agents: a pool that
# only the workspaces it allows may use.
resource "stack_platform_agent_pool" "network" {
  organization        = stack_platform_organization.demo.name
  name                = "network-runners"
  organization_scoped = false
}

resource "stack_platform_agent_pool_allowed_workspaces" "network" {
  agent_pool_id         = stack_platform_agent_pool.network.id
  allowed_workspace_ids = [stack_platform_workspace.network_prod.id]
}

# The workspace's execution settings, apart from the workspace, so that the
# pool may list the workspace and the workspace name the pool.
resource "stack_platform_workspace_settings" "network_prod" {
  workspace_id   = stack_platform_workspace.network_prod.id
  execution_mode = "agent"
  agent_pool_id  = stack_platform_agent_pool_allowed_workspaces.network.agent_pool_id
}

resource "stack_platform_team" "deployers" {
  organization = stack_platform_organization.demo.name
  name         = "deployers"
}

# A person invited to the organization, in the deployers team from the
# start: the membership stays "invited" until they accept, which the plan
# takes as it is.
resource "stack_platform_organization_membership" "ada" {
  organization = stack_platform_organization.demo.name
  email        = "ada@demo.example"
}

resource "stack_platform_team_member" "ada" {
  team_id                    = stack_platform_team.deployers.id
  organization_membership_id = stack_platform_organization_membership.ada.id
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

# A fixed level: its permissions are the level's, known at plan time.
resource "stack_platform_team_access" "deployers_network" {
  team_id      = stack_platform_team.deployers.id
  workspace_id = stack_platform_workspace.network_prod.id
  access       = "write"
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
