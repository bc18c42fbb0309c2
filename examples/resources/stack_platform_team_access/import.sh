# A team access is imported by its ID, tws- and 16 characters, or by
# <ORGANIZATION>/<WORKSPACE NAME>/<ACCESS ID>.
terraform import stack_platform_team_access.deployers tws-6p5RiCe5CRjBmsGt
terraform import stack_platform_team_access.deployers acme/payments/tws-6p5RiCe5CRjBmsGt
