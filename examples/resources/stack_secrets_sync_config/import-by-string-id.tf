# The sync configuration is a singleton, imported with the fixed ID "config"
# (Terraform 1.5+ import block).
import {
  to = stack_secrets_sync_config.this
  id = "config"
}
