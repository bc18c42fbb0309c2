# A project is imported by its ID, prj- and 16 characters, or by
# <ORGANIZATION>/<PROJECT NAME>, the name in any case (Terraform 1.5+ import
# block).
import {
  to = stack_platform_project.payments
  id = "prj-6p5RiCe5CRjBmsGt"
}
