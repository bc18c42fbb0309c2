# An association is imported by <destination_type>/<destination_name>/<mount>/<secret_name>
# (Terraform 1.5+ import block). The mount and the secret name may hold
# slashes: here the mount is `secret` and the secret `payments/db-password`.
import {
  to = stack_secrets_sync_association.payments["payments/db-password"]
  id = "cloudone-sm/prod/secret/payments/db-password"
}
