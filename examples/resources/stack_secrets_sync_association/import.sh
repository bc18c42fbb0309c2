# An association is imported by <destination_type>/<destination_name>/<mount>/<secret_name>.
# The mount and the secret name may hold slashes: here the mount is `secret`
# and the secret `payments/db-password`.
terraform import 'stack_secrets_sync_association.payments["payments/db-password"]' cloudone-sm/prod/secret/payments/db-password
