# Every auth method of the scheduler.
data "stack_scheduler_acl_auth_methods" "all" {}

# Only the JWT methods.
data "stack_scheduler_acl_auth_methods" "jwt" {
  type = "JWT"
}

output "default_method" {
  value = one([for m in data.stack_scheduler_acl_auth_methods.all.auth_methods : m.name if m.default])
}

output "jwt_method_names" {
  value = data.stack_scheduler_acl_auth_methods.jwt.auth_methods[*].name
}
