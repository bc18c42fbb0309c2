# A run trigger is imported by its ID, rt- and 16 characters (Terraform 1.5+
# import block).
import {
  to = stack_platform_run_trigger.app_after_network
  id = "rt-6p5RiCe5CRjBmsGt"
}
