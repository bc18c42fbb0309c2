# A team project access is imported by its ID, tprj- and 16 characters
# (Terraform 1.5+ import block).
import {
  to = stack_platform_team_project_access.deployers
  id = "tprj-6p5RiCe5CRjBmsGt"
}
