# One auth method, read by name.
data "stack_scheduler_acl_auth_method" "okta" {
  name = "okta"
}

output "okta_redirect_uris" {
  value = data.stack_scheduler_acl_auth_method.okta.config.allowed_redirect_uris
}
