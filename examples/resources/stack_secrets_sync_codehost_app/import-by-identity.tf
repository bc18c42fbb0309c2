# In Terraform 1.12 and later, an import block may name the object by the
# resource's identity instead of its import ID (OpenTofu keeps no identities).
import {
  to = stack_secrets_sync_codehost_app.sync
  identity = {
    name = "acme-secrets-sync"
  }
}
