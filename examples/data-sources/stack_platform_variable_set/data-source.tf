# A variable set by its name, in the provider's default organization...
data "stack_platform_variable_set" "cloud" {
  name = "cloud-credentials"
}

# ...or by its ID.
data "stack_platform_variable_set" "by_id" {
  id = "varset-6p5RiCe5CRjBmsGt"
}
