# A run task's global settings are imported by the task's ID, task- and
# 16 characters, or by <ORGANIZATION>/<TASK NAME>.
terraform import stack_platform_run_task_global_settings.scanner task-6p5RiCe5CRjBmsGt
terraform import stack_platform_run_task_global_settings.scanner acme/security-scanner
