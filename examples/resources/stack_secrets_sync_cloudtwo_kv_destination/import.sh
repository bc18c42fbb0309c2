# A destination is imported by its name.
terraform import stack_secrets_sync_cloudtwo_kv_destination.payments payments-kv
