# The outputs of the network workspace, read for this run only: the
# database's password never reaches this configuration's plan or state.
ephemeral "stack_platform_outputs" "network" {
  workspace = "network"
}

# A second provider of the platform that acts with a token the network
# workspace's apply made: the address and the organization come from
# STACK_PLATFORM_ADDR and STACK_PLATFORM_ORGANIZATION, as for the provider
# without alias.
provider "stack" {
  alias = "deployer"
  platform {
    token = ephemeral.stack_platform_outputs.network.values.deployer_token
  }
}

resource "stack_platform_workspace" "app" {
  provider = stack.deployer
  name     = "app"
}
