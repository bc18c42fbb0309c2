# A team is imported by <ORGANIZATION>/<TEAM ID> or <ORGANIZATION>/<TEAM NAME>.
terraform import stack_platform_team.platform_admins acme/team-6p5RiCe5CRjBmsGt
terraform import stack_platform_team.platform_admins acme/platform-admins
