# An OAuth client is imported by its ID, oc- and 16 characters (Terraform
# 1.5+ import block). The platform never returns its secrets: the next
# apply sends the configured ones.
import {
  to = stack_platform_oauth_client.github
  id = "oc-6p5RiCe5CRjBmsGt"
}
