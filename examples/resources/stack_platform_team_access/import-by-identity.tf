# In Terraform 1.12 and later, an import block may name the object by the
# resource's identity instead of its import ID (OpenTofu keeps no identities).
import {
  to = stack_platform_team_access.deployers
  identity = {
    id = "tws-6p5RiCe5CRjBmsGt"
  }
}
