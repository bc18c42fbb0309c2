# In Terraform 1.12 and later, an import block may name the object by the
# resource's identity instead of its import ID (OpenTofu keeps no identities).
import {
  to = stack_platform_project_oauth_client.networking
  identity = {
    oauth_client_id = "oc-6p5RiCe5CRjBmsGt"
    project_id      = "prj-7q6SjDf6DSkCntHu"
  }
}
