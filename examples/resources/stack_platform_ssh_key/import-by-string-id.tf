# An SSH key is imported by its ID, sshkey- and 16 characters, in the
# provider's default organization, or by <ORGANIZATION>/<SSH KEY ID>
# (Terraform 1.5+ import block).
import {
  to = stack_platform_ssh_key.deploy
  id = "acme/sshkey-6p5RiCe5CRjBmsGt"
}
