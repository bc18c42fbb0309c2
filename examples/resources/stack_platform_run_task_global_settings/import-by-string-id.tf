# A run task's global settings are imported by the task's ID, task- and
# 16 characters, or by <ORGANIZATION>/<TASK NAME> (Terraform 1.5+ import
# block).
import {
  to = stack_platform_run_task_global_settings.scanner
  id = "task-6p5RiCe5CRjBmsGt"
}
