# An agent token is imported by its ID, at- and 16 characters, or by
# <POOL ID>/<TOKEN ID> (Terraform 1.5+ import block). The platform never
# returns the secret again: an imported token has no token attribute.
import {
  to = stack_platform_agent_token.linux
  id = "at-6p5RiCe5CRjBmsGt"
}
