# A team project access is imported by its ID, tprj- and 16 characters.
terraform import stack_platform_team_project_access.deployers tprj-6p5RiCe5CRjBmsGt
