# A project in the provider's default organization (platform.organization):
# changing that default later replaces the project into the new organization.
resource "stack_platform_project" "payments" {
  name                           = "Payments"
  description                    = "Workspaces of the payments team."
  auto_destroy_activity_duration = "14d" # destroy idle workspaces' resources after 14 days

  # Left out, the project's tags are left as they are; {} removes them all.
  tag_bindings = {
    team        = "payments"
    cost-center = "cc-1024"
  }

  # Lets one apply move the project's workspaces to another project and remove
  # this one: Terraform then destroys a removed project after the moves.
  lifecycle {
    create_before_destroy = true
  }
}

# A project in another organization, named here.
resource "stack_platform_project" "sandbox" {
  organization = "acme-labs"
  name         = "Sandbox"
}
