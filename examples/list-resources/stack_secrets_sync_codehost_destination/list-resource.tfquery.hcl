# Every `codehost` destination of the namespace of the provider's secrets
# block, each read whole.
list "stack_secrets_sync_codehost_destination" "all" {
  provider         = stack
  include_resource = true
}
