# Version 1.2.0 of the private module acme/network/aws is deprecated: the
# registry shows it so, with the reason and the link, until this resource
# is destroyed.
resource "stack_platform_registry_module_version_deprecation" "network_1_2_0" {
  module_name     = "network"
  module_provider = "aws"
  version         = "1.2.0"
  reason          = "1.2.0 opens the database's port to the world: use 1.2.1."
  link            = "https://example.com/modules/network/releases/1.2.1"
}
