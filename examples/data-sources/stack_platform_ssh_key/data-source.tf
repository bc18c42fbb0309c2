# A key by its name, in the provider's default organization.
data "stack_platform_ssh_key" "deploy" {
  name = "modules-deploy-key"
}

output "deploy_key_id" {
  value = data.stack_platform_ssh_key.deploy.id
}
