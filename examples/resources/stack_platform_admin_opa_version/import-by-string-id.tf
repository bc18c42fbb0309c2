# An OPA version is imported by its ID, tool- and 16 characters, or by
# its version (Terraform 1.5+ import block).
import {
  to = stack_platform_admin_opa_version.v0_61_0
  id = "0.61.0"
}
