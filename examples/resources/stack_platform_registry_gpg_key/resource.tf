variable "release_signing_key" {
  type        = string
  description = "The ASCII-armored public key that signs the organization's provider releases: gpg --armor --export <KEY ID>."
}

# The key of the provider's default organization's private registry. Its ID
# is the key ID that a release of a private provider names.
resource "stack_platform_registry_gpg_key" "releases" {
  ascii_armor = var.release_signing_key
}

output "release_key_id" {
  value = stack_platform_registry_gpg_key.releases.id
}
