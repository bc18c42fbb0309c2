# An organization's default settings are imported by the organization's name.
terraform import stack_platform_organization_default_settings.acme acme
