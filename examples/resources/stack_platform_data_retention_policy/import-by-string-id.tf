# An organization's data retention policy is imported by the organization's
# name; a workspace's by the workspace's ID, or by <ORGANIZATION>/<WORKSPACE NAME>
# (Terraform 1.5+ import block).
import {
  to = stack_platform_data_retention_policy.acme
  id = "acme"
}

import {
  to = stack_platform_data_retention_policy.audit
  id = "ws-6p5RiCe5CRjBmsGt" # the workspace's ID
}
