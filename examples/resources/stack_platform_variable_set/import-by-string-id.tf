# A variable set is imported by its ID, varset- and 16 characters
# (Terraform 1.5+ import block).
import {
  to = stack_platform_variable_set.cloud
  id = "varset-6p5RiCe5CRjBmsGt"
}
