# An organization membership is imported by its ID, ou- and 16 characters,
# or by <ORGANIZATION>/<EMAIL> (Terraform 1.5+ import block).
import {
  to = stack_platform_organization_membership.ada
  id = "acme/ada@example.com"
}
