# In Terraform 1.12 and later, an import block may name the object by the
# resource's identity instead of its import ID (OpenTofu keeps no identities).
import {
  to = stack_platform_workspace_settings.network
  identity = {
    workspace_id = "ws-6p5RiCe5CRjBmsGt"
  }
}
