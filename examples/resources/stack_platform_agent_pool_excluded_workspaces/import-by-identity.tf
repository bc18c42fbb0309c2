# In Terraform 1.12 and later, an import block may name the object by the
# resource's identity instead of its import ID (OpenTofu keeps no identities).
import {
  to = stack_platform_agent_pool_excluded_workspaces.linux
  identity = {
    id = "apool-6p5RiCe5CRjBmsGt"
  }
}
