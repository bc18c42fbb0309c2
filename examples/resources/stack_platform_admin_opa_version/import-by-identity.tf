# In Terraform 1.12 and later, an import block may name the object by the
# resource's identity instead of its import ID (OpenTofu keeps no identities).
import {
  to = stack_platform_admin_opa_version.v0_61_0
  identity = {
    version = "0.61.0"
  }
}
