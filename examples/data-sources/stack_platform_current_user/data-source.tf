# The account the provider's platform token acts as.
data "stack_platform_current_user" "me" {}

output "who" {
  value = data.stack_platform_current_user.me.is_service_account ? "a team token" : data.stack_platform_current_user.me.username
}
