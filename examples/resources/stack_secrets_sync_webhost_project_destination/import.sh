# A destination is imported by its name.
terraform import stack_secrets_sync_webhost_project_destination.storefront storefront
