# In Terraform 1.12 and later, an import block may name the object by the
# resource's identity instead of its import ID (OpenTofu keeps no identities).
import {
  to = stack_platform_organization_default_settings.acme
  identity = {
    organization = "acme"
  }
}
