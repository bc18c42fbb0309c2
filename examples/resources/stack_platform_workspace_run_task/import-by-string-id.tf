# A workspace run task is imported by <WORKSPACE ID>/<WORKSPACE RUN TASK ID>,
# or by <ORGANIZATION>/<WORKSPACE NAME>/<TASK NAME> (Terraform 1.5+ import
# block).
import {
  to = stack_platform_workspace_run_task.app_scanner
  id = "acme/app/security-scanner"
}
