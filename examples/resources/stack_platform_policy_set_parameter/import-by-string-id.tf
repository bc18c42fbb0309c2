# A policy set parameter is imported by <POLICY SET ID>/<PARAMETER ID>
# (Terraform 1.5+ import block).
import {
  to = stack_platform_policy_set_parameter.region
  id = "polset-6p5RiCe5CRjBmsGt/var-7q6SjDf6DSkCntHu"
}
