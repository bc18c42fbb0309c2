# A version's deprecation is imported by <ORGANIZATION>/<MODULE NAME>/<MODULE PROVIDER>/<VERSION>
# (Terraform 1.5+ import block).
import {
  to = stack_platform_registry_module_version_deprecation.network_1_2_0
  id = "acme/network/aws/1.2.0"
}
