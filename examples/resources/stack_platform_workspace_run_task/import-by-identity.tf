# In Terraform 1.12 and later, an import block may name the object by the
# resource's identity instead of its import ID (OpenTofu keeps no identities).
import {
  to = stack_platform_workspace_run_task.app_scanner
  identity = {
    workspace_id = "ws-6p5RiCe5CRjBmsGt"
    id           = "wstask-7q6SjDf6DSkCntHu"
  }
}
