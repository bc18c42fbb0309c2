# An OPA policy, its query and its text, in the provider's default
# organization. A policy set enforces it (stack_platform_policy_set's
# policy_ids).
resource "stack_platform_policy" "no_public_buckets" {
  name              = "no-public-buckets"
  description       = "Buckets stay private."
  kind              = "opa"
  query             = "data.terraform.deny"
  enforcement_level = "mandatory"
  policy            = <<-EOT
    package terraform

    deny[msg] {
      some r in input.resource_changes
      r.type == "bucket"
      r.change.after.public
      msg := sprintf("%s is public", [r.address])
    }
  EOT
}

# A Sentinel policy (kind defaults to sentinel), which fails a run unless
# someone overrides it.
resource "stack_platform_policy" "tags" {
  name              = "require-tags"
  enforcement_level = "soft-mandatory"
  policy            = <<-EOT
    main = rule { true }
  EOT
}
