# The self-hosted edition only, with a site administrator's token. The
# settings left out stay as the site has them; destroying the resource leaves
# the settings as the last apply set them.
resource "stack_platform_admin_settings" "site" {
  plan_timeout                = "1h"
  apply_timeout               = "6h"
  api_rate_limit              = 60
  default_remote_state_access = false
}
