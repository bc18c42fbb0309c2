# A team member is imported by <TEAM ID>/<MEMBERSHIP ID>; an active member
# also by <TEAM ID>/<USERNAME>, and any member by
# <ORGANIZATION>/<EMAIL>/<TEAM NAME>.
terraform import stack_platform_team_member.ada team-6p5RiCe5CRjBmsGt/ou-7q6SjDf6DSkCntHu
terraform import stack_platform_team_member.ada team-6p5RiCe5CRjBmsGt/ada
terraform import stack_platform_team_member.ada acme/ada@example.com/devs
