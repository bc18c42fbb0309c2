# An organization token is imported by its organization's name (Terraform
# 1.5+ import block).
import {
  to = stack_platform_organization_token.this
  id = "acme"
}
