# An organization's admin settings are imported by the organization's name
# (Terraform 1.5+ import block).
import {
  to = stack_platform_admin_organization_settings.acme
  id = "acme"
}
