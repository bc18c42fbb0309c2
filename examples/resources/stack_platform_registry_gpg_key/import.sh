# A GPG key is imported by <ORGANIZATION>/<KEY ID>, the key ID's 16
# hexadecimal digits.
terraform import stack_platform_registry_gpg_key.releases acme/32966F3FB5AC1129
