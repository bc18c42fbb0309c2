# The parameters of a policy set, with their state: give the generated
# configuration each parameter's value.
list "stack_platform_policy_set_parameter" "baseline" {
  provider         = stack
  include_resource = true

  config {
    policy_set_id = "polset-6p5RiCe5CRjBmsGt"
  }
}
