# A private module of the provider's default organization, whose versions
# are uploaded through the API: Terraform finds it as
# <HOST>/acme/network/aws once a version is published.
resource "stack_platform_registry_module" "network" {
  name            = "network"
  module_provider = "aws"
}

# A private module published from a repository's main branch, whose name
# and provider come from the repository's name, terraform-aws-vpc; its
# tests run on each change of the branch.
variable "oauth_token_id" {
  type = string
}

resource "stack_platform_registry_module" "vpc" {
  vcs_repo = {
    identifier     = "acme/terraform-aws-vpc"
    oauth_token_id = var.oauth_token_id
    branch         = "main"
  }
  initial_version = "1.0.0"
  test_config = {
    tests_enabled = true
  }
}

# The organization's copy of a module of the public registry.
resource "stack_platform_registry_module" "consul" {
  registry_name   = "public"
  namespace       = "hashicorp"
  name            = "consul"
  module_provider = "aws"
}
