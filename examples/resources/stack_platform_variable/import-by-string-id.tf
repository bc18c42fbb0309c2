# A workspace's variable is imported by <ORGANIZATION>/<WORKSPACE NAME>/<VARIABLE ID>,
# a variable set's by <ORGANIZATION>/<VARIABLE SET ID>/<VARIABLE ID>
# (Terraform 1.5+ import block).
import {
  to = stack_platform_variable.region
  id = "acme/app-prod/var-6p5RiCe5CRjBmsGt"
}
