# A variable set is imported by its ID, varset- and 16 characters, or by
# <ORGANIZATION>/<VARIABLE SET NAME>, the name in any case (Terraform 1.5+
# import block).
import {
  to = stack_platform_variable_set.cloud
  id = "varset-6p5RiCe5CRjBmsGt"
}
