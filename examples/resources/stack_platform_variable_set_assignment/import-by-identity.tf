# In Terraform 1.12 and later, an import block may name the object by the
# resource's identity instead of its import ID (OpenTofu keeps no identities).
# An assignment to a workspace gives workspace_id instead of project_id.
import {
  to = stack_platform_variable_set_assignment.payments
  identity = {
    variable_set_id = "varset-6p5RiCe5CRjBmsGt"
    project_id      = "prj-7q6SjDf6DSkCntHu"
  }
}
