# A team access is imported by its ID, tws- and 16 characters, or by
# <ORGANIZATION>/<WORKSPACE NAME>/<ACCESS ID> (Terraform 1.5+ import block).
import {
  to = stack_platform_team_access.deployers
  id = "acme/payments/tws-6p5RiCe5CRjBmsGt"
}
