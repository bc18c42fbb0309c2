# Workspace settings are imported by the workspace's ID, or by
# <ORGANIZATION>/<WORKSPACE NAME> (Terraform 1.5+ import block).
import {
  to = stack_platform_workspace_settings.network
  id = "acme/network-prod"
}
