# An organization is imported by its name (Terraform 1.5+ import block).
import {
  to = stack_platform_organization.acme
  id = "acme"
}
