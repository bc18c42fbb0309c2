# The import ID is <POLICY SET ID>/<WORKSPACE ID>, or
# <ORGANIZATION>/<WORKSPACE NAME>/<POLICY SET NAME> (Terraform 1.5+ import block).
import {
  to = stack_platform_workspace_policy_set_exclusion.sandbox
  id = "acme/sandbox/baseline"
}
