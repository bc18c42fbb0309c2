# In Terraform 1.12 and later, an import block may name the object by the
# resource's identity instead of its import ID (OpenTofu keeps no identities).
import {
  to = stack_platform_registry_module_version_deprecation.network_1_2_0
  identity = {
    organization    = "acme"
    module_name     = "network"
    module_provider = "aws"
    version         = "1.2.0"
  }
}
