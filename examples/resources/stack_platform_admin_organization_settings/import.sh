# An organization's admin settings are imported by the organization's name.
terraform import stack_platform_admin_organization_settings.acme acme
