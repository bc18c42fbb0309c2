# The site's data retention policy, the one there is, is imported as site.
terraform import stack_platform_admin_data_retention_policy.site site
