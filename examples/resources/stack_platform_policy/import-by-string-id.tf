# A policy is imported by its ID, pol- and 16 characters, by
# <ORGANIZATION>/<POLICY ID>, or by <ORGANIZATION>/<POLICY NAME>, the name in
# any case (Terraform 1.5+ import block).
import {
  to = stack_platform_policy.tags
  id = "acme/pol-6p5RiCe5CRjBmsGt"
}
