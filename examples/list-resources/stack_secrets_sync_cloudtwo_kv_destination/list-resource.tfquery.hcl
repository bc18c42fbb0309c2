# Every `cloudtwo-kv` destination of the namespace of the provider's secrets
# block, each read whole.
list "stack_secrets_sync_cloudtwo_kv_destination" "all" {
  provider         = stack
  include_resource = true
}
