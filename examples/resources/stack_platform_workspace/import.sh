# A workspace is imported by its ID, ws- and 16 characters, or by
# <ORGANIZATION>/<WORKSPACE NAME>.
terraform import stack_platform_workspace.network ws-4pW7hPwDJ1fY3gSC
terraform import stack_platform_workspace.network acme/network-prod
