# An assignment to a workspace is imported by <ORGANIZATION>/<WORKSPACE NAME>/<VARIABLE SET NAME>,
# one to a project by <ORGANIZATION>/<PROJECT ID>/<VARIABLE SET NAME> (Terraform 1.5+ import block).
import {
  to = stack_platform_variable_set_assignment.payments
  id = "acme/prj-6p5RiCe5CRjBmsGt/cloud-credentials"
}
