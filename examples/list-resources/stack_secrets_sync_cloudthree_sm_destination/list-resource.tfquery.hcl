# Every `cloudthree-sm` destination of the namespace of the provider's secrets
# block, each read whole.
list "stack_secrets_sync_cloudthree_sm_destination" "all" {
  provider         = stack
  include_resource = true
}
