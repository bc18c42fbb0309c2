# In Terraform 1.12 and later, an import block may name the object by the
# resource's identity instead of its import ID (OpenTofu keeps no identities).
# A workspace's policy gives the workspace's ID too, as workspace_id.
import {
  to = stack_platform_data_retention_policy.acme
  identity = {
    organization = "acme"
  }
}
