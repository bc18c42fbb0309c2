variable "deploy_key" {
  description = "The private SSH key's text."
  type        = string
  sensitive   = true
  ephemeral   = true
}

# The key through its write-only twin: it never enters the plan or the
# state. Change key_wo_version to replace the SSH key with a new key.
resource "stack_platform_ssh_key" "deploy" {
  name           = "modules-deploy-key"
  key_wo         = var.deploy_key
  key_wo_version = 1
}
