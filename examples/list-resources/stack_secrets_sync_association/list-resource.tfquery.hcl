# Every association of the namespace of the provider's secrets block, with
# its state.
list "stack_secrets_sync_association" "all" {
  provider         = stack
  include_resource = true
}

# The associations of one destination.
list "stack_secrets_sync_association" "prod" {
  provider = stack

  config {
    destination_type = "cloudone-sm"
    destination_name = "prod"
  }
}
