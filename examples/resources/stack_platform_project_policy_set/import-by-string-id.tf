# The import ID is <POLICY SET ID>/<PROJECT ID>, or
# <ORGANIZATION>/<PROJECT ID>/<POLICY SET NAME> (Terraform 1.5+ import block).
import {
  to = stack_platform_project_policy_set.apps
  id = "acme/prj-7q6SjDf6DSkCntHu/baseline"
}
