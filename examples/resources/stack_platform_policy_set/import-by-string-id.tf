# A policy set is imported by its ID, polset- and 16 characters, or by
# <ORGANIZATION>/<POLICY SET NAME> (Terraform 1.5+ import block).
import {
  to = stack_platform_policy_set.baseline
  id = "acme/baseline"
}
