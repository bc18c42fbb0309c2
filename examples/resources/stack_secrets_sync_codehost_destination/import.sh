# A destination is imported by its name.
terraform import stack_secrets_sync_codehost_destination.web acme-web
