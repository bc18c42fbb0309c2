# A registry module is imported by
# <ORGANIZATION>/<REGISTRY NAME>/<NAMESPACE>/<NAME>/<PROVIDER>/<MODULE ID>, the older
# <ORGANIZATION>/<NAME>/<PROVIDER>/<MODULE ID> of a private module, or its ID, mod- and 16
# characters (Terraform 1.5+ import block).
import {
  to = stack_platform_registry_module.network
  id = "acme/private/acme/network/aws/mod-6p5RiCe5CRjBmsGt"
}
