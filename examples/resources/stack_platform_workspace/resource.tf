# A workspace in the provider's default organization (platform.organization),
# in a project, connected to a repository through a code-host app.
resource "stack_platform_workspace" "network" {
  name              = "network-prod"
  description       = "The production network."
  project_id        = stack_platform_project.payments.id # left out: the organization's default project
  terraform_version = "~> 1.9"
  working_directory = "envs/prod"
  auto_apply        = true

  # Left out, the workspace's tags are left as they are; [] and {} remove them all.
  tag_names    = ["network", "prod"]
  tag_bindings = { env = "prod" }

  vcs_repo = {
    identifier                   = "acme/network"
    branch                       = "main"
    codehost_app_installation_id = "ghain-6p5RiCe5CRjBmsGt" # your code-host app installation's ID
  }

  # A destroy refuses while the workspace still manages resources; set this,
  # and apply, to delete it with them.
  force_delete = false
}

resource "stack_platform_project" "payments" {
  name = "Payments"
}
