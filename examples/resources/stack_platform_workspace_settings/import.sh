# Workspace settings are imported by the workspace's ID, ws- and 16
# characters, or by <ORGANIZATION>/<WORKSPACE NAME>.
terraform import stack_platform_workspace_settings.network ws-4pW7hPwDJ1fY3gSC
