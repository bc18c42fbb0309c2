# A team member is imported by <TEAM ID>/<MEMBERSHIP ID>.
terraform import stack_platform_team_member.ada team-6p5RiCe5CRjBmsGt/ou-7q6SjDf6DSkCntHu
