# The sync configuration is a singleton, imported with the fixed ID "config".
terraform import stack_secrets_sync_config.this config
