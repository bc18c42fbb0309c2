# An organization's default settings are imported by the organization's name
# (Terraform 1.5+ import block).
import {
  to = stack_platform_organization_default_settings.acme
  id = "acme"
}
