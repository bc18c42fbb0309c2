# Parameters that a policy set passes to its policies: one in clear, and
# one whose value is sensitive, given through the write-only twin so that
# it never enters the state.
variable "policy_set_id" {
  type = string
}

variable "api_key" {
  type      = string
  sensitive = true
  ephemeral = true
}

resource "stack_platform_policy_set_parameter" "region" {
  policy_set_id = var.policy_set_id
  key           = "allowed_region"
  value         = "eu-west-1"
}

resource "stack_platform_policy_set_parameter" "api_key" {
  policy_set_id    = var.policy_set_id
  key              = "cost_api_key"
  sensitive        = true
  value_wo         = var.api_key
  value_wo_version = 1
}
