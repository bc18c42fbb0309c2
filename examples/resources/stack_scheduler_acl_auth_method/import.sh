# An auth method is imported by its name.
terraform import stack_scheduler_acl_auth_method.okta okta
