# A policy by its name, in the provider's default organization.
data "stack_platform_policy" "tags" {
  name = "require-tags"
}

output "require_tags" {
  value = {
    id                = data.stack_platform_policy.tags.id
    enforcement_level = data.stack_platform_policy.tags.enforcement_level
    policy_sets       = data.stack_platform_policy.tags.policy_set_count
  }
}
