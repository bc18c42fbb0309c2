# In Terraform 1.12 and later, an import block may name the object by the
# resource's identity instead of its import ID (OpenTofu keeps no identities).
import {
  to = stack_platform_workspace_policy_set_exclusion.sandbox
  identity = {
    policy_set_id = "polset-6p5RiCe5CRjBmsGt"
    workspace_id  = "ws-7q6SjDf6DSkCntHu"
  }
}
