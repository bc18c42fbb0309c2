# A team member is imported by <TEAM ID>/<MEMBERSHIP ID>; an active member
# also by <TEAM ID>/<USERNAME>, and any member by
# <ORGANIZATION>/<EMAIL>/<TEAM NAME> (Terraform 1.5+ import block).
import {
  to = stack_platform_team_member.ada
  id = "acme/ada@example.com/devs"
}
