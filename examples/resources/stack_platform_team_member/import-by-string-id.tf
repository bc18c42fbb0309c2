# A team member is imported by <TEAM ID>/<MEMBERSHIP ID> (Terraform 1.5+
# import block).
import {
  to = stack_platform_team_member.ada
  id = "team-6p5RiCe5CRjBmsGt/ou-7q6SjDf6DSkCntHu"
}
