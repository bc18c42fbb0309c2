# A run task is imported by its ID, task- and 16 characters, or by
# <ORGANIZATION>/<TASK NAME> (Terraform 1.5+ import block). Its HMAC key
# cannot be imported.
import {
  to = stack_platform_run_task.scanner
  id = "acme/security-scanner"
}
