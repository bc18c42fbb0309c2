# A code-host app is imported by its name.
terraform import stack_secrets_sync_codehost_app.sync acme-secrets-sync
