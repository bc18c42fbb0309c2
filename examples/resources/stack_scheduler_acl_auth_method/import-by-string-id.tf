# An auth method is imported by its name (Terraform 1.5+ import block).
import {
  to = stack_scheduler_acl_auth_method.okta
  id = "okta"
}
