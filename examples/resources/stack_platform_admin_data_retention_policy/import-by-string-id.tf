# The site's data retention policy, the one there is, is imported as site
# (Terraform 1.5+ import block).
import {
  to = stack_platform_admin_data_retention_policy.site
  id = "site"
}
