# A team is imported by <ORGANIZATION>/<TEAM ID> or <ORGANIZATION>/<TEAM NAME>
# (Terraform 1.5+ import block).
import {
  to = stack_platform_team.platform_admins
  id = "acme/platform-admins"
}
