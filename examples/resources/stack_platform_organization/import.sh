# An organization is imported by its name.
terraform import stack_platform_organization.acme acme
