# A registry provider is imported by <ORGANIZATION>/<REGISTRY NAME>/<NAMESPACE>/<NAME>,
# or by its ID, prov- and 16 characters (Terraform 1.5+ import block).
import {
  to = stack_platform_registry_provider.aws
  id = "acme/public/hashicorp/aws"
}
