# What the plan of the provider's default organization (platform.organization)
# entitles it to.
data "stack_platform_entitlements" "current" {}

# Another organization the token may see.
data "stack_platform_entitlements" "labs" {
  organization = "acme-labs"
}

output "private_run_tasks" {
  value = data.stack_platform_entitlements.current.private_run_tasks
}

output "labs_has_agents" {
  value = data.stack_platform_entitlements.labs.agents
}
