# The service's global sync configuration. It is a singleton: declare it once,
# in the configuration whose provider talks to the root or `admin` namespace.
# Destroying this resource gives the service its defaults back.
resource "stack_secrets_sync_config" "this" {
  # Set to true to pause sync: secrets are no longer sent to destinations, and
  # associations made meanwhile wait as PENDING until sync is enabled again.
  disabled = false

  # Maximum number of operations that may wait in the service's queue.
  queue_capacity = 500000
}
