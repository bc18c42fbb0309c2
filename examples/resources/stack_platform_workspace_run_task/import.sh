# A workspace run task is imported by <WORKSPACE ID>/<WORKSPACE RUN TASK ID>,
# or by <ORGANIZATION>/<WORKSPACE NAME>/<TASK NAME>.
terraform import stack_platform_workspace_run_task.app_scanner ws-4pW7hPwDJ1fY3gSC/wstask-6p5RiCe5CRjBmsGt
terraform import stack_platform_workspace_run_task.app_scanner acme/app/security-scanner
