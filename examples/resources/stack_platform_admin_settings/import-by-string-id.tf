# The site's general settings, the one set there is, are imported as general
# (Terraform 1.5+ import block).
import {
  to = stack_platform_admin_settings.site
  id = "general"
}
