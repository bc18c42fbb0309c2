# An SSH key is imported by its ID, sshkey- and 16 characters, in the
# provider's default organization, or by <ORGANIZATION>/<SSH KEY ID>. The
# platform never returns the key: the next plan stores the configured one.
terraform import stack_platform_ssh_key.deploy sshkey-6p5RiCe5CRjBmsGt
terraform import stack_platform_ssh_key.deploy acme/sshkey-6p5RiCe5CRjBmsGt
