# A GPG key is imported by <ORGANIZATION>/<KEY ID>, the key ID's 16
# hexadecimal digits (Terraform 1.5+ import block).
import {
  to = stack_platform_registry_gpg_key.releases
  id = "acme/32966F3FB5AC1129"
}
