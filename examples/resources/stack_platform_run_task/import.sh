# A run task is imported by its ID, task- and 16 characters, or by
# <ORGANIZATION>/<TASK NAME>. Its HMAC key cannot be imported.
terraform import stack_platform_run_task.scanner task-6p5RiCe5CRjBmsGt
terraform import stack_platform_run_task.scanner acme/security-scanner
