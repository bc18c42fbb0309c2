# A destination is imported by its name.
terraform import stack_secrets_sync_cloudthree_sm_destination.analytics analytics
