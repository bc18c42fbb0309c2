# The site's general settings, the one set there is, are imported as general.
terraform import stack_platform_admin_settings.site general
