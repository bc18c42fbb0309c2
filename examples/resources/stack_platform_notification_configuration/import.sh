# A notification configuration is imported by its ID, nc- and 16
# characters. The platform never returns the token: an import leaves it
# out of the state.
terraform import stack_platform_notification_configuration.slack nc-6p5RiCe5CRjBmsGt
