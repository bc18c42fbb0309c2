# An audit trail token is imported by its organization's name (Terraform
# 1.5+ import block).
import {
  to = stack_platform_audit_trail_token.this
  id = "acme"
}
