# An assignment is imported by <VARIABLE SET ID>/<WORKSPACE ID> or <VARIABLE SET ID>/<PROJECT ID>;
# also, one to a workspace by <ORGANIZATION>/<WORKSPACE NAME>/<VARIABLE SET NAME>,
# one to a project by <ORGANIZATION>/<PROJECT ID>/<VARIABLE SET NAME> (Terraform 1.5+ import block).
import {
  to = stack_platform_variable_set_assignment.payments
  id = "varset-6p5RiCe5CRjBmsGt/prj-7q6SjDf6DSkCntHu"
}
