# A destination is imported by its name (Terraform 1.5+ import block).
import {
  to = stack_secrets_sync_codehost_destination.web
  id = "acme-web"
}
