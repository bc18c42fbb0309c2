# A project by its name, in the provider's default organization.
data "stack_platform_project" "payments" {
  name = "Payments"
}

# A project by its ID.
data "stack_platform_project" "sandbox" {
  id = "prj-6p5RiCe5CRjBmsGt"
}

output "payments_team" {
  value = data.stack_platform_project.payments.tag_bindings["team"]
}

output "sandbox_organization" {
  value = data.stack_platform_project.sandbox.organization
}
