# In Terraform 1.12 and later, an import block may name the object by the
# resource's identity instead of its import ID (OpenTofu keeps no identities).
# A variable in a variable set gives variable_set_id instead of workspace_id.
import {
  to = stack_platform_variable.region
  identity = {
    workspace_id = "ws-6p5RiCe5CRjBmsGt"
    id           = "var-7q6SjDf6DSkCntHu"
  }
}
