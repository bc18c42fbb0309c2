# A destination is imported by its name.
terraform import stack_secrets_sync_cloudone_sm_destination.prod prod
