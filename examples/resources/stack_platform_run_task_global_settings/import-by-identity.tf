# In Terraform 1.12 and later, an import block may name the object by the
# resource's identity instead of its import ID (OpenTofu keeps no identities).
import {
  to = stack_platform_run_task_global_settings.scanner
  identity = {
    task_id = "task-6p5RiCe5CRjBmsGt"
  }
}
