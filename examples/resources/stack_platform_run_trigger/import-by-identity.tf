# In Terraform 1.12 and later, an import block may name the object by the
# resource's identity instead of its import ID (OpenTofu keeps no identities).
import {
  to = stack_platform_run_trigger.app_after_network
  identity = {
    id = "rt-6p5RiCe5CRjBmsGt"
  }
}
