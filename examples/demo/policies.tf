# An OPA policy, in a policy set that checks every run of the payments
# project's workspaces.
resource "stack_platform_policy" "no_public_buckets" {
  organization      = stack_platform_organization.demo.name
  name              = "no-public-buckets"
  description       = "Buckets stay private."
  kind              = "opa"
  query             = "data.terraform.deny"
  enforcement_level = "mandatory"
  policy            = <<-EOT
    package terraform

    deny[msg] {
      some r in input.resource_changes
      r.change.after.public
      msg := sprintf("%s is public", [r.address])
    }
  EOT
}

resource "stack_platform_policy_set" "payments" {
  organization = stack_platform_organization.demo.name
  name         = "payments-baseline"
  description  = "What every payments run meets."
  kind         = "opa"
  policy_ids   = [stack_platform_policy.no_public_buckets.id]
}

resource "stack_platform_project_policy_set" "payments" {
  policy_set_id = stack_platform_policy_set.payments.id
  project_id    = stack_platform_project.payments.id
}
