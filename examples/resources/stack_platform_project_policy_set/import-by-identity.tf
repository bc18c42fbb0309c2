# In Terraform 1.12 and later, an import block may name the object by the
# resource's identity instead of its import ID (OpenTofu keeps no identities).
import {
  to = stack_platform_project_policy_set.apps
  identity = {
    policy_set_id = "polset-6p5RiCe5CRjBmsGt"
    project_id    = "prj-7q6SjDf6DSkCntHu"
  }
}
