# A workspace is imported by its ID, ws- and 16 characters, or by
# <ORGANIZATION>/<WORKSPACE NAME> (Terraform 1.5+ import block).
import {
  to = stack_platform_workspace.network
  id = "acme/network-prod"
}
