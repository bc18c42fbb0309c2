# The list is imported by its pool's ID, apool- and 16 characters
# (Terraform 1.5+ import block).
import {
  to = stack_platform_agent_pool_excluded_workspaces.linux
  id = "apool-6p5RiCe5CRjBmsGt"
}
