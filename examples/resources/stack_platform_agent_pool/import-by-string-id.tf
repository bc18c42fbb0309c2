# An agent pool is imported by its ID, apool- and 16 characters, or by
# <ORGANIZATION>/<POOL NAME> (Terraform 1.5+ import block).
import {
  to = stack_platform_agent_pool.linux
  id = "acme/linux-runners"
}
