# A notification configuration is imported by its ID, nc- and 16
# characters (Terraform 1.5+ import block). The platform never returns the
# token: an import leaves it out of the state.
import {
  to = stack_platform_notification_configuration.slack
  id = "nc-6p5RiCe5CRjBmsGt"
}
